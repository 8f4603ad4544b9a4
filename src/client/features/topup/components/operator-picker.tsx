import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '@shared/api/catalog';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { groupOperators, useOperators } from '../api/get-operators';

interface OperatorPickerProps {
  countryCode: string;
  /** The operator in use (the detected one on the amount step), checked at first; none when detection found none. */
  current: OperatorInfo | null;
  onChoose(operator: OperatorInfo): void;
  /** On the amount step: keep the current operator. */
  onCancel?(): void;
}

/** An operator's logo, or its initial where the provider has none (or the image fails). */
function OperatorLogo({ operator }: { operator: OperatorInfo }) {
  const [failed, setFailed] = useState(false);
  if (operator.logoUrl && !failed) {
    return (
      <img
        src={operator.logoUrl}
        alt=""
        width={32}
        height={32}
        className="size-8 shrink-0 rounded bg-white object-contain"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded bg-muted font-semibold text-muted-foreground">
      {operator.name.charAt(0)}
    </span>
  );
}

/**
 * The country's operators to choose from (ADR 055): one radio group, in fieldsets for Airtime, Data and PIN where the
 * provider sells them, each with its logo and name; arrow keys move within it, as in any radio group.
 */
export function OperatorPicker({ countryCode, current, onChoose, onCancel }: OperatorPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const operators = useOperators(countryCode);
  const [checked, setChecked] = useState<number | null>(current?.operatorId ?? null);
  const chosen = operators.data?.find((operator) => operator.operatorId === checked) ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onChoose(chosen);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-xl border p-3" data-testid="operator-picker" aria-labelledby={`${name}-title`}>
      <h3 id={`${name}-title`} className="font-semibold">
        {t('topup.operator.chooseTitle')}
      </h3>
      {operators.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('topup.operator.loading')}
        </p>
      ) : operators.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          {t('topup.operator.loadFailed')}
          <Button type="button" size="sm" variant="outline" onClick={() => operators.refetch()}>
            {t('topup.operator.retry')}
          </Button>
        </div>
      ) : (
        <div className="flex max-h-80 flex-col gap-3 overflow-y-auto">
          {groupOperators(operators.data).map(({ group, operators: inGroup }) => (
            <fieldset key={group} className="flex flex-col gap-1.5">
              <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t(`topup.operator.groups.${group}`)}
              </legend>
              {inGroup.map((operator) => (
                <label
                  key={operator.operatorId}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-lg border p-2 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    checked === operator.operatorId ? 'border-primary bg-primary/5' : 'hover:bg-muted',
                  )}
                  data-testid="operator-option"
                >
                  <input
                    type="radio"
                    name={name}
                    value={operator.operatorId}
                    checked={checked === operator.operatorId}
                    onChange={() => setChecked(operator.operatorId)}
                    className="size-4 accent-primary"
                  />
                  <OperatorLogo operator={operator} />
                  <span dir="auto" className="min-w-0 break-words">
                    {operator.name}
                  </span>
                </label>
              ))}
            </fieldset>
          ))}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!chosen} data-testid="operator-continue">
          {chosen ? t('topup.operator.continueWith', { name: chosen.name }) : t('topup.operator.continue')}
        </Button>
        {onCancel && current && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('topup.operator.keep', { name: current.name })}
          </Button>
        )}
      </div>
    </form>
  );
}
