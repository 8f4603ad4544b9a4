import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { InlineError } from '@/components/ui/inline-error';
import { apiErrorText } from '@/lib/api-error-text';
import { useCheckPromoCode, type AppliedPromoCode } from '../api/check-promo-code';

interface PromoCodeFieldProps {
  countryCode: string;
  operatorId: number;
  amountCents: number;
  applied: AppliedPromoCode | null;
  onApplied(promo: AppliedPromoCode | null): void;
}

/**
 * The review's "Promo code" (ADR 067): Apply asks the server for its price with the code; a refusal is shown in place,
 * beside the field, in the customer's language. Remove goes back to the price without it.
 */
export function PromoCodeField({ countryCode, operatorId, amountCents, applied, onApplied }: PromoCodeFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState(applied?.code ?? '');
  const check = useCheckPromoCode();

  const apply = (event: React.FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return;
    check.mutate({ code: typed, countryCode, operatorId, amount: formatUsd(amountCents) }, { onSuccess: onApplied });
  };

  if (applied) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed p-3 text-sm" data-testid="promo-applied">
        <span>{t('topup.review.promo.applied', { code: applied.code })}</span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            check.reset();
            onApplied(null);
          }}
        >
          {t('topup.review.promo.remove')}
        </Button>
      </div>
    );
  }
  const errorId = `${id}-error`;
  return (
    <form className="flex flex-col gap-2" onSubmit={apply} noValidate>
      <Label htmlFor={id}>{t('topup.review.promo.label')}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={check.isError}
          aria-describedby={check.isError ? errorId : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            if (check.isError) check.reset();
          }}
          data-testid="promo-code-input"
        />
        <Button type="submit" variant="outline" disabled={check.isPending || !typed.trim()} data-testid="promo-code-apply">
          {t('topup.review.promo.apply')}
        </Button>
      </div>
      {check.isError && (
        <div id={errorId}>
          <InlineError testId="promo-code-error">{apiErrorText(t, check.error)}</InlineError>
        </div>
      )}
    </form>
  );
}
