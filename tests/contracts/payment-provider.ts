import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type CreatePaymentRequest,
  type Payment,
  type PaymentProvider,
  PaymentProviderError,
  type RefundRequest,
} from '../../src/server/payments/provider';
import { rejectionOf, thrownBy } from '../../src/server/testing/rejections';

/**
 * What a PaymentProvider promises the order code, whichever provider it is: payments authorised, then captured or
 * released (Stripe's PaymentIntents with manual capture underneath), their statuses in the order code's words,
 * Stripe's idempotency rules and error shapes, and Stripe's webhook signatures and events as neutral payment events. The sandbox provider
 * and the Stripe adapter (over the local Stripe fake) each run it, so the rules written in each are checked alike.
 */
export interface PaymentProviderSubject {
  provider: PaymentProvider;
  /** What the payer's browser does when a card authorises: the intent then waits for capture. */
  authorise(intent: Payment): Promise<void>;
  /** What the payer's browser does when the card is declined for insufficient funds. */
  declineForInsufficientFunds(intent: Payment): Promise<void>;
  /** Authorises with a card whose refunds fail (Stripe's test card 4000 0000 0000 5126). */
  authoriseWithFailingRefunds(intent: Payment): Promise<void>;
  /** The charge an authorised intent's payment made. */
  chargeIdOf(intent: Payment): Promise<string>;
  /** How many intents the provider holds. */
  intentCount(): Promise<number>;
  /** The Stripe-Signature header for `payload`, made `ageSeconds` ago (0 by default) with `secret` (the provider's by default). */
  signWebhook(payload: string, options?: { secret?: string; ageSeconds?: number }): string;
}

const CANCEL_SUCCEEDED_MESSAGE =
  'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the ' +
  'following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.';
const captureMessage = (status: string) =>
  `This PaymentIntent could not be captured because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`;
