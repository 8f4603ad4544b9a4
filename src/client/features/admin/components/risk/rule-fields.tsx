import { useTranslation } from 'react-i18next';
import { Plus, Trash2, X } from 'lucide-react';
import { RISK_ACTIONS, RISK_SIGNAL_NAMES, RISK_SIGNALS, type RiskAction, type RiskComparison, type RiskSignalName } from '@shared/api/risk';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label, NativeSelect } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { comparisonsOf, MAX_CONDITIONS, startingValue, type ConditionDraft, type RuleDraft } from '../../lib/rule-drafts';

interface RuleFieldsProps {
  draft: RuleDraft;
  index: number;
  /** The form's id: every field's id starts with it and ends with the server's path of the field. */
  formId: string;
  /** The message at a field, by its path (`rules.2.when.0.value`), as the page's checks or the server found it. */
  problemAt: (path: string) => string | undefined;
  onChange: (draft: RuleDraft) => void;
  onRemove: () => void;
}

/** A field's id, aria-invalid and descriptions, from its path. */
function fieldAttributes(formId: string, path: string, problem: string | undefined, hint = false) {
  const id = `${formId}-${path}`;
  const describedBy = [hint ? `${id}-hint` : '', problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': problem ? true : undefined, 'aria-describedby': describedBy || undefined, 'data-field': path };
}

/** One condition: a signal, a comparison, and a value of the signal's kind (a box, or a list when there are few). */
function ConditionFields({
  condition,
  path,
  formId,
  problem,
  onChange,
  onRemove,
  canRemove,
  number,
}: {
  condition: ConditionDraft;
  path: string;
  formId: string;
  problem: string | undefined;
  onChange: (condition: ConditionDraft) => void;
  onRemove: () => void;
  canRemove: boolean;
  number: number;
}) {
  const { t } = useTranslation();
  const kind = RISK_SIGNALS[condition.signal];
  const valuePath = `${path}.value`;
  const value = fieldAttributes(formId, valuePath, problem, true);
  const hint =
    kind.type === 'number'
      ? t('admin.rules.valueRange', { min: kind.min, max: kind.max })
      : kind.type === 'country'
        ? t('admin.rules.valueCountry')
        : t('admin.rules.valueChoice');
  const setSignal = (signal: RiskSignalName) => {
    const ops = comparisonsOf(signal);
    onChange({ signal, op: ops.includes(condition.op) ? condition.op : ops[0]!, value: startingValue(signal) });
  };
  return (
    <fieldset
      className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-start"
      data-testid="rule-condition"
    >
      <legend className="sr-only">{t('admin.rules.conditionNumber', { number })}</legend>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={`${formId}-${path}.signal`}>{t('admin.rules.signal')}</Label>
        <NativeSelect
          {...fieldAttributes(formId, `${path}.signal`, undefined)}
          value={condition.signal}
          onChange={(event) => setSignal(event.target.value as RiskSignalName)}
          data-testid="rule-signal"
        >
          {RISK_SIGNAL_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(`admin.risk.signals.${name}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={`${formId}-${path}.op`}>{t('admin.rules.comparison')}</Label>
        <NativeSelect
          {...fieldAttributes(formId, `${path}.op`, undefined)}
          value={condition.op}
          onChange={(event) => onChange({ ...condition, op: event.target.value as RiskComparison })}
          data-testid="rule-op"
        >
          {comparisonsOf(condition.signal).map((op) => (
            <option key={op} value={op}>
              {t(`admin.rules.ops.${op}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <Label htmlFor={value.id}>{t('admin.rules.value')}</Label>
        {kind.type === 'boolean' || kind.type === 'word' ? (
          <NativeSelect
            {...value}
            value={condition.value}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
            data-testid="rule-value"
          >
            {(kind.type === 'boolean' ? ['true', 'false'] : kind.values).map((choice) => (
              <option key={choice} value={choice}>
                {kind.type === 'boolean' ? t(choice === 'true' ? 'admin.risk.yes' : 'admin.risk.no') : choice}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <Input
            {...value}
            value={condition.value}
            onChange={(event) => onChange({ ...condition, value: event.target.value })}
            inputMode={kind.type === 'number' ? 'numeric' : undefined}
            maxLength={kind.type === 'country' ? 2 : 12}
            autoComplete="off"
            dir="ltr"
            className={cn('text-start', kind.type === 'country' && 'uppercase')}
            data-testid="rule-value"
          />
        )}
        <p id={`${value.id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
        <FieldError id={`${value.id}-error`}>{problem}</FieldError>
      </div>
      <div className="flex sm:pt-6">
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} disabled={!canRemove} data-testid="rule-condition-remove">
          <X aria-hidden="true" />
          <span className="sm:sr-only">{t('admin.rules.removeCondition', { number })}</span>
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * One rule of the editor: on or off, what it does, its description, and up to four conditions over the signals that
 * must all hold. Every field carries the server's path, so a refusal naming it is shown at it.
 */
export function RuleFields({ draft, index, formId, problemAt, onChange, onRemove }: RuleFieldsProps) {
  const { t } = useTranslation();
  const path = `rules.${index}`;
  const described = (field: string, hint = false) => fieldAttributes(formId, `${path}.${field}`, problemAt(`${path}.${field}`), hint);
  const setCondition = (at: number, condition: ConditionDraft) =>
    onChange({ ...draft, when: draft.when.map((was, i) => (i === at ? condition : was)) });
  const addCondition = () => {
    const signal: RiskSignalName = 'orderTotalCents';
    onChange({ ...draft, when: [...draft.when, { signal, op: 'gte', value: startingValue(signal) }] });
  };
  const headingId = `${formId}-${path}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-3 rounded-xl border p-3 sm:p-4', !draft.enabled && 'bg-muted/50')}
      data-testid="rule"
      data-rule-id={draft.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-mono text-sm font-semibold break-all" dir="ltr" translate="no">
          {draft.id || t('admin.rules.newRule')}
        </h3>
        <div className="flex items-center gap-2">
          <input
            id={`${formId}-${path}.enabled`}
            type="checkbox"
            checked={draft.enabled}
            onChange={(event) => onChange({ ...draft, enabled: event.target.checked })}
            className="size-4 accent-[var(--color-primary)]"
            data-testid="rule-enabled"
          />
          <Label htmlFor={`${formId}-${path}.enabled`}>{t('admin.rules.enabled')}</Label>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem]">
        {draft.isNew && (
          <div className="flex min-w-0 flex-col gap-1 sm:col-span-2">
            <Label htmlFor={`${formId}-${path}.id`}>{t('admin.rules.id')}</Label>
            <Input
              {...described('id', true)}
              value={draft.id}
              onChange={(event) => onChange({ ...draft, id: event.target.value })}
              autoComplete="off"
              dir="ltr"
              className="text-start font-mono"
              data-testid="rule-id"
            />
            <p id={`${formId}-${path}.id-hint`} className="text-xs text-muted-foreground">
              {t('admin.rules.idHint')}
            </p>
            <FieldError id={`${formId}-${path}.id-error`}>{problemAt(`${path}.id`)}</FieldError>
          </div>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={`${formId}-${path}.description`}>{t('admin.rules.description')}</Label>
          <Input
            {...described('description')}
            value={draft.description}
            onChange={(event) => onChange({ ...draft, description: event.target.value })}
            maxLength={200}
            dir="auto"
            data-testid="rule-description"
          />
          <FieldError id={`${formId}-${path}.description-error`}>{problemAt(`${path}.description`)}</FieldError>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor={`${formId}-${path}.action`}>{t('admin.rules.action')}</Label>
          <NativeSelect
            {...described('action')}
            value={draft.action}
            onChange={(event) => onChange({ ...draft, action: event.target.value as RiskAction })}
            data-testid="rule-action"
          >
            {RISK_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`admin.risk.actions.${action}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <p className="text-sm font-medium">{t('admin.rules.when')}</p>
      {draft.when.map((condition, at) => (
        <ConditionFields
          key={at}
          condition={condition}
          path={`${path}.when.${at}`}
          formId={formId}
          problem={problemAt(`${path}.when.${at}.value`) ?? problemAt(`${path}.when.${at}.op`) ?? problemAt(`${path}.when.${at}.signal`)}
          onChange={(next) => setCondition(at, next)}
          onRemove={() => onChange({ ...draft, when: draft.when.filter((_, i) => i !== at) })}
          canRemove={draft.when.length > 1}
          number={at + 1}
        />
      ))}
      <FieldError id={`${formId}-${path}.when-error`}>{problemAt(`${path}.when`)}</FieldError>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={addCondition}
          disabled={draft.when.length >= MAX_CONDITIONS}
          data-testid="rule-condition-add"
        >
          <Plus aria-hidden="true" />
          {t('admin.rules.addCondition')}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} data-testid="rule-remove">
          <Trash2 aria-hidden="true" />
          {t('admin.rules.removeRule')}
        </Button>
      </div>
    </section>
  );
}
