import { describe, expect, it } from 'vitest';
import { flowReducer, initialFlowState, type FlowAction, type FlowState } from './flow-state';
import { testOperator, testTopupResult } from '@/testing/builders';

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

  it('a number detection cannot place goes on with the operator the customer chose, none recorded as detected', () => {
    const glo = testOperator({ operatorId: 7, name: 'Glo Nigeria' });
    const state = run(
      { type: 'countrySelected', country: nigeria },
      { type: 'phoneChanged', phone: '07001234567' },
      { type: 'operatorChosen', operator: glo },
    );
    expect(state).toMatchObject({ step: 'amount', operator: glo, detectedOperatorId: null, amount: null });
    expect(run({ type: 'countrySelected', country: nigeria }, { type: 'operatorChosen', operator: glo }).step).toBe('recipient');
  });

  it('changing a wrong detection on the amount step keeps the detected operator for the order and starts the amounts again', () => {
    const detected = testOperator();
    const glo = testOperator({ operatorId: 7, name: 'Glo Nigeria' });
    const state = run(...toReview, { type: 'backToAmounts' }, { type: 'operatorChosen', operator: glo });
    expect(state).toMatchObject({ step: 'amount', operator: glo, detectedOperatorId: detected.operatorId, amount: null, orderKey: null });
    expect(flowReducer(state, { type: 'changeNumber' }).detectedOperatorId).toBeNull();
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

  it('a restored recipient without an amount starts the recipient step from that country and number', () => {
    const state = run(...toReview, { type: 'recipientRestored', recipient: { country: nigeria, phone: '08031234567' } });
    expect(state).toMatchObject({ step: 'recipient', country: nigeria, phone: '08031234567', operator: null, amount: null });
  });

  it('a saved amount is chosen once the detected operator offers it', () => {
    const restored = run({ type: 'recipientRestored', recipient: { country: nigeria, phone: '08031234567', amountCents: 1000 } });
    expect(restored).toMatchObject({ step: 'recipient', country: nigeria, phone: '08031234567', amount: null });
    expect(flowReducer(restored, { type: 'operatorDetected', operator: testOperator() })).toMatchObject({
      step: 'amount',
      amount: { usdCents: 1000, localAmount: 15000 },
      preferredAmountCents: null,
    });
    const notOffered = run({ type: 'recipientRestored', recipient: { country: nigeria, phone: '08031234567', amountCents: 1234 } });
    expect(flowReducer(notOffered, { type: 'operatorDetected', operator: testOperator() })).toMatchObject({ step: 'amount', amount: null });
    const otherCountry = flowReducer(restored, { type: 'countrySelected', country: { ...nigeria, code: 'GH' } });
    expect(flowReducer(otherCountry, { type: 'operatorDetected', operator: testOperator() }).amount).toBeNull();
  });

  it('a restored recipient with its operator opens the amounts, the saved amount chosen', () => {
    const state = run({
      type: 'recipientRestored',
      recipient: { country: nigeria, phone: '08031234567', operator: testOperator(), amountCents: 500 },
    });
    expect(state).toMatchObject({ step: 'amount', operator: { operatorId: 341 }, amount: { usdCents: 500, localAmount: 7500 } });
  });

  it('reset clears everything', () => {
    expect(run(...toReview, { type: 'reset' })).toEqual(initialFlowState);
  });

  it('needs a country before an operator, and an operator before an amount', () => {
    expect(run({ type: 'operatorDetected', operator: testOperator() })).toEqual(initialFlowState);
    expect(run({ type: 'amountChosen', amount: { usdCents: 100, localAmount: null } })).toEqual(initialFlowState);
  });
});

const intent = { clientSecret: 'pi_1_secret', paymentIntentId: 'pi_1', orderId: 'order-1', amount: '10.00', fee: '0.63', totalAmount: '10.63' };
const toPayment: FlowAction[] = [...toReview, { type: 'intentRequested', orderKey: 'key-1' }, { type: 'intentCreated', intent }];
const delivered = testTopupResult({ deliveredAmount: 15000 });
const refusal = new Error('This number was topped up less than 2 minutes ago.');

