import { useMemo, useReducer } from 'react';
import type { OperatorInfo } from '@shared/api/catalog';
import type { CheckoutIntent } from '@/features/topup/payment/api/create-payment-intent';
import type { TopupOutcome } from '@/features/topup/payment/lib/topup-outcome';
import type { AmountOption } from './lib/amounts';
import type { SelectedCountry } from './lib/country-selection';
import { flowReducer, initialFlowState } from './lib/flow-state';
import type { AutoContinue, RestoredRecipient, RestoredTopUp } from './lib/restored-top-up';

/** The state of the top-up flow and the moves between its steps. */
export function useTopUpFlow() {
  const [state, dispatch] = useReducer(flowReducer, initialFlowState);
  const actions = useMemo(
    () => ({
      selectCountry: (country: SelectedCountry) => dispatch({ type: 'countrySelected', country }),
      clearCountry: () => dispatch({ type: 'countryCleared' }),
      changePhone: (phone: string) => dispatch({ type: 'phoneChanged', phone }),
      operatorDetected: (operator: OperatorInfo) => dispatch({ type: 'operatorDetected', operator }),
      chooseOperator: (operator: OperatorInfo) => dispatch({ type: 'operatorChosen', operator }),
      chooseAmount: (amount: AmountOption) => dispatch({ type: 'amountChosen', amount }),
      changeNumber: () => dispatch({ type: 'changeNumber' }),
      backToAmounts: () => dispatch({ type: 'backToAmounts' }),
      restore: (topUp: RestoredTopUp | null, continueWith: AutoContinue | null) => dispatch({ type: 'restored', topUp, continueWith }),
      restoreRecipient: (recipient: RestoredRecipient) => dispatch({ type: 'recipientRestored', recipient }),
      resumeCheckout: (topUp: RestoredTopUp, checkout: { paymentIntentId: string; orderId: string }) =>
        dispatch({ type: 'checkoutResumed', topUp, ...checkout }),
      requestIntent: (orderKey: string) => dispatch({ type: 'intentRequested', orderKey }),
      intentCreated: (intent: CheckoutIntent) => dispatch({ type: 'intentCreated', intent }),
      intentFailed: (refusal: Error, forgetOrderKey = false) => dispatch({ type: 'intentFailed', refusal, forgetOrderKey }),
      cancelPayment: () => dispatch({ type: 'paymentCanceled' }),
      requestTopup: () => dispatch({ type: 'topupRequested' }),
      topupSettled: (outcome: Exclude<TopupOutcome, { kind: 'pending' }>) => dispatch({ type: 'topupSettled', outcome }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [],
  );
  return { state, ...actions };
}
