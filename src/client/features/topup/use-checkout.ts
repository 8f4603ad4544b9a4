import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { POST_AUTH_INTENT_DELAY_MS, POST_AUTH_TOPUP_DELAY_MS } from '@shared/constants';
import { formatUsd, type TopUpPrice } from '@shared/pricing';
import { ROUTES } from '@shared/routes';
import type { CreatePaymentIntentBody, CreatePaymentIntentResponse } from '@shared/api/orders';
import {
  checkoutIntentOf,
  createPaymentIntent,
  PaymentIntentError,
  useCreatePaymentIntent,
  type PaymentMethodChoice,
} from '@/features/topup/payment/api/create-payment-intent';
import { requestTopup } from '@/features/topup/payment/lib/topup-outcome';
import { useAccount } from '@/lib/account';
import { clearPendingAction } from '@/lib/pending-action';
import { toast } from '@/lib/toast';
import { priceConfigQueryOptions } from './api/get-price-config';
import { buildPendingTopUp, markPaymentAuthorised, saveCheckout, savePendingTopUp } from './lib/pending-top-up';
import type { useTopUpFlow } from './use-top-up-flow';
import type { AppliedPromoCode } from './api/check-promo-code';
import type { ReviewDiscount } from './api/referral-price';

type Flow = ReturnType<typeof useTopUpFlow>;

/**
 * Confirm and what follows it (docs/product.md §4): visitors sign in first; signed-in payers get a payment intent (processing →
 * payment, or back to the review with the reason); an authorised payment sends the top-up and the result screen
 * follows it. Returns from sign-in that ask for it create the intent or send the top-up by themselves.
 */
export function useCheckout(
  flow: Flow,
  price: TopUpPrice | null,
  isSignedIn: boolean,
  promo: AppliedPromoCode | null = null,
  referral: ReviewDiscount | null = null,
) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, refresh } = useAccount();
  const createIntent = useCreatePaymentIntent();
  const queryClient = useQueryClient();
  const { state } = flow;

  /** Saves the top-up and the action to resume, then sends the visitor to sign in (docs/product.md §4). */
  const signInFirst = () => {
    if (state.country && state.operator && state.amount && price) {
      savePendingTopUp(
        buildPendingTopUp({ country: state.country, phone: state.phone, operator: state.operator, amount: state.amount, price, now: Date.now() }),
      );
    }
    navigate(`${ROUTES.auth}?returnTo=topup`);
  };

  /** What the checkout call sends for this top-up under `orderKey`; null while the top-up is incomplete. */
  const checkoutBody = (orderKey: string): CreatePaymentIntentBody | null => {
    const { country, operator, amount, phone } = state;
    if (!country || !operator || !amount) return null;
    return {
      amount: formatUsd(amount.usdCents),
      ...(user?.email ? { email: user.email } : {}),
      orderKey,
      operatorId: operator.operatorId,
      ...(state.detectedOperatorId !== null ? { detectedOperatorId: state.detectedOperatorId } : {}),
      countryCode: country.code,
      phone,
      ...(price ? { fee: formatUsd(price.serviceFeeCents), totalAmount: formatUsd(price.totalCents) } : {}),
      // The welcome discount and credit the review showed (ADR 070): the server prices them again and must find this total.
      ...(referral ? { totalAmount: formatUsd(referral.totalCents) } : {}),
      // The server prices the code again; the total shown with it is the one it must find (ADR 067).
      ...(promo ? { promoCode: promo.code, totalAmount: formatUsd(promo.totalCents) } : {}),
    };
  };

  /**
   * The payment step chose how to pay (a saved card, or saving this one): the same checkout is sent again with the
   * choice (ADR 063), which changes its unpaid payment and is not counted as a new checkout.
   */
  const choosePaymentMethod = async (choice: PaymentMethodChoice): Promise<CreatePaymentIntentResponse> => {
    const body = state.orderKey ? checkoutBody(state.orderKey) : null;
    if (!body) throw new PaymentIntentError('Failed to create payment intent', 'payment.intent.failed');
    return createPaymentIntent({ ...body, ...choice });
  };

  const confirm = () => {
    const { country, operator, amount, phone } = state;
    if (!country || !operator || !amount) return;
    if (!isSignedIn) {
      if (!price) return;
      toast({ title: t('topup.review.authTitle'), description: t('topup.review.authBody') });
      signInFirst();
      return;
    }
    const orderKey = state.orderKey ?? crypto.randomUUID();
    flow.requestIntent(orderKey);
    createIntent.mutate(
      { ...checkoutBody(orderKey)!, saveCard: false },
      {
        onSuccess: (answer) => {
          // Kept with its order while it is paid: a reload, a lost answer or 'Try again' after a declined redirect find it.
          if (price) {
            const checkout = { orderKey, orderId: answer.orderId, paymentIntentId: answer.paymentIntentId, authorised: false };
            saveCheckout({ ...buildPendingTopUp({ country, phone, operator, amount, price, now: Date.now() }), checkout });
          }
          flow.intentCreated(checkoutIntentOf(answer));
        },
        onError: (error) => {
          flow.intentFailed(error, error instanceof PaymentIntentError && error.code === 'ORDER_CLOSED');
          if (error instanceof PaymentIntentError && error.sessionExpired) {
            toast({ title: t('auth.expiredTitle'), description: t('payment.intent.loginAgain'), variant: 'destructive' });
            void refresh();
            signInFirst();
            return;
          }
          // The fees changed since the review was priced: load them again so the review shows the server's total.
          if (error instanceof PaymentIntentError && error.code === 'PRICE_CHANGED')
            void queryClient.invalidateQueries({ queryKey: priceConfigQueryOptions().queryKey });
          // The review shows why, beside Confirm (ADR 065): no toast over it.
        },
      },
    );
  };

  /** The payment is authorised: the result screen shows 'Processing Top-up' until the server says how it ended. */
  const sendTopup = async (paymentIntentId: string) => {
    const { country, operator, amount, phone, intent } = state;
    markPaymentAuthorised(paymentIntentId, Date.now());
    flow.requestTopup();
    const outcome = await requestTopup(
      {
        paymentIntentId,
        operatorId: operator?.operatorId,
        operatorName: operator?.name,
        amountCents: amount?.usdCents,
        countryCode: country?.code,
        phone: phone || undefined,
      },
      {
        orderId: intent?.orderId,
        recipientPhone: country ? `${country.phoneCode} ${phone}` : undefined,
        operatorName: operator?.name,
        amountCents: amount?.usdCents,
      },
    );
    flow.topupSettled(outcome);
  };

  const continueRestored = useEffectEvent(() => {
    const next = state.continueWith;
    if (next?.kind === 'createIntent') confirm();
    else if (next?.kind === 'processTopup') void sendTopup(next.paymentIntentId);
  });

  useEffect(() => {
    if (!state.continueWith) return;
    const delay = state.continueWith.kind === 'createIntent' ? POST_AUTH_INTENT_DELAY_MS : POST_AUTH_TOPUP_DELAY_MS;
    const timer = setTimeout(() => continueRestored(), delay);
    return () => clearTimeout(timer);
  }, [state.continueWith]);

  /** Cancel in the payment form abandons this checkout: nothing of it is restored later. */
  const cancelPayment = () => {
    clearPendingAction();
    flow.cancelPayment();
  };

  return {
    confirm,
    choosePaymentMethod,
    sendTopup: (paymentIntentId: string) => void sendTopup(paymentIntentId),
    cancelPayment,
    receiptEmail: user?.email,
    userId: user?.id,
  };
}
