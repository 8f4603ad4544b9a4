import type { OperatorInfo } from '@shared/api/catalog';
import { digitsOnly } from '@shared/phone-rules';
import type { CheckoutIntent } from '@/features/topup/payment/api/create-payment-intent';
import type { TopupOutcome } from '@/features/topup/payment/lib/topup-outcome';
import { amountOptions, type AmountOption } from './amounts';
import type { SelectedCountry } from './country-selection';
import type { AutoContinue, RestoredRecipient, RestoredTopUp } from './restored-top-up';

/**
 * The view states of docs/product.md §4: review → processing (the payment intent is being created) → payment → summary (the
 * result screen, from 'Processing Top-up' to the server's final status).
 */
export type FlowStep = 'recipient' | 'amount' | 'review' | 'processing' | 'payment' | 'summary';

export interface FlowState {
  step: FlowStep;
  country: SelectedCountry | null;
  /** National number, digits only. */
  phone: string;
  /** The operator the amounts are for: the detected one, or the one the customer chose instead (ADR 055). */
  operator: OperatorInfo | null;
  /** The operator detection found for this number; null when it found none. Sent with the checkout, which records it. */
  detectedOperatorId: number | null;
  amount: AmountOption | null;
  /** Set at the first Confirm of a checkout; a retried Confirm for the same top-up sends it again and finds the same order. */
  orderKey: string | null;
  intent: CheckoutIntent | null;
  /** Why the last Confirm was refused; the review shows it until the customer confirms again or changes the top-up. */
  refusal: Error | null;
  /** The result screen's content once the top-up is requested. */
  outcome: TopupOutcome | null;
  /** A saved amount waiting for the operator: chosen at once when the detected operator offers it. */
  preferredAmountCents: number | null;
  /** Waiting to run once the restored top-up is on screen. */
  continueWith: AutoContinue | null;
}

export type FlowAction =
  | { type: 'countrySelected'; country: SelectedCountry }
  | { type: 'countryCleared' }
  | { type: 'phoneChanged'; phone: string }
  | { type: 'operatorDetected'; operator: OperatorInfo }
  | { type: 'operatorChosen'; operator: OperatorInfo }
  | { type: 'amountChosen'; amount: AmountOption }
  | { type: 'changeNumber' }
  | { type: 'backToAmounts' }
  | { type: 'restored'; topUp: RestoredTopUp | null; continueWith: AutoContinue | null }
  | { type: 'recipientRestored'; recipient: RestoredRecipient }
  | { type: 'checkoutResumed'; topUp: RestoredTopUp; paymentIntentId: string; orderId: string }
  | { type: 'intentRequested'; orderKey: string }
  | { type: 'intentCreated'; intent: CheckoutIntent }
  | { type: 'intentFailed'; refusal: Error; forgetOrderKey?: boolean }
  | { type: 'paymentCanceled' }
  | { type: 'topupRequested' }
  | { type: 'topupSettled'; outcome: Exclude<TopupOutcome, { kind: 'pending' }> }
  | { type: 'reset' };

export const initialFlowState: FlowState = {
  step: 'recipient',
  country: null,
  phone: '',
  operator: null,
  detectedOperatorId: null,
  amount: null,
  orderKey: null,
  intent: null,
  refusal: null,
  outcome: null,
  preferredAmountCents: null,
  continueWith: null,
};

/** A new top-up or a changed one is a new checkout: it gets a new order key at its first Confirm. */
const newCheckout = { orderKey: null, intent: null, refusal: null, outcome: null } as const;

/** The operator's amount card for a saved amount, when it still offers it. */
function offeredAmount(operator: OperatorInfo, usdCents: number | null): AmountOption | null {
  return usdCents === null ? null : (amountOptions(operator).find((option) => option.usdCents === usdCents) ?? null);
}

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'countrySelected':
      return {
        ...state,
        ...newCheckout,
        step: 'recipient',
        country: action.country,
        operator: null,
        detectedOperatorId: null,
        amount: null,
        preferredAmountCents: null,
      };
    case 'countryCleared':
      return {
        ...state,
        ...newCheckout,
        step: 'recipient',
        country: null,
        operator: null,
        detectedOperatorId: null,
        amount: null,
        preferredAmountCents: null,
      };
    case 'phoneChanged':
      return { ...state, ...newCheckout, phone: digitsOnly(action.phone) };
    case 'operatorDetected':
      if (!state.country) return state;
      return {
        ...state,
        ...newCheckout,
        step: 'amount',
        operator: action.operator,
        detectedOperatorId: action.operator.operatorId,
        amount: offeredAmount(action.operator, state.preferredAmountCents),
        preferredAmountCents: null,
      };
    case 'operatorChosen':
      // Detection found none (the error stays on the recipient step) or the customer corrects it on the amount step.
      if (!state.country || !state.phone) return state;
      return {
        ...state,
        ...newCheckout,
        step: 'amount',
        operator: action.operator,
        detectedOperatorId: state.step === 'amount' ? state.detectedOperatorId : null,
        amount: offeredAmount(action.operator, state.preferredAmountCents),
        preferredAmountCents: null,
      };
    case 'amountChosen':
      return state.operator ? { ...state, ...newCheckout, step: 'review', amount: action.amount } : state;
    case 'changeNumber':
      return { ...state, ...newCheckout, step: 'recipient', operator: null, detectedOperatorId: null, amount: null };
    case 'backToAmounts':
      return state.operator ? { ...state, step: 'amount', refusal: null } : state;
    case 'recipientRestored': {
      const { country, phone, operator, amountCents } = action.recipient;
      const restored = { ...initialFlowState, country, phone: digitsOnly(phone), preferredAmountCents: amountCents ?? null };
      // With the operator saved too, the amounts open at once, the saved amount chosen when it is still offered.
      if (!operator || !restored.phone) return restored;
      return { ...restored, step: 'amount', operator, amount: offeredAmount(operator, restored.preferredAmountCents), preferredAmountCents: null };
    }
    case 'checkoutResumed':
      return {
        ...initialFlowState,
        ...action.topUp,
        phone: digitsOnly(action.topUp.phone),
        step: 'summary',
        outcome: { kind: 'unanswered', paymentIntentId: action.paymentIntentId, orderId: action.orderId },
      };
    case 'restored':
      if (!action.topUp) return { ...state, continueWith: action.continueWith };
      return {
        ...initialFlowState,
        step: 'review',
        ...action.topUp,
        phone: digitsOnly(action.topUp.phone),
        continueWith: action.continueWith,
      };
    case 'intentRequested':
      if (state.step !== 'review' || !state.operator || !state.amount) return state;
      return { ...state, step: 'processing', orderKey: state.orderKey ?? action.orderKey, refusal: null, continueWith: null };
    case 'intentCreated':
      return state.step === 'processing' ? { ...state, step: 'payment', intent: action.intent } : state;
    case 'intentFailed':
      if (state.step !== 'processing') return state;
      // A closed order cannot be paid again: the next Confirm starts a new one.
      return { ...state, step: 'review', refusal: action.refusal, ...(action.forgetOrderKey ? { orderKey: null } : {}) };
    case 'paymentCanceled':
      return state.step === 'payment' ? { ...state, ...newCheckout, step: 'amount' } : state;
    case 'topupRequested':
      return { ...state, step: 'summary', outcome: { kind: 'pending' }, continueWith: null };
    case 'topupSettled':
      return state.step === 'summary' ? { ...state, outcome: action.outcome } : state;
    case 'reset':
      return initialFlowState;
  }
}
