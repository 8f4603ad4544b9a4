import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '@shared/api/catalog';
import type { TopUpPrice } from '@shared/pricing';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatLocalAmount, formatUsdCents, type AmountOption } from '../lib/amounts';
import type { SelectedCountry } from '../lib/country-selection';
import { useFocusOnMount } from '../use-focus-on-mount';
import { useUiLanguage } from '../use-ui-language';
import { RecipientSummary } from './recipient-summary';

interface ReviewStepProps {
  country: SelectedCountry;
  phone: string;
  operator: OperatorInfo;
  amount: AmountOption;
  /** Null while the fee configuration loads. */
  price: TopUpPrice | null;
  onCancel(): void;
  onConfirm(): void;
}

function Row({ label, testId, strong, children }: { label: string; testId: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-2', strong && 'border-t pt-3 text-base font-bold')}>
      <dt className={cn(!strong && 'text-muted-foreground')}>{label}</dt>
      <dd dir="ltr" className="text-end" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Step 4: the price summary (SPEC §2): You Pay, They Get, Service Fee, Total. */
export function ReviewStep({ country, phone, operator, amount, price, onCancel, onConfirm }: ReviewStepProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const pending = t('common.loading');
  return (
    <section aria-labelledby="review-step-title" className="flex flex-col gap-5">
      <h3 id="review-step-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('topup.review.title')}
      </h3>
      <div className="rounded-xl bg-muted p-3">
        <RecipientSummary country={country} phone={phone} operatorName={operator.name} />
      </div>
      <dl className="flex flex-col text-sm">
        <Row label={t('topup.amount.youPay')} testId="review-you-pay">
          {formatUsdCents(amount.usdCents)}
        </Row>
        <Row label={t('topup.amount.theyGet')} testId="review-they-get">
          {amount.localAmount === null
            ? operator.destinationCurrencyCode
            : formatLocalAmount(amount.localAmount, operator.destinationCurrencyCode, language)}
        </Row>
        <Row label={t('topup.review.serviceFee')} testId="review-service-fee">
          {price ? formatUsdCents(price.serviceFeeCents) : pending}
        </Row>
        <Row label={t('topup.review.total')} testId="review-total" strong>
          {price ? formatUsdCents(price.totalCents) : pending}
        </Row>
      </dl>
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="outline" size="lg" onClick={onCancel}>
          {t('topup.review.cancel')}
        </Button>
        <Button type="button" size="lg" disabled={!price} onClick={onConfirm}>
          {t('topup.review.confirm')}
        </Button>
      </div>
    </section>
  );
}
