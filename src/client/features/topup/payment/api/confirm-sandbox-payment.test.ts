import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { confirmSandboxPayment } from './confirm-sandbox-payment';

const body = { clientSecret: 'pi_1_secret_abc', paymentMethod: { type: 'cashapp', outcome: 'approve' } } as const;

function answer(status: number, reply: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof reply === 'string' ? reply : JSON.stringify(reply), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('confirming a sandbox payment', () => {
  it('posts to the intent and resolves with the authorised intent', async () => {
    const paymentIntent = { id: 'pi_1', status: 'requires_capture', amount: 1063, currency: 'usd' };
    const fetchMock = answer(200, { paymentIntent });
    await expect(confirmSandboxPayment('pi_1', body)).resolves.toEqual({ paymentIntent });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/sandbox-payments/pi_1/confirm',
      expect.objectContaining({ method: 'POST', body: JSON.stringify(body) }),
    );
  });

  it("resolves with Stripe's error shape for a declined card (402), as stripe.confirmPayment does", async () => {
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    answer(402, { error });
    await expect(confirmSandboxPayment('pi_1', body)).resolves.toEqual({ error });
  });

  it('throws for an answer of neither shape', async () => {
    answer(500, 'Internal Server Error');
    await expect(confirmSandboxPayment('pi_1', body)).rejects.toEqual(new ApiRequestError(500, '500: Internal Server Error'));
  });
});
