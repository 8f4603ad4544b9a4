import { vi } from 'vitest';
import type { Database } from '../db/client';
import { SANDBOX_WEBHOOK_SECRET } from '../payments';
import type { DisputeEvidence, PaymentEvent } from '../payments/provider';
import { createSandboxPaymentProvider, type SandboxEventListener } from '../payments/sandbox/sandbox-payment-provider';
import { createFulfilment, type Fulfilment } from '../orders/fulfilment';
import { handlePaymentEvent } from '../orders/payment-events';
import { sandboxOrderServices } from './orders';

/** The sandbox's dispute test cards (Stripe's): disputed as fraudulent, and as product not received. */
export const DISPUTE_CARDS = { fraudulent: { number: '4000000000000259' }, productNotReceived: { number: '4000000000002685' } } as const;

/** Evidence as the console sends it, with `text` as the statement (Stripe's test words decide the outcome). */
export function testEvidence(text: string): DisputeEvidence {
  return {
    uncategorizedText: text,
    productDescription: 'Mobile airtime top-up',
    customerEmailAddress: 'payer@example.com',
    customerPurchaseIp: '203.0.113.7',
    serviceDate: '2026-11-22',
    accessActivityLog: null,
  };
}

/**
 * The order code on the sandbox, its own events handed to the webhook's handler as app.ts wires them (or to `deliver`),
 * every event kept in `delivered`. The sandbox's clock is the services' clock.
 */
export function wiredSandbox(db: Database, deliver?: SandboxEventListener['deliver']) {
  const delivered: PaymentEvent[] = [];
  const deliveries: Array<Promise<void>> = [];
  const errors: Array<Record<string, unknown>> = [];
  const events: SandboxEventListener = {
    deliver(event) {
      delivered.push(event);
      const delivery = (deliver ?? ((sent) => handlePaymentEvent(services, fulfilment, sent)))(event);
      deliveries.push(delivery.catch(() => {}));
      return delivery;
    },
    log: { error: (detail) => errors.push(detail) },
  };
  const start = new Date('2026-11-22T10:00:00Z');
  const payments = createSandboxPaymentProvider(db, { webhookSecret: SANDBOX_WEBHOOK_SECRET, events, now: () => start });
  const { services } = sandboxOrderServices(db, start, { payments });
  const fulfilment: Fulfilment = createFulfilment(services);
  return {
    services,
    fulfilment,
    delivered,
    errors,
    /** Waits until the sandbox has sent `count` events in all (it sends them after its answers) and they were handled. */
    async settled(count: number) {
      await vi.waitFor(() => {
        if (delivered.length + errors.length < count) throw new Error(`${delivered.length} events of ${count} so far`);
      });
      await Promise.all(deliveries);
    },
  };
}
