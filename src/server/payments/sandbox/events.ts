import { paymentEventOf } from '../stripe/vocabulary';
import { randomBase62 } from './payment-intents';
import type { PaymentEvent } from '../provider';

/** Takes the sandbox's own events to the handler of the webhook's, without HTTP. */
export interface SandboxEventListener {
  deliver(event: PaymentEvent): Promise<void>;
  /** A delivery that failed is reported here; it never fails the capture behind it. */
  log: { error(detail: Record<string, unknown>, message: string): void };
}

/**
 * Sends one of the sandbox's own events (Stripe's type and object) to the webhook's handler on the next turn of the
 * event loop, after the answer that caused it, as Stripe sends its events shortly after. A delivery that fails is logged.
 */
export function sendSandboxEvent(listener: SandboxEventListener | undefined, type: string, object: Record<string, unknown>): void {
  if (!listener) return;
  setImmediate(() => void deliverSandboxEvent(listener, type, object));
}

/** Delivers one of the sandbox's own events now, as the webhook's would be; a failure is logged, never thrown. */
export async function deliverSandboxEvent(listener: SandboxEventListener, type: string, object: Record<string, unknown>): Promise<void> {
  const event = paymentEventOf({ id: `evt_sandbox_${randomBase62(24)}`, type, data: { object } });
  try {
    await listener.deliver(event);
  } catch (error) {
    listener.log.error({ err: error, eventId: event.id, type }, 'the sandbox could not deliver its event');
  }
}

/** Stripe's payment_intent.payment_failed, for a declined attempt (a declined card, a failed 3-D Secure challenge). */
export function sendPaymentFailed(listener: SandboxEventListener | undefined, intentId: string): void {
  sendSandboxEvent(listener, 'payment_intent.payment_failed', { id: intentId, object: 'payment_intent' });
}
