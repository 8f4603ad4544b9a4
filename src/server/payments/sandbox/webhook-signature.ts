import { createHmac, timingSafeEqual } from 'node:crypto';
import { type PaymentEvent, PaymentProviderError } from '../provider';
import { paymentEventOf } from '../stripe/vocabulary';

/** Stripe's default: a signature older than five minutes is refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function signatureOf(payload: string, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** The `Stripe-Signature` header for `payload`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">`. */
export function signSandboxWebhook(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${signatureOf(payload, secret, timestamp)}`;
}

function invalidSignature(message: string): PaymentProviderError {
  return new PaymentProviderError(message, { type: 'invalid_request_error', code: 'webhook_signature_invalid', status: 400, retryable: false });
}

/**
 * Verifies a signature header over the raw body as Stripe's `webhooks.constructEvent` does, and reduces the event to
 * its id, type and payment intent (payment_intent.* events carry the intent itself, charge.* events point to it).
 */
export function verifySandboxWebhook(rawBody: Buffer, header: string | undefined, secret: string, now: Date): PaymentEvent {
  const fields = (header ?? '').split(',').map((part) => part.trim().split('='));
  const timestamp = Number(fields.find(([key]) => key === 't')?.[1]);
  const signatures = fields.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!);
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw invalidSignature('Unable to extract timestamp and signatures from header');
  }
  const payload = rawBody.toString('utf8');
  const expected = Buffer.from(signatureOf(payload, secret, timestamp), 'utf8');
  const matches = signatures.some((signature) => {
    const candidate = Buffer.from(signature, 'utf8');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  if (!matches) throw invalidSignature('No signatures found matching the expected signature for payload');
  if (Math.floor(now.getTime() / 1000) - timestamp > WEBHOOK_TOLERANCE_SECONDS) {
    throw invalidSignature('Timestamp outside the tolerance zone');
  }
  return eventFrom(payload);
}

function eventFrom(payload: string): PaymentEvent {
  let event: { id?: unknown; type?: unknown; data?: { object?: unknown } };
  try {
    event = JSON.parse(payload) as typeof event;
  } catch {
    throw invalidSignature('The webhook payload is not JSON');
  }
  if (typeof event?.id !== 'string' || typeof event.type !== 'string') throw invalidSignature('The webhook payload is not an event');
  return paymentEventOf({ id: event.id, type: event.type, data: event.data });
}
