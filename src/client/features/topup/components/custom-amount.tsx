import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '@shared/api/catalog';
import { toCents } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { keepLeftToRight } from '../payment/lib/bidi';
import { amountOption, checkCustomAmount, formatUsdCents, theyGetText, type AmountOption, type PriceOf } from '../lib/amounts';
import { useUiLanguage } from '../use-ui-language';

/** A RANGE operator also takes any USD amount between its bounds. */
export function CustomAmount({
  operator,
  priceOf,
  onSendNow,
}: {
  operator: OperatorInfo;
  /** The review's pricing, for the total of the amount typed; null while the fees load. */
  priceOf: PriceOf | null;
  onSendNow(amount: AmountOption): void;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const [text, setText] = useState('');
  const check = checkCustomAmount(text, operator);
  // Each amount kept whole inside the sentence, as the totals are: "$1.00", never "1.00$" in Arabic.
  const bounds = {
    min: keepLeftToRight(formatUsdCents(toCents(operator.minAmount ?? 0)), language),
    max: operator.maxAmount === null ? '' : keepLeftToRight(formatUsdCents(toCents(operator.maxAmount)), language),
  };
  const error =
    check.ok || check.reason === 'empty' ? null : t(check.reason === 'range' ? 'topup.amount.outOfRange' : 'topup.amount.invalid', bounds);
  const option = check.ok ? amountOption(operator, check.usdCents) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (option) onSendNow(option);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-xl border border-dashed p-4">
      <Label htmlFor="custom-amount">{t('topup.amount.custom')}</Label>
      <p id="custom-amount-hint" className="text-xs text-muted-foreground">
        {t('topup.amount.range', bounds)}
      </p>
      <div className="flex gap-2">
        <div className="relative flex-1" dir="ltr">
          <span className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-sm text-muted-foreground">$</span>
          <Input
            id="custom-amount"
            inputMode="decimal"
            autoComplete="off"
            className="ps-7"
            value={text}
            onChange={(event) => setText(event.target.value.replace(/[^\d.]/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'custom-amount-hint custom-amount-error' : 'custom-amount-hint'}
          />
        </div>
        <Button type="submit" disabled={!check.ok}>
          {t('topup.amount.sendNow')}
        </Button>
      </div>
      {option && (option.localAmount !== null || option.plan) && (
        <p className="text-sm" data-testid="custom-they-get">
          {t('topup.amount.theyGet')}:{' '}
          <strong>
            <bdi>{theyGetText(option, operator, language, t)}</bdi>
          </strong>
        </p>
      )}
      {option && priceOf && (
        <p className="text-sm" data-testid="custom-total">
          {t('topup.amount.totalWithFees')}:{' '}
          <strong>
            <bdi>{formatUsdCents(priceOf(option.usdCents).totalCents)}</bdi>
          </strong>
        </p>
      )}
      <FieldError id="custom-amount-error">{error ?? undefined}</FieldError>
    </form>
  );
}
