import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../../shared/api/orders';
import { formatUsd, priceTopUp, toCents } from '../../shared/pricing';
import { loadFeeConfig } from '../catalog/price-config';
import { sandboxTopups } from '../db/schema';
import { SANDBOX_WEBHOOK_SECRET } from '../payments';
import { signSandboxWebhook } from '../payments/sandbox/sandbox-payment-provider';
import { useTestApp } from '../testing/app';
import { GOOD_CARD, SANDBOX_NUMBERS } from '../testing/orders';
import { PAYMENT_WEBHOOK_ALIAS, PAYMENT_WEBHOOK_PATH } from './orders';

const PASSWORD = 'Lagos-to-Accra-2026';

describe('the payment webhook and its alias', () => {
  const testApp = useTestApp();

  const post = (url: string, payload: string, signature = signSandboxWebhook(payload, SANDBOX_WEBHOOK_SECRET)) =>
    testApp.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

  /** A signed-in customer's checkout of a sandbox top-up, paid with the good test card and never followed by the browser. */
  async function paidCheckout(): Promise<CreatePaymentIntentResponse> {
    const client = testApp.client();
    expect((await client.signUp(`${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(200);
    const detected = await testApp.app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG` });
    const operator = detected.json().data;
    const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0] : 5;
    const price = priceTopUp(toCents(amount), await loadFeeConfig(testApp.database.db));
    const created = await client.post('/api/create-payment-intent', {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId,
      operatorName: operator.name as string,
      countryCode: 'NG',
      phone: SANDBOX_NUMBERS.successful,
      orderKey: randomUUID(),
    });
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json() as CreatePaymentIntentResponse;
    const paid = await client.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      paymentMethod: GOOD_CARD,
    });
    expect(paid.statusCode).toBe(200);
    return intent;
  }

  it('is /api/webhooks/payments, and Stripe’s first address /api/webhooks/stripe still answers', () => {
    expect([PAYMENT_WEBHOOK_PATH, PAYMENT_WEBHOOK_ALIAS]).toEqual(['/api/webhooks/payments', '/api/webhooks/stripe']);
  });

  it.each([PAYMENT_WEBHOOK_PATH, PAYMENT_WEBHOOK_ALIAS])('%s fulfils an authorised order whose browser went away', async (url) => {
    const intent = await paidCheckout();
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      type: 'payment_intent.amount_capturable_updated',
      data: { object: { id: intent.paymentIntentId, object: 'payment_intent' } },
    });
    const answer = await post(url, payload);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true });
    expect(await testApp.database.db.select().from(sandboxTopups)).toHaveLength(1);
  });

  it.each([PAYMENT_WEBHOOK_PATH, PAYMENT_WEBHOOK_ALIAS])('%s refuses a bad signature with 400 WEBHOOK_SIGNATURE_INVALID', async (url) => {
    const response = await post(
      url,
      JSON.stringify({ id: 'evt_2', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } }),
      't=1,v1=deadbeef',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
  });
});
