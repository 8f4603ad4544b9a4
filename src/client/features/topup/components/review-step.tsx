import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorInfo } from '@shared/api/catalog';
import type { TopUpPrice } from '@shared/pricing';
import type { ReviewDiscount } from '../api/referral-price';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { OperatorOffer } from '@/components/operator-offer';
import { promotionsForReview } from '@shared/promotions';
import { useRunningPromotions } from '@/lib/promotions';
import { apiErrorText } from '@/lib/api-error-text';
import { formatUsdCents, theyGetText, type AmountOption } from '../lib/amounts';
import type { SelectedCountry } from '../lib/country-selection';
import { useFocusOnMount } from '../use-focus-on-mount';
import { useUiLanguage } from '../use-ui-language';
import { LazyRecipientSummary } from './lazy-recipient-summary';
import { DescriptionRow } from '@/components/ui/description-row';
import { RetryCountdown, retryWaitOf, useSecondsLeft } from '@/components/retry-countdown';

interface ReviewStepProps {
  country: SelectedCountry;
  phone: string;
  operator: OperatorInfo;
  amount: AmountOption;
  /** Null while the fee configuration loads. */
  price: TopUpPrice | null;
  /** Why the last Confirm was refused, if it was. */
  refusal: Error | null;
  /**
   * The server's price with an applied promo code (ADR 067) or a friend's welcome discount, and the referral credit
   * (ADR 070): their lines, and the total they leave.
   */
  discount?: ReviewDiscount | null;
  /** The promo code's field (signed-in customers). */
  promoField?: ReactNode;
  onCancel(): void;
  onConfirm(): void;
}

/** Step 4: the price summary (docs/product.md §2): You Pay, They Get, Service Fee, Total. */
export function ReviewStep({ country, phone, operator, amount, price, refusal, discount, promoField, onCancel, onConfirm }: ReviewStepProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const pending = t('common.loading');
  const promotions = promotionsForReview(useRunningPromotions(operator.country.isoName), operator.operatorId, amount.usdCents, new Date());
  // A refusal for too many attempts says when Confirm works again, and Confirm waits until then.
  const retryWait = refusal ? retryWaitOf(refusal) : undefined;
  const waitSeconds = useSecondsLeft(retryWait);
  return (
    <section aria-labelledby="review-step-title" className="flex flex-col gap-5">
      <h3 id="review-step-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {t('topup.review.title')}
      </h3>
      <div className="rounded-xl bg-muted p-3">
        <LazyRecipientSummary country={country} phone={phone} operatorName={operator.name} />
      </div>
      <dl className="flex flex-col text-sm">
        <DescriptionRow ltr label={t('topup.amount.youPay')} testId="review-you-pay">
          {formatUsdCents(amount.usdCents)}
        </DescriptionRow>
        <DescriptionRow ltr label={t('topup.amount.theyGet')} testId="review-they-get">
          <bdi>{theyGetText(amount, operator, language, t)}</bdi>
        </DescriptionRow>
        <DescriptionRow ltr label={t('topup.review.serviceFee')} testId="review-service-fee">
          {price ? formatUsdCents(price.serviceFeeCents) : pending}
        </DescriptionRow>
        {discount && discount.discountCents > 0 && (
          <DescriptionRow ltr label={t(discount.welcome ? 'topup.review.promo.welcome' : 'topup.review.promo.discount')} testId="review-discount">
            −{formatUsdCents(discount.discountCents)}
          </DescriptionRow>
        )}
        {discount && discount.creditCents > 0 && (
          <DescriptionRow ltr label={t('topup.review.promo.credit')} testId="review-credit">
            −{formatUsdCents(discount.creditCents)}
          </DescriptionRow>
        )}
        <DescriptionRow ltr label={t('topup.review.total')} testId="review-total" strong>
          {discount ? formatUsdCents(discount.totalCents) : price ? formatUsdCents(price.totalCents) : pending}
        </DescriptionRow>
      </dl>
      <OperatorOffer promotions={promotions} language={language} />
      {promoField}
      {refusal && (
        <div className="flex flex-col gap-2">
          <InlineError testId="review-error">{apiErrorText(t, refusal)}</InlineError>
          {retryWait && <RetryCountdown seconds={waitSeconds} />}
        </div>
      )}
      <div className="grid grid-cols-2 gap-3">
        <Button type="button" variant="outline" size="lg" onClick={onCancel}>
          {t('topup.review.cancel')}
        </Button>
        <Button type="button" size="lg" disabled={!price || waitSeconds > 0} onClick={onConfirm} data-testid="review-confirm">
          {t('topup.review.confirm')}
        </Button>
      </div>
    </section>
  );
}