describe('the checkout (docs/product.md §4)', () => {
  it('a refused intent goes back to the review keeping the order key, unless the order was closed', () => {
    const refused = run(...toReview, { type: 'intentRequested', orderKey: 'key-1' }, { type: 'intentFailed', refusal });
    expect(refused).toMatchObject({ step: 'review', orderKey: 'key-1' });
    const closed = run(...toReview, { type: 'intentRequested', orderKey: 'key-1' }, { type: 'intentFailed', refusal, forgetOrderKey: true });
    expect(closed).toMatchObject({ step: 'review', orderKey: null });
  });

  it('the review keeps the refusal until the customer confirms again or changes the top-up', () => {
    const refused = run(...toReview, { type: 'intentRequested', orderKey: 'key-1' }, { type: 'intentFailed', refusal });
    expect(refused.refusal).toBe(refusal);
    expect(flowReducer(refused, { type: 'intentRequested', orderKey: 'key-1' }).refusal).toBeNull();
    expect(flowReducer(refused, { type: 'backToAmounts' }).refusal).toBeNull();
    expect(flowReducer(refused, { type: 'amountChosen', amount: { usdCents: 1500, localAmount: 22500 } }).refusal).toBeNull();
    expect(flowReducer(refused, { type: 'phoneChanged', phone: '08031234568' }).refusal).toBeNull();
    expect(flowReducer(refused, { type: 'changeNumber' }).refusal).toBeNull();
    expect(flowReducer(refused, { type: 'reset' }).refusal).toBeNull();
  });

  it('Confirm goes from review to processing with an order key, then to payment with the intent', () => {
    const processing = run(...toReview, { type: 'intentRequested', orderKey: 'key-1' });
    expect(processing).toMatchObject({ step: 'processing', orderKey: 'key-1', intent: null });
    expect(flowReducer(processing, { type: 'intentCreated', intent })).toMatchObject({ step: 'payment', intent, orderKey: 'key-1' });
  });

  it('a failed intent goes back to the review, and Confirm again keeps the order key', () => {
    const failed = run(...toReview, { type: 'intentRequested', orderKey: 'key-1' }, { type: 'intentFailed', refusal });
    expect(failed).toMatchObject({ step: 'review', orderKey: 'key-1' });
    expect(flowReducer(failed, { type: 'intentRequested', orderKey: 'key-2' }).orderKey).toBe('key-1');
  });

  it('Cancel in the payment form goes to the amounts and starts a new checkout next time', () => {
    const canceled = run(...toPayment, { type: 'paymentCanceled' });
    expect(canceled).toMatchObject({ step: 'amount', intent: null, orderKey: null });
    const again = flowReducer(flowReducer(canceled, { type: 'amountChosen', amount: { usdCents: 1000, localAmount: 15000 } }), {
      type: 'intentRequested',
      orderKey: 'key-2',
    });
    expect(again.orderKey).toBe('key-2');
  });

  it('choosing another amount is another checkout', () => {
    const failed = run(...toReview, { type: 'intentRequested', orderKey: 'key-1' }, { type: 'intentFailed', refusal }, { type: 'backToAmounts' });
    expect(flowReducer(failed, { type: 'amountChosen', amount: { usdCents: 1500, localAmount: 22500 } }).orderKey).toBeNull();
  });

  it('an authorised payment shows the result screen as pending, then the server result', () => {
    const pending = run(...toPayment, { type: 'topupRequested' });
    expect(pending).toMatchObject({ step: 'summary', outcome: { kind: 'pending' }, intent });
    const outcome = { kind: 'answered', result: delivered, alreadyCaptured: false } as const;
    expect(flowReducer(pending, { type: 'topupSettled', outcome })).toMatchObject({ step: 'summary', outcome });
  });

  it('ignores moves that do not belong to the current step', () => {
    const review = run(...toReview);
    expect(flowReducer(review, { type: 'intentCreated', intent })).toBe(review);
    expect(flowReducer(review, { type: 'paymentCanceled' })).toBe(review);
    expect(flowReducer(review, { type: 'topupSettled', outcome: { kind: 'refused', failure: { messageKey: 'x' } } })).toBe(review);
    expect(run({ type: 'intentRequested', orderKey: 'key-1' })).toEqual(initialFlowState);
  });
});

describe('returning from sign-in', () => {
  const topUp = { country: nigeria, phone: '0803-123-4567', operator: testOperator(), amount: { usdCents: 1000, localAmount: 15000 } };

  it('shows the restored top-up on its review, with what should follow by itself', () => {
    const state = run({ type: 'restored', topUp, continueWith: { kind: 'createIntent' } });
    expect(state).toMatchObject({ step: 'review', phone: '08031234567', country: nigeria, continueWith: { kind: 'createIntent' } });
    expect(flowReducer(state, { type: 'intentRequested', orderKey: 'key-1' }).continueWith).toBeNull();
  });

  it('keeps the checkout already started for a restored top-up: Confirm finds the same order', () => {
    const state = run({ type: 'restored', topUp: { ...topUp, orderKey: 'key-1' }, continueWith: { kind: 'createIntent' } });
    expect(flowReducer(state, { type: 'intentRequested', orderKey: 'key-2' }).orderKey).toBe('key-1');
  });

  it('a paid checkout resumes on the result screen, following its order', () => {
    const state = run({ type: 'checkoutResumed', topUp, paymentIntentId: 'pi_1', orderId: 'order-1' });
    expect(state).toMatchObject({
      step: 'summary',
      phone: '08031234567',
      outcome: { kind: 'unanswered', paymentIntentId: 'pi_1', orderId: 'order-1' },
    });
  });

  it('keeps a top-up to send even when the saved top-up is gone, and forgets it once sent', () => {
    const state = run({ type: 'restored', topUp: null, continueWith: { kind: 'processTopup', paymentIntentId: 'pi_1' } });
    expect(state).toMatchObject({ step: 'recipient', continueWith: { kind: 'processTopup', paymentIntentId: 'pi_1' } });
    expect(flowReducer(state, { type: 'topupRequested' })).toMatchObject({ step: 'summary', continueWith: null, outcome: { kind: 'pending' } });
  });
});
