import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatePaymentIntentBody } from '@shared/api/orders';
import { englishText } from '@/testing/texts';
import { checkoutIntentOf, createPaymentIntent, PaymentIntentError } from './create-payment-intent';

const body: CreatePaymentIntentBody = {
  amount: '10.00',
  email: 'amina@example.com',
  orderKey: '3f2b8c1e-0d4a-4b7e-9a61-2c5d8e9f1a20',
  operatorId: 341,
  countryCode: 'NG',
  phone: '08031234567',
  fee: '0.63',
  totalAmount: '10.63',
};
const created = {
  success: true,
  clientSecret: 'pi_1_secret_abc',
  paymentIntentId: 'pi_1',
  orderId: 'order-1',
  amount: '10.00',
  fee: '0.63',
  totalAmount: '10.63',
  currency: 'USD',
};

function answer(status: number, reply: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(): Promise<PaymentIntentError> {
  const error = await createPaymentIntent(body).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(PaymentIntentError);
  return error as PaymentIntentError;
}

afterEach(() => vi.unstubAllGlobals());

describe('creating the payment intent', () => {
  it('keeps the server’s message and code when the price changed since the review', async () => {
    answer(409, {
      success: false,
      message: 'The price has changed: the total is now $10.70 (fee $0.70). Please review it and confirm again.',
      code: 'PRICE_CHANGED',
    });
    const error = await failure();
    expect(error.code).toBe('PRICE_CHANGED');
    expect(error.message).toMatch(/^The price has changed/);
    expect(error.sessionExpired).toBe(false);
  });

  it('posts the checkout with cookies and returns the intent', async () => {
    const fetchMock = answer(200, created);
    const intent = await createPaymentIntent(body);
    expect(checkoutIntentOf(intent)).toEqual({
      clientSecret: 'pi_1_secret_abc',
      paymentIntentId: 'pi_1',
      orderId: 'order-1',
      amount: '10.00',
      fee: '0.63',
      totalAmount: '10.63',
    });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/create-payment-intent',
      expect.objectContaining({ method: 'POST', credentials: 'include', body: JSON.stringify(body) }),
    );
  });

  it("refuses an answer without a clientSecret: 'Invalid response from server'", async () => {
    answer(200, { ...created, clientSecret: '' });
    const error = await failure();
    expect(englishText(error.messageKey!)).toBe('Invalid response from server');
    expect(error.sessionExpired).toBe(false);
  });

  it('a 401 is a lost session', async () => {
    answer(401, { success: false, message: 'Please sign in.' });
    const error = await failure();
    expect(error.message).toBe('401: Please login to continue');
    expect(error.sessionExpired).toBe(true);
  });

  it('a refusal whose message happens to contain 401 is not a lost session', async () => {
    answer(409, {
      success: false,
      message: 'The price has changed: the total is now $401.00 (fee $11.68). Please review it and confirm again.',
      code: 'PRICE_CHANGED',
    });
    const error = await failure();
    expect(error.message).toContain('$401.00');
    expect(error.sessionExpired).toBe(false);
  });

  it("reports the server's message for a refused checkout", async () => {
    answer(409, { success: false, message: 'The price changed. Please review your top-up.', code: 'PRICE_CHANGED' });
    const error = await failure();
    expect(error).toMatchObject({ message: 'The price changed. Please review your top-up.', messageKey: undefined });
    expect(error.sessionExpired).toBe(false);
  });

  it("falls back to 'Failed to create payment intent'", async () => {
    answer(502, 'Bad gateway');
    const error = await failure();
    expect(englishText(error.messageKey!)).toBe('Failed to create payment intent');
  });
});
