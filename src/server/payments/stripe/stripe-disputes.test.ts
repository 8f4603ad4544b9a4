import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_STRIPE_PUBLISHABLE_KEY,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  FakeStripe,
  signWebhook,
  stripeEvent,
} from '../../../../tests/fakes/stripe';
import { testEvidence } from '../../testing/disputes';
import { rejectionOf } from '../../testing/rejections';
import { PaymentProviderError } from '../provider';
import { createStripePaymentProvider } from './stripe-provider';

const fake = new FakeStripe();
let address: { host: string; port: number };

const provider = () =>
  createStripePaymentProvider({
    secretKey: FAKE_STRIPE_SECRET_KEY,
    publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY,
    webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
    ...address,
    protocol: 'http',
    timeoutMs: 2_000,
    maxNetworkRetries: 0,
  });

beforeAll(async () => {
  address = await fake.start();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

/** A dispute of a captured charge, as the card's bank opens it. */
function openDispute(reason = 'fraudulent') {
  return fake.disputes.open({ intentId: 'pi_3Disputed', chargeId: 'ch_3Disputed', amount: 1250 }, reason);
}

describe("the Stripe adapter's disputes over the local Stripe", () => {
  it('reads a dispute in the order code’s words: amount, reason, status, due date', async () => {
    const opened = openDispute('product_not_received');
    expect(await provider().getDispute(opened.id)).toEqual({
      id: opened.id,
      paymentId: 'pi_3Disputed',
      chargeId: 'ch_3Disputed',
      amount: 1250,
      currency: 'usd',
      reason: 'product_not_received',
      status: 'needs_response',
      evidenceDueBy: new Date(opened.evidence_details.due_by * 1000),
      submissionCount: 0,
    });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/disputes/${opened.id}` });
  });

  it('submits the evidence in Stripe’s fields with submit=true; the dispute goes under review', async () => {
    const opened = openDispute();
    const answer = await provider().submitDisputeEvidence(opened.id, testEvidence('The top-up was delivered.'));
    expect(answer).toMatchObject({ id: opened.id, status: 'under_review', submissionCount: 1 });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/disputes/${opened.id}`,
      body: {
        submit: 'true',
        evidence: {
          uncategorized_text: 'The top-up was delivered.',
          product_description: 'Mobile airtime top-up',
          customer_email_address: 'payer@example.com',
          customer_purchase_ip: '203.0.113.7',
          service_date: '2026-11-22',
        },
      },
    });
    // An empty field is left out, not cleared.
    expect(fake.requests.at(-1)!.body.evidence).not.toHaveProperty('access_activity_log');
  });

  it('refuses evidence for a dispute no longer awaiting it (400), and names an unknown dispute (404)', async () => {
    const opened = openDispute();
    await provider().submitDisputeEvidence(opened.id, testEvidence('first'));
    expect(await rejectionOf(provider().submitDisputeEvidence(opened.id, testEvidence('again')), PaymentProviderError)).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      retryable: false,
    });
    fake.disputes.setStatus(opened.id, 'won');
    expect(await provider().getDispute(opened.id)).toMatchObject({ status: 'won' });
    expect(await rejectionOf(provider().getDispute('du_nobody'), PaymentProviderError)).toMatchObject({ status: 404, code: 'resource_missing' });
  });

  it('refuses a dispute status it does not know, rather than guessing', async () => {
    const opened = openDispute();
    fake.disputes.setStatus(opened.id, 'charge_refunded');
    expect(await rejectionOf(provider().getDispute(opened.id), PaymentProviderError)).toMatchObject({ status: 502 });
  });

  it.each([
    'charge.dispute.created',
    'charge.dispute.updated',
    'charge.dispute.closed',
    'charge.dispute.funds_withdrawn',
    'charge.dispute.funds_reinstated',
  ])('verifies %s as a dispute event naming its dispute, charge and payment', (type) => {
    const opened = openDispute();
    const { rawBody, signature } = signWebhook(stripeEvent(type, opened));
    expect(provider().verifyWebhookEvent(rawBody, signature)).toMatchObject({
      kind: 'disputed',
      type,
      disputeId: opened.id,
      chargeId: 'ch_3Disputed',
      paymentId: 'pi_3Disputed',
    });
  });
});
