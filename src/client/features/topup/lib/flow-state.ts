import type { OperatorInfo } from '@shared/api/catalog';
import { digitsOnly } from '@shared/phone-rules';
import type { CheckoutIntent } from '@/features/topup/payment/api/create-payment-intent';
import type { TopupOutcome } from '@/features/topup/payment/lib/topup-outcome';
import type { AmountOption } from './amounts';
import type { SelectedCountry } from './country-selection';
import type { RestoredTopUp } from './restore-params';

/**
 * The view states of SPEC §4: review → processing (the payment intent is being created) → payment → summary (the
 * result screen, from 'Processing Top-up' to the server's final status).
 */
export type FlowStep = 'recipient' | 'amount' | 'review' | 'processing' | 'payment' | 'summary';

/** What happens by itself after a return from sign-in (SPEC §4 post-auth cases). */
export type AfterSignIn = { kind: 'createIntent' } | { kind: 'processTopup'; paymentIntentId: string };

export interface FlowState {
  step: FlowStep;
  country: SelectedCountry | null;
  /** National number, digits only. */
  phone: string;
  operator: OperatorInfo | null;
  amount: AmountOption | null;
  /** Set at the first Confirm of a checkout; a retried Confirm for the same top-up sends it again and finds the same order. */
  orderKey: string | null;
  intent: CheckoutIntent | null;
  /** Why the last Confirm was refused; the review shows it until the customer confirms again or changes the top-up. */
  refusal: Error | null;
  /** The result screen's content once the top-up is requested. */
  outcome: TopupOutcome | null;
  /** Waiting to run once the restored top-up is on screen. */
  afterSignIn: AfterSignIn | null;
}

export type FlowAction =
  | { type: 'countrySelected'; country: SelectedCountry }
  | { type: 'countryCleared' }
  | { type: 'phoneChanged'; phone: string }
  | { type: 'operatorDetected'; operator: OperatorInfo }
  | { type: 'amountChosen'; amount: AmountOption }
  | { type: 'changeNumber' }
  | { type: 'backToAmounts' }
  | { type: 'restored'; topUp: RestoredTopUp | null; afterSignIn: AfterSignIn | null }
  | { type: 'recipientRestored'; country: SelectedCountry; phone: string }
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
  amount: null,
  orderKey: null,
  intent: null,
  refusal: null,
  outcome: null,
  afterSignIn: null,
};

/** A new top-up or a changed one is a new checkout: it gets a new order key at its first Confirm. */
const newCheckout = { orderKey: null, intent: null, refusal: null, outcome: null } as const;

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'countrySelected':
      return { ...state, ...newCheckout, step: 'recipient', country: action.country, operator: null, amount: null };
    case 'countryCleared':
      return { ...state, ...newCheckout, step: 'recipient', country: null, operator: null, amount: null };
    case 'phoneChanged':
      return { ...state, ...newCheckout, phone: digitsOnly(action.phone) };
    case 'operatorDetected':
      return state.country ? { ...state, ...newCheckout, step: 'amount', operator: action.operator, amount: null } : state;
    case 'amountChosen':
      return state.operator ? { ...state, ...newCheckout, step: 'review', amount: action.amount } : state;
    case 'changeNumber':
      return { ...state, ...newCheckout, step: 'recipient', operator: null, amount: null };
    case 'backToAmounts':
      return state.operator ? { ...state, step: 'amount', refusal: null } : state;
    case 'recipientRestored':
      return { ...initialFlowState, country: action.country, phone: digitsOnly(action.phone) };
    case 'restored':
      if (!action.topUp) return { ...state, afterSignIn: action.afterSignIn };
      return {
        ...initialFlowState,
        step: 'review',
        ...action.topUp,
        phone: digitsOnly(action.topUp.phone),
        afterSignIn: action.afterSignIn,
      };
    case 'intentRequested':
      if (state.step !== 'review' || !state.operator || !state.amount) return state;
      return { ...state, step: 'processing', orderKey: state.orderKey ?? action.orderKey, refusal: null, afterSignIn: null };
    case 'intentCreated':
      return state.step === 'processing' ? { ...state, step: 'payment', intent: action.intent } : state;
    case 'intentFailed':
      if (state.step !== 'processing') return state;
      // A closed order cannot be paid again: the next Confirm starts a new one.
      return { ...state, step: 'review', refusal: action.refusal, ...(action.forgetOrderKey ? { orderKey: null } : {}) };
    case 'paymentCanceled':
      return state.step === 'payment' ? { ...state, ...newCheckout, step: 'amount' } : state;
    case 'topupRequested':
      return { ...state, step: 'summary', outcome: { kind: 'pending' }, afterSignIn: null };
    case 'topupSettled':
      return state.step === 'summary' ? { ...state, outcome: action.outcome } : state;
    case 'reset':
      return initialFlowState;
  }
}