const idempotencyMessage = (key: string) =>
  `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;

const INSUFFICIENT_FUNDS = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, PaymentProviderError);

/** Registers the contract's tests; `subject` is read in each test, after the caller's hooks have run. */
export function paymentProviderContract(subject: () => PaymentProviderSubject) {
  const key = (purpose: string) => `${purpose}-${randomUUID()}`;
  const orderPayment = (overrides: Partial<CreatePaymentRequest> = {}): CreatePaymentRequest => ({
    amountCents: 1063,
    currency: 'usd',
    receiptEmail: 'amina@example.com',
    metadata: { orderId: 'order-1', userId: 'user-1' },
    idempotencyKey: key('create'),
    ...overrides,
  });
  const newIntent = () => subject().provider.createPayment(orderPayment());
  async function authorisedIntent() {
    const intent = await newIntent();
    await subject().authorise(intent);
    return intent;
  }
  async function capturedIntent(authorise: (intent: Payment) => Promise<void> = subject().authorise) {
    const intent = await newIntent();
    await authorise(intent);
    await subject().provider.capturePayment(intent.id, { idempotencyKey: key('capture') });
    return intent;
  }
  const fullRefund = (overrides: Partial<RefundRequest> = {}): RefundRequest => ({
    amountCents: 1063,
    reason: 'requested_by_customer',
    metadata: { orderId: 'order-1' },
    idempotencyKey: key('refund'),
    ...overrides,
  });
  const noChargeMessage = (id: string) => `This PaymentIntent (${id}) does not have a successful charge to refund.`;

  describe('the PaymentProvider contract', () => {
    describe('creating payment intents', () => {
      it('creates a manual-capture USD intent awaiting a payment method, with the order metadata, and reads it back', async () => {
        const { provider } = subject();
        const intent = await provider.createPayment(orderPayment());
        expect(intent).toEqual({
          id: expect.stringMatching(/^pi_\w+$/),
          clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_\\w+$`)),
          status: 'needs_payment_method',
          amount: 1063,
          currency: 'usd',
          captureMethod: 'manual',
          amountCaptured: 0,
          metadata: { orderId: 'order-1', userId: 'user-1' },
          lastPaymentError: null,
          releaseReason: null,
          processorFeeCents: null,
          method: null,
          // No card was tried yet: nothing to describe, no verdict.
          card: null,
          risk: null,
          threeDSecure: null,
          // Not made to keep its card (ADR 063).
          savedCard: null,
        });
        expect(await provider.getPayment(intent.id)).toEqual(intent);
      });

      it('answers the first intent again for the same idempotency key and the same parameters, creating no other', async () => {
        const { provider, intentCount } = subject();
        const request = orderPayment();
        const first = await provider.createPayment(request);
        const second = await provider.createPayment({ ...request, metadata: { userId: 'user-1', orderId: 'order-1' } });
        expect(second).toEqual(first);
        expect(await intentCount()).toBe(1);
      });

      it.each([
        ['another amount', { amountCents: 2000 }],
        ['another receipt address', { receiptEmail: 'kofi@example.com' }],
        ['other metadata', { metadata: { orderId: 'order-2', userId: 'user-1' } }],
      ])('refuses the same idempotency key with %s with a 400 idempotency_error', async (_label, change) => {
        const { provider, intentCount } = subject();
        const request = orderPayment();
        await provider.createPayment(request);
        const error = await providerError(provider.createPayment({ ...request, ...change }));
        expect(error).toMatchObject({
          type: 'idempotency_error',
          status: 400,
          retryable: false,
          message: idempotencyMessage(request.idempotencyKey),
        });
        expect(await intentCount()).toBe(1);
      });

      it('makes one intent from 20 concurrent creates with one key', async () => {
        const { provider, intentCount } = subject();
        const request = orderPayment();
        const intents = await Promise.all(Array.from({ length: 20 }, () => provider.createPayment(request)));
        expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
        expect(await intentCount()).toBe(1);
      });

      it('refuses an amount below Stripe minimum of 50 cents', async () => {
        const error = await providerError(subject().provider.createPayment(orderPayment({ amountCents: 49 })));
        expect(error).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_small', status: 400, retryable: false });
      });

      it('answers 404 resource_missing for an unknown intent', async () => {
        const error = await providerError(subject().provider.getPayment('pi_unknown'));
        expect(error).toMatchObject({
          type: 'invalid_request_error',
          code: 'resource_missing',
          status: 404,
          retryable: false,
          message: "No such payment_intent: 'pi_unknown'",
        });
      });
    });

    describe("the payer's confirmation, as the intent records it", () => {
      it('an authorised payment leaves the intent waiting for capture, nothing received yet', async () => {
        const intent = await authorisedIntent();
        expect(await subject().provider.getPayment(intent.id)).toMatchObject({
          status: 'authorised',
          amountCaptured: 0,
          lastPaymentError: null,
        });
      });

      it('says what the payer paid with once authorised (the test card: Visa ending 4242), and still once captured', async () => {
        const { provider } = subject();
        const intent = await authorisedIntent();
        const visa = { type: 'card', brand: 'visa', last4: '4242' };
        expect((await provider.getPayment(intent.id)).method).toEqual(visa);
        expect((await provider.capturePayment(intent.id, { idempotencyKey: key('capture') })).method).toEqual(visa);
      });

      it('a declined payment keeps its error on the intent, which then takes another card', async () => {
        const { provider, declineForInsufficientFunds, authorise } = subject();
        const intent = await newIntent();
        await declineForInsufficientFunds(intent);
        const declined = await provider.getPayment(intent.id);
        expect(declined).toMatchObject({ status: 'needs_payment_method', lastPaymentError: INSUFFICIENT_FUNDS });
        await authorise(intent);
        expect(await provider.getPayment(intent.id)).toMatchObject({ status: 'authorised', lastPaymentError: null });
      });
    });

    describe('capturing', () => {
      it('captures an authorised intent in full', async () => {
        const { provider } = subject();
        const intent = await authorisedIntent();
        const captured = await provider.capturePayment(intent.id, { idempotencyKey: key('capture') });
        // The processor's fee comes with the capture: Stripe's US card price, 2.9 % + 30¢, which the sandbox charges too.
        expect(captured).toMatchObject({ id: intent.id, status: 'captured', amount: 1063, amountCaptured: 1063, processorFeeCents: 61 });
        expect(await provider.getPayment(intent.id)).toEqual(captured);
      });

      it('replays a capture retried with the same idempotency key, even concurrently', async () => {
        const { provider } = subject();
        const intent = await authorisedIntent();
        const captureKey = key('capture');
        const results = await Promise.all(Array.from({ length: 5 }, () => provider.capturePayment(intent.id, { idempotencyKey: captureKey })));
        for (const result of results) expect(result).toMatchObject({ status: 'captured', amountCaptured: 1063 });
        expect(await provider.capturePayment(intent.id, { idempotencyKey: captureKey })).toEqual(results[0]);
      });

      it('refuses a second capture with another key with 400 payment_intent_unexpected_state', async () => {
        const { provider } = subject();
        const intent = await authorisedIntent();
        await provider.capturePayment(intent.id, { idempotencyKey: key('capture') });
        const error = await providerError(provider.capturePayment(intent.id, { idempotencyKey: key('capture') }));
        expect(error).toMatchObject({
          code: 'payment_intent_unexpected_state',
          status: 400,
          retryable: false,
          paymentStatus: 'captured',
          message: captureMessage('succeeded'),
        });
      });

      it('refuses a capture key already used for another intent with an idempotency_error', async () => {
        const { provider } = subject();
        const first = await authorisedIntent();
        const second = await authorisedIntent();
        const sharedKey = key('capture');
        await provider.capturePayment(first.id, { idempotencyKey: sharedKey });
        const error = await providerError(provider.capturePayment(second.id, { idempotencyKey: sharedKey }));
        expect(error).toMatchObject({ type: 'idempotency_error', status: 400 });
        expect((await provider.getPayment(second.id)).status).toBe('authorised');
      });

      it('captures only an authorised payment', async () => {
        const { provider } = subject();
        const unpaid = await newIntent();
        const error = await providerError(provider.capturePayment(unpaid.id, { idempotencyKey: key('capture') }));
        expect(error).toMatchObject({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          status: 400,
          retryable: false,
          paymentStatus: 'needs_payment_method',
          message: captureMessage('requires_payment_method'),
        });
        expect(await provider.getPayment(unpaid.id)).toMatchObject({ status: 'needs_payment_method', amountCaptured: 0 });
      });

      it('answers 404 for capturing an unknown intent', async () => {
        const error = await providerError(subject().provider.capturePayment('pi_unknown', { idempotencyKey: key('capture') }));
        expect(error).toMatchObject({ code: 'resource_missing', status: 404 });
      });
    });

    describe('cancelling', () => {
      it.each(['abandoned', 'requested_by_customer'] as const)('cancels an unpaid intent with the reason %s', async (reason) => {
        const { provider } = subject();
        const intent = await newIntent();
        const canceled = await provider.releasePayment(intent.id, { idempotencyKey: key('cancel'), reason });
        expect(canceled).toMatchObject({ id: intent.id, status: 'released', releaseReason: reason, amountCaptured: 0 });
        expect(await provider.getPayment(intent.id)).toEqual(canceled);
      });

      it('releases an authorisation, after which it cannot be captured', async () => {
        const { provider } = subject();
        const intent = await authorisedIntent();
        expect(await provider.releasePayment(intent.id, { idempotencyKey: key('cancel'), reason: 'abandoned' })).toMatchObject({
          status: 'released',
          amountCaptured: 0,
        });
        const error = await providerError(provider.capturePayment(intent.id, { idempotencyKey: key('capture') }));
        expect(error).toMatchObject({
          code: 'payment_intent_unexpected_state',
          paymentStatus: 'released',
          message: captureMessage('canceled'),
        });
      });

      it("refuses to cancel a captured intent with Stripe's code and message", async () => {
        const { provider } = subject();
        const intent = await authorisedIntent();
        await provider.capturePayment(intent.id, { idempotencyKey: key('capture') });
        const error = await providerError(provider.releasePayment(intent.id, { idempotencyKey: key('cancel'), reason: 'abandoned' }));
        expect(error).toMatchObject({
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          status: 400,
          retryable: false,
          paymentStatus: 'captured',
          message: CANCEL_SUCCEEDED_MESSAGE,
        });
        expect((await provider.getPayment(intent.id)).status).toBe('captured');
      });

      it('lets exactly one of a concurrent capture and cancel win', async () => {
        const { provider } = subject();
        for (let round = 0; round < 5; round++) {
          const intent = await authorisedIntent();
          const [capture, cancel] = await Promise.allSettled([
            provider.capturePayment(intent.id, { idempotencyKey: key('capture') }),
            provider.releasePayment(intent.id, { idempotencyKey: key('cancel'), reason: 'abandoned' }),
          ]);
          expect([capture.status, cancel.status].filter((status) => status === 'fulfilled')).toHaveLength(1);
          const loser = capture.status === 'rejected' ? capture : cancel.status === 'rejected' ? cancel : undefined;
          expect(loser?.reason).toMatchObject({ code: 'payment_intent_unexpected_state' });
          const final = await provider.getPayment(intent.id);
          expect(final.status).toBe(capture.status === 'fulfilled' ? 'captured' : 'released');
          expect(final.amountCaptured).toBe(capture.status === 'fulfilled' ? 1063 : 0);
        }
      });
    });

    describe('refunding', () => {
      it('refunds a captured payment in full', async () => {
        const intent = await capturedIntent();
        const refund = await subject().provider.refundPayment(intent.id, fullRefund());
        expect(refund).toEqual({
          id: expect.stringMatching(/^re_\w+$/),
          paymentId: intent.id,
          amount: 1063,
          currency: 'usd',
          status: 'succeeded',
          reason: 'requested_by_customer',
          failureReason: null,
          metadata: { orderId: 'order-1' },
        });
      });

      it('answers the first refund again for the same idempotency key, even to 10 concurrent requests', async () => {
        const { provider } = subject();
        const intent = await capturedIntent();
        const request = fullRefund();
        const refunds = await Promise.all(Array.from({ length: 10 }, () => provider.refundPayment(intent.id, request)));
        expect(new Set(refunds.map((refund) => refund.id)).size).toBe(1);
        expect(await provider.refundPayment(intent.id, request)).toEqual(refunds[0]);
      });

      it('refuses a second refund with another key: the charge has already been refunded', async () => {
        const { provider, chargeIdOf } = subject();
        const intent = await capturedIntent();
        await provider.refundPayment(intent.id, fullRefund());
        const error = await providerError(provider.refundPayment(intent.id, fullRefund()));
        expect(error).toMatchObject({
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          status: 400,
          retryable: false,
          message: `Charge ${await chargeIdOf(intent)} has already been refunded.`,
        });
      });

      it('never refunds more than was captured, however many refunds race with their own keys', async () => {
        const { provider } = subject();
        const intent = await capturedIntent();
        const tooMuch = await providerError(provider.refundPayment(intent.id, fullRefund({ amountCents: 1064 })));
        expect(tooMuch).toMatchObject({
          code: 'amount_too_large',
          status: 400,
          message: 'Refund amount ($10.64) is greater than charge amount ($10.63)',
        });
        const results = await Promise.allSettled(
          Array.from({ length: 5 }, () => provider.refundPayment(intent.id, fullRefund({ amountCents: 400 }))),
        );
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
        const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as PaymentProviderError] : []));
        expect(refusals.map((error) => error.code)).toEqual(['amount_too_large', 'amount_too_large', 'amount_too_large']);
        expect(refusals[0]!.message).toBe('Refund amount ($4.00) is greater than unrefunded amount on charge ($2.63)');
      });

      it('refuses the same idempotency key with another amount with a 400 idempotency_error', async () => {
        const { provider } = subject();
        const intent = await capturedIntent();
        const request = fullRefund({ amountCents: 500 });
        await provider.refundPayment(intent.id, request);
        const error = await providerError(provider.refundPayment(intent.id, { ...request, amountCents: 563 }));
        expect(error).toMatchObject({ type: 'idempotency_error', status: 400, message: idempotencyMessage(request.idempotencyKey) });
      });

      it.each([
        ['held (authorised, not captured)', authorisedIntent],
        ['never paid', newIntent],
        [
          'cancelled',
          async () => {
            const intent = await authorisedIntent();
            await subject().provider.releasePayment(intent.id, { idempotencyKey: key('cancel'), reason: 'abandoned' });
            return intent;
          },
        ],
      ])('refuses to refund a payment %s, with Stripe’s error shape', async (_label, make) => {
        const { provider } = subject();
        const intent = await make();
        const error = await providerError(provider.refundPayment(intent.id, fullRefund()));
        expect(error).toMatchObject({ type: 'invalid_request_error', status: 400, retryable: false, message: noChargeMessage(intent.id) });
        expect((await provider.getPayment(intent.id)).amountCaptured).toBe(0);
      });

      it('answers a refund of a card whose refunds fail with a failed refund, which gives nothing back', async () => {
        const { provider, authoriseWithFailingRefunds } = subject();
        const intent = await capturedIntent(authoriseWithFailingRefunds);
        const failed = await provider.refundPayment(intent.id, fullRefund());
        expect(failed).toMatchObject({ status: 'failed', failureReason: 'expired_or_canceled_card', amount: 1063 });
        // Nothing was given back, so the whole amount may be asked for again (and fails again for this card).
        expect(await provider.refundPayment(intent.id, fullRefund())).toMatchObject({ status: 'failed' });
      });

      it('answers 404 for refunding an unknown intent', async () => {
        const error = await providerError(subject().provider.refundPayment('pi_unknown', fullRefund()));
        expect(error).toMatchObject({ code: 'resource_missing', status: 404, message: "No such payment_intent: 'pi_unknown'" });
      });
    });

    describe('charges', () => {
      it("names the intent of an authorised payment's charge, and none for a charge it does not know", async () => {
        const { provider, chargeIdOf } = subject();
        const intent = await authorisedIntent();
        expect(await provider.paymentIdOfCharge(await chargeIdOf(intent))).toBe(intent.id);
        expect(await provider.paymentIdOfCharge('ch_unknown')).toBeNull();
      });
    });

    describe('webhooks', () => {
      const payment = { id: 'pi_contract', object: 'payment_intent', amount: 1063, currency: 'usd', status: 'requires_capture' };
      const event = (type: string, object: object) => JSON.stringify({ id: 'evt_contract', object: 'event', type, data: { object } });

      it.each([
        ['payment_intent.amount_capturable_updated', payment, 'authorised', 'pi_contract', null],
        ['payment_intent.succeeded', { ...payment, status: 'succeeded' }, 'captured', 'pi_contract', null],
        ['payment_intent.canceled', { ...payment, status: 'canceled', cancellation_reason: 'expired' }, 'released', 'pi_contract', null],
        ['payment_intent.payment_failed', { ...payment, status: 'requires_payment_method' }, 'failed', 'pi_contract', null],
        ['payment_intent.processing', { ...payment, status: 'processing' }, 'other', 'pi_contract', null],
        [
          'charge.dispute.created',
          { id: 'dp_contract', object: 'dispute', payment_intent: 'pi_contract', charge: 'ch_contract' },
          'disputed',
          'pi_contract',
          'ch_contract',
        ],
        [
          'charge.dispute.closed',
          { id: 'dp_contract', object: 'dispute', status: 'won', payment_intent: 'pi_contract', charge: 'ch_contract' },
          'disputed',
          'pi_contract',
          'ch_contract',
        ],
        ['customer.created', { id: 'cus_contract', object: 'customer' }, 'other', null, null],
      ])('verifies a signed %s event and says what happened (%s), to which payment and charge', (type, object, kind, paymentId, chargeId) => {
        const { provider, signWebhook } = subject();
        const payload = event(type, object);
        expect(provider.verifyWebhookEvent(Buffer.from(payload), signWebhook(payload))).toEqual({
          id: 'evt_contract',
          kind,
          type,
          paymentId,
          chargeId,
          // A dispute's events name their dispute, which the order code reads again (ADR 060).
          ...(type.startsWith('charge.dispute.') ? { disputeId: 'dp_contract' } : {}),
        });
      });

      it('accepts a signature made 299 seconds ago', () => {
        const { provider, signWebhook } = subject();
        const payload = event('payment_intent.succeeded', payment);
        expect(provider.verifyWebhookEvent(Buffer.from(payload), signWebhook(payload, { ageSeconds: 299 })).paymentId).toBe('pi_contract');
      });

      it.each([
        [
          'a tampered body',
          (payload: string, sign: PaymentProviderSubject['signWebhook']) => ({ body: payload.replace('1063', '1'), header: sign(payload) }),
        ],
        [
          'a signature made with another secret',
          (payload: string, sign: PaymentProviderSubject['signWebhook']) => ({
            body: payload,
            header: sign(payload, { secret: 'whsec_another_secret' }),
          }),
        ],
        [
          'a signature older than 300 seconds',
          (payload: string, sign: PaymentProviderSubject['signWebhook']) => ({ body: payload, header: sign(payload, { ageSeconds: 301 }) }),
        ],
        ['a missing signature header', (payload: string) => ({ body: payload, header: undefined })],
      ])('refuses %s with a 400 webhook_signature_invalid', (_label, deliver) => {
        const { provider, signWebhook } = subject();
        const { body, header } = deliver(event('payment_intent.succeeded', payment), signWebhook);
        const error = thrownBy(() => provider.verifyWebhookEvent(Buffer.from(body), header), PaymentProviderError);
        expect(error).toMatchObject({ type: 'invalid_request_error', code: 'webhook_signature_invalid', status: 400, retryable: false });
      });
    });
  });
}
