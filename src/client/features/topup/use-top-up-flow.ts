import { useMemo, useReducer } from 'react';
import type { OperatorInfo } from '@shared/api/catalog';
import type { AmountOption } from './lib/amounts';
import type { SelectedCountry } from './lib/country-selection';
import { flowReducer, initialFlowState } from './lib/flow-state';
import type { RestoredTopUp } from './lib/restore-params';

/** The state of the top-up flow and the moves between its steps. */
export function useTopUpFlow() {
  const [state, dispatch] = useReducer(flowReducer, initialFlowState);
  const actions = useMemo(
    () => ({
      selectCountry: (country: SelectedCountry) => dispatch({ type: 'countrySelected', country }),
      clearCountry: () => dispatch({ type: 'countryCleared' }),
      changePhone: (phone: string) => dispatch({ type: 'phoneChanged', phone }),
      operatorDetected: (operator: OperatorInfo) => dispatch({ type: 'operatorDetected', operator }),
      chooseAmount: (amount: AmountOption) => dispatch({ type: 'amountChosen', amount }),
      changeNumber: () => dispatch({ type: 'changeNumber' }),
      backToAmounts: () => dispatch({ type: 'backToAmounts' }),
      restore: (restored: RestoredTopUp) => dispatch({ type: 'restored', ...restored }),
      reset: () => dispatch({ type: 'reset' }),
    }),
    [],
  );
  return { state, ...actions };
}
