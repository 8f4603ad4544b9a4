import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { priceTopUp } from '@shared/pricing';
import { apiErrorText } from '@/lib/api-error-text';
import { QueryProvider } from '@/lib/query-provider';
import { toast } from '@/lib/toast';
import { useDetectOperator } from '@/lib/operator-detection';
import { useFeeConfig } from './api/use-fee-config';
import { AmountStep } from './components/amount-step';
import { BusyStep } from './components/busy-step';
import { RecipientStep } from './components/recipient-step';
import { ReviewStep } from './components/review-step';
import { TopUpSteps } from './components/top-up-steps';
import { useCheckout } from './use-checkout';
import { usePrefill, type Prefill } from './use-prefill';
import { useResetFromUrl } from './use-reset-from-url';
import { useRestore } from './use-restore';
import { useTopUpFlow } from './use-top-up-flow';

/** Payment and the result load only when the flow reaches them: Stripe and confetti stay out of the home page's code. */
const PaymentStep = lazy(() => import('@/features/topup/payment/payment-step').then((module) => ({ default: module.PaymentStep })));
const TopupResult = lazy(() => import('@/features/topup/payment/topup-result').then((module) => ({ default: module.TopupResult })));

function LazyStep({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return <Suspense fallback={<BusyStep label={t('common.loading')} />}>{children}</Suspense>;
}

interface TopUpFlowProps {
  isSignedIn: boolean;
  /** A number to start from (a request link), in place of a saved top-up. */
  prefill?: Prefill;
}

/** The top-up flow of the home page, with the data cache it needs (it loads lazily, after the first paint). */
export function TopUpFlow(props: TopUpFlowProps) {
  return (
    <QueryProvider>
      <TopUpFlowSteps {...props} />
    </QueryProvider>
  );
}

function TopUpFlowSteps({ isSignedIn, prefill }: TopUpFlowProps) {
  const { t } = useTranslation();
  const flow = useTopUpFlow();
  const { state } = flow;
  const detection = useDetectOperator();
  const { feeConfig, isLoading: feesLoading } = useFeeConfig({ enabled: state.step !== 'recipient' });
  useResetFromUrl(flow.reset);
  const restoring = useRestore(flow, { ignoreSaved: prefill !== undefined });
  usePrefill(prefill, flow.restoreRecipient);

  const price = useMemo(
    () => (state.amount && !feesLoading ? priceTopUp(state.amount.usdCents, feeConfig) : null),
    [state.amount, feeConfig, feesLoading],
  );

  const detect = () => {
    if (!state.country) return;
    detection.mutate(
      { phone: state.phone, countryCode: state.country.code },
      {
        onSuccess: flow.operatorDetected,
        // What the customer typed stays; the reason shows beside the number as well, which takes the focus.
        onError: (error) => {
          toast({ title: t('topup.errors.title'), description: apiErrorText(t, error, 'topup.errors.detectFailed'), variant: 'destructive' });
        },
      },
    );
  };

  const checkout = useCheckout(flow, price, isSignedIn);

  return (
    <div className="flex flex-col gap-6">
      <TopUpSteps current={state.step} />
      {restoring ? (
        <BusyStep label={t('topup.restoring')} />
      ) : state.step === 'summary' && state.outcome ? (
        <LazyStep>
          <TopupResult outcome={state.outcome} amountPaid={state.intent?.totalAmount} />
        </LazyStep>
      ) : state.step === 'recipient' || !state.country || !state.operator ? (
        <RecipientStep
          country={state.country}
          phone={state.phone}
          detecting={detection.isPending}
          onCountrySelected={flow.selectCountry}
          onCountryCleared={flow.clearCountry}
          onPhoneChange={(phone) => {
            detection.reset();
            flow.changePhone(phone);
          }}
          onNext={detect}
          detectionError={detection.error ? apiErrorText(t, detection.error, 'topup.errors.detectFailed') : null}
        />
      ) : state.step === 'amount' || !state.amount ? (
        <AmountStep
          country={state.country}
          phone={state.phone}
          operator={state.operator}
          chosen={state.amount}
          onSendNow={flow.chooseAmount}
          onChangeNumber={flow.changeNumber}
        />
      ) : state.step === 'processing' ? (
        <BusyStep label={t('payment.preparing')} />
      ) : state.step === 'payment' && state.intent ? (
        <LazyStep>
          <PaymentStep
            intent={state.intent}
            receiptEmail={checkout.receiptEmail}
            onAuthorised={checkout.sendTopup}
            onCancel={checkout.cancelPayment}
          />
        </LazyStep>
      ) : (
        <ReviewStep
          country={state.country}
          phone={state.phone}
          operator={state.operator}
          amount={state.amount}
          price={price}
          refusal={state.refusal}
          onCancel={flow.backToAmounts}
          onConfirm={checkout.confirm}
        />
      )}
    </div>
  );
}
