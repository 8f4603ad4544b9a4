import type { OperatorInfo } from '@shared/api/catalog';
import { digitsOnly } from '@shared/phone-rules';
import type { AmountOption } from './amounts';
import type { SelectedCountry } from './country-selection';

/** The steps this flow shows; Payment and Done follow once the visitor is signed in. */
export type FlowStep = 'recipient' | 'amount' | 'review';

export interface FlowState {
  step: FlowStep;
  country: SelectedCountry | null;
  /** National number, digits only. */
  phone: string;
  operator: OperatorInfo | null;
  amount: AmountOption | null;
}

export type FlowAction =
  | { type: 'countrySelected'; country: SelectedCountry }
  | { type: 'countryCleared' }
  | { type: 'phoneChanged'; phone: string }
  | { type: 'operatorDetected'; operator: OperatorInfo }
  | { type: 'amountChosen'; amount: AmountOption }
  | { type: 'changeNumber' }
  | { type: 'backToAmounts' }
  | { type: 'restored'; country: SelectedCountry; phone: string; operator: OperatorInfo; amount: AmountOption }
  | { type: 'reset' };

export const initialFlowState: FlowState = { step: 'recipient', country: null, phone: '', operator: null, amount: null };

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'countrySelected':
      return { ...state, step: 'recipient', country: action.country, operator: null, amount: null };
    case 'countryCleared':
      return { ...state, step: 'recipient', country: null, operator: null, amount: null };
    case 'phoneChanged':
      return { ...state, phone: digitsOnly(action.phone) };
    case 'operatorDetected':
      return state.country ? { ...state, step: 'amount', operator: action.operator, amount: null } : state;
    case 'amountChosen':
      return state.operator ? { ...state, step: 'review', amount: action.amount } : state;
    case 'changeNumber':
      return { ...state, step: 'recipient', operator: null, amount: null };
    case 'backToAmounts':
      return state.operator ? { ...state, step: 'amount' } : state;
    case 'restored':
      return { step: 'review', country: action.country, phone: digitsOnly(action.phone), operator: action.operator, amount: action.amount };
    case 'reset':
      return initialFlowState;
  }
}
