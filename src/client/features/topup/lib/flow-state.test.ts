import { describe, expect, it } from 'vitest';
import { flowReducer, initialFlowState, type FlowAction, type FlowState } from './flow-state';
import { testOperator } from './test-data';

const nigeria = { code: 'NG', name: 'Nigeria', flag: '/flags/ng.svg', phoneCode: '+234' };
const run = (...actions: FlowAction[]): FlowState => actions.reduce(flowReducer, initialFlowState);
const toReview: FlowAction[] = [
  { type: 'countrySelected', country: nigeria },
  { type: 'phoneChanged', phone: '0803 123-4567' },
  { type: 'operatorDetected', operator: testOperator() },
  { type: 'amountChosen', amount: { usdCents: 1000, localAmount: 15000 } },
];

describe('the top-up flow', () => {
  it('goes from recipient to amount to review, keeping the phone as digits', () => {
    const state = run(...toReview);
    expect(state.step).toBe('review');
    expect(state.phone).toBe('08031234567');
    expect(state.amount).toEqual({ usdCents: 1000, localAmount: 15000 });
  });

  it('Cancel on the review goes back to the amounts', () => {
    expect(run(...toReview, { type: 'backToAmounts' }).step).toBe('amount');
  });

  it('changing the number goes back to the recipient and forgets the operator', () => {
    const state = run(...toReview, { type: 'changeNumber' });
    expect(state).toMatchObject({ step: 'recipient', operator: null, amount: null, phone: '08031234567', country: nigeria });
  });

  it('clearing the country forgets the operator and amount', () => {
    expect(run(...toReview, { type: 'countryCleared' })).toMatchObject({ step: 'recipient', country: null, operator: null, amount: null });
  });

  it('reset clears everything', () => {
    expect(run(...toReview, { type: 'reset' })).toEqual(initialFlowState);
  });

  it('needs a country before an operator, and an operator before an amount', () => {
    expect(run({ type: 'operatorDetected', operator: testOperator() })).toEqual(initialFlowState);
    expect(run({ type: 'amountChosen', amount: { usdCents: 100, localAmount: null } })).toEqual(initialFlowState);
  });
});
