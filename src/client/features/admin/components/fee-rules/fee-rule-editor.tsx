import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { FeeRule } from '@shared/api/admin-fee-rules';
import { rangeParams, SETTING_RULES } from '@shared/api/admin-settings';
import type { FeeConfig } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { feeRuleOperatorsQueryOptions, saveFeeRule } from '../../api/fee-rules';
import { feesInForce, feesOf, ruleOf } from '../../lib/fee-rules';
import { LoadError, Loading } from '../query-state';
import { SettingsForm } from '../settings-form';
import { RulePreview } from './rule-preview';

/** The fees of one scope, as the settings form edits them; a refused save reports every rule (`rules`). */
interface RuleGroup {
  version: number;
  airtimeFeePercent: string;
  standardFee: string;
  rules?: FeeRule[];
}

interface Scope {
  countryCode: string;
  operatorId: number | null;
}

/** Choose a country, then the whole country or one of its operators, then set the fees with their preview. */
export function FeeRuleEditor({ version, rules, global }: { version: number; rules: FeeRule[]; global: FeeConfig }) {
  const { t } = useTranslation();
  const id = useId();
  const [typedCountry, setTypedCountry] = useState('');
  const [countryCode, setCountryCode] = useState<string | null>(null);
  const [operatorId, setOperatorId] = useState<number | null>(null);
  const operators = useQuery({ ...feeRuleOperatorsQueryOptions(countryCode ?? ''), enabled: countryCode !== null });

  const chooseCountry = (event: FormEvent) => {
    event.preventDefault();
    setCountryCode(typedCountry.trim().toUpperCase());
    setOperatorId(null);
  };

  const scope: Scope | null = countryCode && operators.data ? { countryCode, operatorId } : null;
  const withoutOwnRule = operators.data?.operators.filter((operator) => !ruleOf(rules, countryCode ?? '', operator.operatorId)) ?? [];
  const priced = operatorId === null ? withoutOwnRule : (operators.data?.operators.filter((operator) => operator.operatorId === operatorId) ?? []);
  const existing = scope ? ruleOf(rules, scope.countryCode, scope.operatorId) : undefined;
  const start = existing ?? (operatorId === null ? ruleOf(rules, countryCode ?? '', null) : undefined);

  return (
    <div className="flex flex-col gap-4" data-testid="fee-rule-editor">
      <form onSubmit={chooseCountry} className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-country`}>{t('admin.corridors.countryCode')}</Label>
          <Input
            id={`${id}-country`}
            className="w-28 uppercase"
            maxLength={2}
            autoComplete="off"
            dir="ltr"
            value={typedCountry}
            onChange={(event) => setTypedCountry(event.target.value.replace(/[^A-Za-z]/g, ''))}
            data-testid="fee-rule-country"
          />
        </div>
        <Button type="submit" variant="outline" disabled={typedCountry.trim().length !== 2}>
          {t('admin.corridors.showOperators')}
        </Button>
        {operators.data && (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-operator`}>{t('admin.corridors.operator')}</Label>
            <select
              id={`${id}-operator`}
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value={operatorId ?? ''}
              onChange={(event) => setOperatorId(event.target.value === '' ? null : Number(event.target.value))}
              data-testid="fee-rule-operator"
            >
              <option value="">{t('admin.corridors.wholeCountry')}</option>
              {operators.data.operators.map((operator) => (
                <option key={operator.operatorId} value={operator.operatorId}>
                  {operator.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </form>
      {countryCode &&
        !operators.data &&
        (operators.isError ? <LoadError error={operators.error} onRetry={() => void operators.refetch()} /> : <Loading />)}
      {scope && (
        <SettingsForm<'airtimeFeePercent' | 'standardFee', RuleGroup>
          // A form per scope. Not per version: the form follows the version its own saves answer (and a 409 says when
          // someone else saved), and a new key after its own save would take away the "saved" it has just said.
          key={`${scope.countryCode}:${scope.operatorId}`}
          id="fee-rule-edit"
          title={t(scope.operatorId === null ? 'admin.corridors.editCountry' : 'admin.corridors.editOperator', { country: scope.countryCode })}
          inputs={[
            {
              name: 'airtimeFeePercent',
              label: t('admin.settings.pricing.airtimeFeeLabel'),
              hint: t('admin.settings.pricing.airtimeFeeHint', rangeParams(SETTING_RULES.airtimeFeePercent)),
            },
            {
              name: 'standardFee',
              label: t('admin.settings.pricing.standardFeeLabel'),
              hint: t('admin.settings.pricing.standardFeeHint', rangeParams(SETTING_RULES.standardFee)),
            },
          ]}
          initial={{ version, airtimeFeePercent: start?.airtimeFeePercent ?? '', standardFee: start?.standardFee ?? '' }}
          valuesOf={(group) => ({ airtimeFeePercent: group.airtimeFeePercent, standardFee: group.standardFee })}
          save={async (values, savedOn) => {
            const answer = await saveFeeRule({ ...values, ...scope, version: savedOn });
            return { version: answer.version, airtimeFeePercent: values.airtimeFeePercent, standardFee: values.standardFee };
          }}
          submitLabel={t('admin.corridors.save')}
          savedText={(saved) => t('admin.corridors.saved', { version: saved.version })}
          describe={(current) => {
            const rule = ruleOf(current.rules ?? [], scope.countryCode, scope.operatorId);
            return (
              <p className="text-sm" dir="ltr">
                {rule ? `${rule.airtimeFeePercent} % + $${rule.standardFee}` : t('admin.corridors.noRule')}
              </p>
            );
          }}
          preview={(values) => (
            <RulePreview
              operators={priced}
              currentFees={(operator) => feesInForce(rules, global, scope.countryCode, operator.operatorId)}
              next={feesOf(values.airtimeFeePercent, values.standardFee)}
            />
          )}
        />
      )}
    </div>
  );
}
