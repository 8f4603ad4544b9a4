import { describe, expect, it } from 'vitest';
import { arrivalOf } from './payment-complete-page';

const arrival = (query: string) => arrivalOf(new URLSearchParams(query));

describe('/payment-complete arrival', () => {
  it.each(['succeeded', 'requires_capture', 'processing'])(
    'redirect_status=%s goes on to the top-up (the server holds it until authorised)',
    (status) => {
      expect(arrival(`payment_intent=pi_1&payment_intent_client_secret=pi_1_secret_x&redirect_status=${status}`)).toBe('paid');
    },
  );

  it.each(['failed', 'requires_payment_method', 'canceled', ''])('redirect_status=%s is a payment that did not go through', (status) => {
    expect(arrival(`payment_intent=pi_1&redirect_status=${status}`)).toBe('failed');
  });

  it('without a payment intent there is nothing to complete', () => {
    expect(arrival('redirect_status=succeeded')).toBe('missing');
    expect(arrival('')).toBe('missing');
  });
});
