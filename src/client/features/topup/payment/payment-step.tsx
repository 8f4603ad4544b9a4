import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import type { CheckoutIntent } from './api/create-payment-intent';
import { usePaymentConfig } from './api/get-payment-config';
import { PaymentAccepted } from './components/payment-accepted';
import { SandboxPaymentForm } from './components/sandbox-payment-form';
import { TestModeNotice } from './components/test-mode-notice';
import type { PaymentFormProps } from './components/payment-form-props';
import { keepLeftToRight } from './lib/bidi';
import { formatDollars } from './lib/result-format';
import { usePaymentOutcome } from './use-payment-outcome';
import { useUiLanguage } from '../use-ui-language';
import { DescriptionRow } from '@/components/ui/description-row';

/** Stripe's libraries load only when the server pays through Stripe. */
const StripePaymentForm = lazy(() => import('./components/stripe-payment-form').then((module) => ({ default: module.StripePaymentForm })));

interface PaymentStepProps {
  intent: CheckoutIntent;
  receiptEmail: string | undefined;
  /** Called 100 ms after the payment is authorised, to send the top-up. */
  onAuthorised(paymentIntentId: string): void;
  onCancel(): void;
  /** The signed-in customer, whose saved cards are offered (ADR 063). */
  userId?: string;
  choosePaymentMethod?: PaymentFormProps['choosePaymentMethod'];
}

function Busy({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-40 flex-col items-center justify-center gap-3 text-sm text-muted-foreground">
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      {label}
    </div>
  );
}

/** Step 5 (docs/product.md §2): the server's price, then Stripe's Payment Element or the sandbox's look-alike, per the server. */
export function PaymentStep({ intent, receiptEmail, onAuthorised, onCancel, userId, choosePaymentMethod }: PaymentStepProps) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const heading = useRef<HTMLHeadingElement>(null);
  const config = usePaymentConfig();
  const outcome = usePaymentOutcome(onAuthorised);
  useEffect(() => heading.current?.focus(), []);

  const formProps = {
    intent,
    receiptEmail,
    payLabel: t('payment.pay', { amount: keepLeftToRight(formatDollars(intent.totalAmount), language) }),
    locked: outcome.authorised,
    errorKey: outcome.errorKey,
    onAttempt: outcome.settle,
    onUnexpectedError: outcome.failUnexpectedly,
    onEdit: outcome.clearError,
    onCancel,
    userId,
    choosePaymentMethod,
  };

  return (
    <section aria-labelledby="payment-step-title" className="flex flex-col gap-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id="payment-step-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {t('payment.title')}
        </h3>
        <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
          <Icon name="lock" className="size-3.5" />
          {t('payment.secure')}
        </span>
      </div>
      <dl className="flex flex-col gap-2 rounded-xl bg-muted p-3 text-sm">
        <DescriptionRow dense ltr label={t('topup.amount.youPay')} testId="payment-amount">
          {formatDollars(intent.amount)}
        </DescriptionRow>
        <DescriptionRow dense ltr label={t('topup.review.serviceFee')} testId="payment-fee">
          {formatDollars(intent.fee)}
        </DescriptionRow>
        <DescriptionRow dense ltr label={t('topup.review.total')} testId="payment-total" strong>
          {formatDollars(intent.totalAmount)}
        </DescriptionRow>
      </dl>
      {config.isPending ? (
        <Busy label={t('payment.loading')} />
      ) : config.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert" className="text-sm text-destructive">
            {t('payment.loadFailed')}
          </p>
          <div className="flex gap-3">
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('payment.cancel')}
            </Button>
            <Button type="button" onClick={() => void config.refetch()}>
              {t('common.tryAgain')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {config.data.testMode && <TestModeNotice />}
          {config.data.provider === 'stripe' && config.data.publishableKey ? (
            <Suspense fallback={<Busy label={t('payment.loading')} />}>
              <StripePaymentForm publishableKey={config.data.publishableKey} {...formProps} />
            </Suspense>
          ) : (
            <SandboxPaymentForm {...formProps} />
          )}
        </>
      )}
      {outcome.accepted && <PaymentAccepted accepted={outcome.accepted} />}
      <p className="text-xs text-muted-foreground">{t('payment.chargedOnDelivery')}</p>
    </section>
  );
}
