import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount } from '@/lib/account';
import { apiErrorText } from '@/lib/api-error-text';
import { QueryProvider } from '@/lib/query-provider';
import { useDetectOperator } from '@/lib/operator-detection';
import { useFeeConfig } from './api/use-fee-config';
import { AmountStep } from './components/amount-step';
import { BusyStep } from './components/busy-step';
import { FlowNotice } from './components/flow-notice';
import { OperatorPicker } from './components/operator-picker';
import { RecipientStep } from './components/recipient-step';
import { ReviewStep } from './components/review-step';
import type { AppliedPromoCode } from './api/check-promo-code';
import { useReferralPrice, type ReviewDiscount } from './api/referral-price';
import { TopUpSteps } from './components/top-up-steps';
import type { SelectedCountry } from './lib/country-selection';
import { useCheckout } from './use-checkout';
import { usePrefill, type Prefill } from './use-prefill';
import { useRecipientFill } from './use-recipient-fill';
import { useResetFromUrl } from './use-reset-from-url';
import { useRestore } from './use-restore';
import { useTopUpFlow } from './use-top-up-flow';

/** Payment and the result load only when the flow reaches them: Stripe and confetti stay out of the home page's code. */
const PaymentStep = lazy(() => import('@/features/topup/payment/payment-step').then((module) => ({ default: module.PaymentStep })));
const PromoCodeField = lazy(() => import('./components/promo-code-field').then((module) => ({ default: module.PromoCodeField })));
const TopupResult = lazy(() => import('@/features/topup/payment/topup-result').then((module) => ({ default: module.TopupResult })));
/** Only signed-in customers have saved recipients: a visitor never downloads their list. */
const SavedRecipientPicks = lazy(() =>
  import('@/features/topup/components/saved-recipient-picks').then((module) => ({ default: module.SavedRecipientPicks })),
);

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
  const { priceOf: corridorPriceOf, isLoading: feesLoading } = useFeeConfig({
    enabled: state.step !== 'recipient',
    operator: state.operator ?? null,
  });
  useResetFromUrl(flow.reset);
  const { restoring, notice, dismissNotice } = useRestore(flow, { ignoreSaved: prefill !== undefined });
  // The notice belongs to the step the top-up came back on: it goes once the customer moves on.
  const noticeStep = notice === 'restored' ? 'review' : 'recipient';
  useEffect(() => {
    if (notice !== null && state.step !== noticeStep) dismissNotice();
  }, [notice, noticeStep, state.step, dismissNotice]);
  usePrefill(prefill, flow.restoreRecipient);

  // One pricing for the amount cards and the review, as the server prices the checkout: the cards' totals are the review's.
  const priceOf = useMemo(() => (feesLoading ? null : (usdCents: number) => corridorPriceOf(usdCents)!), [corridorPriceOf, feesLoading]);
  const price = useMemo(() => (state.amount && priceOf ? priceOf(state.amount.usdCents) : null), [state.amount, priceOf]);

  const { mutate: detectOperator, reset: resetDetection } = detection;
  const { operatorDetected } = flow;
  const detectFor = useCallback(
    (country: SelectedCountry, phone: string) => {
      detectOperator(
        { phone, countryCode: country.code },
        {
          // A failure is told once, beside the number, which takes the focus; what the customer typed stays (ADR 065).
          onSuccess: operatorDetected,
        },
      );
    },
    [detectOperator, operatorDetected],
  );
  const detect = () => {
    if (state.country) detectFor(state.country, state.phone);
  };
  const { restoreRecipient } = flow;
  const fillRecipient = useRecipientFill(
    useCallback(
      (recipient: Parameters<typeof restoreRecipient>[0]) => {
        resetDetection();
        restoreRecipient(recipient);
      },
      [resetDetection, restoreRecipient],
    ),
    detectFor,
    // A request from elsewhere never replaces a checkout under way or a result on screen: it waits for a new top-up.
    !restoring && (state.step === 'recipient' || state.step === 'amount' || state.step === 'review'),
  );
  const { user } = useAccount();

  // A promo code holds for the operator and amount it was applied to (ADR 067).
  const [appliedPromo, setAppliedPromo] = useState<AppliedPromoCode | null>(null);
  const promo =
    appliedPromo && appliedPromo.operatorId === state.operator?.operatorId && appliedPromo.amountCents === state.amount?.usdCents
      ? appliedPromo
      : null;
  // Refer a friend (ADR 070): the welcome discount and credit the server gives this customer on this top-up.
  const referralPrice = useReferralPrice(
    isSignedIn && state.step === 'review' && state.country && state.operator && state.amount
      ? { countryCode: state.country.code, operatorId: state.operator.operatorId, amountCents: state.amount.usdCents }
      : null,
  );
  const referral = referralPrice.data ?? null;
  const discount: ReviewDiscount | null = promo ? { ...promo, welcome: false } : referral;
  const checkout = useCheckout(flow, price, isSignedIn, promo, referral);
  // 'Try Again' after a failed top-up: the same number and operator, on the amounts, to choose again.
  const { country: resultCountry, phone: resultPhone, operator: resultOperator } = state;
  const tryAgain = resultCountry
    ? () => restoreRecipient({ country: resultCountry, phone: resultPhone, ...(resultOperator ? { operator: resultOperator } : {}) })
    : undefined;

  return (
    <div className="flex flex-col gap-6">
      <TopUpSteps current={state.step} />
      {!restoring && notice !== null && state.step === noticeStep && <FlowNotice notice={notice} />}
      {restoring ? (
        <BusyStep label={t('topup.restoring')} />
      ) : state.step === 'summary' && state.outcome ? (
        <LazyStep>
          <TopupResult outcome={state.outcome} amountPaid={state.intent?.totalAmount} onTryAgain={tryAgain} />
        </LazyStep>
      ) : state.step === 'recipient' || !state.country || !state.operator ? (
        <>
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
            savedRecipients={
              isSignedIn && user ? (
                <Suspense fallback={null}>
                  <SavedRecipientPicks userId={user.id} disabled={detection.isPending} onPick={fillRecipient} />
                </Suspense>
              ) : null
            }
          />
          {detection.isError && state.country && (
            // Detection found no operator (ADR 055): the customer chooses one of the country's and goes on.
            <OperatorPicker key={state.country.code} countryCode={state.country.code} current={null} onChoose={flow.chooseOperator} />
          )}
        </>
      ) : state.step === 'amount' || !state.amount ? (
        <AmountStep
          country={state.country}
          phone={state.phone}
          operator={state.operator}
          priceOf={priceOf}
          chosen={state.amount}
          onSendNow={flow.chooseAmount}
          onChangeNumber={flow.changeNumber}
          onChooseOperator={flow.chooseOperator}
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
            userId={checkout.userId}
            choosePaymentMethod={checkout.choosePaymentMethod}
          />
        </LazyStep>
      ) : (
        <ReviewStep
          country={state.country}
          phone={state.phone}
          operator={state.operator}
          amount={state.amount}
          price={referralPrice.isLoading ? null : price}
          refusal={state.refusal}
          discount={discount}
          promoField={
            isSignedIn && (
              <Suspense fallback={null}>
                <PromoCodeField
                  countryCode={state.country.code}
                  operatorId={state.operator.operatorId}
                  amountCents={state.amount.usdCents}
                  applied={promo}
                  onApplied={setAppliedPromo}
                />
              </Suspense>
            )
          }
          onCancel={flow.backToAmounts}
          onConfirm={checkout.confirm}
        />
      )}
    </div>
  );
}
