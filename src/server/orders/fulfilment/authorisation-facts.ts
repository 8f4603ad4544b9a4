import type { Payment } from '../../payments/provider';

/**
 * What an order keeps of its authorised payment: how it was paid (its receipt names it, ADR 042) and how 3-D Secure
 * ended (the liability shift, ADR 047). Always the same four columns, null when the provider did not say, so every
 * move that authorises keeps one statement shape.
 */
export function authorisationFacts(payment: Payment) {
  return {
    paymentMethodType: payment.method?.type ?? null,
    paymentMethodBrand: payment.method?.brand ?? null,
    paymentMethodLast4: payment.method?.last4 ?? null,
    threeDSecure: payment.threeDSecure ?? null,
  };
}
