import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import type { TopupDelivery } from '../topups/provider';
import { createFulfilment, PaymentNotAuthorisedError } from './fulfilment';
import { handlePaymentEvent } from './payment-events';
import { reconcileDueOrders } from './reconciler';
import type { OrderServices } from './services';
import { canTransition, FINAL_STATUSES, type OrderStatus } from './state-machine';

/** The process died: nothing after this point of the current call happens. */
class Crash extends Error {
  override name = 'Crash';
}

/**
 * Counts the steps of one call (each provider call and each database transaction) and kills the "process" before or
 * after the chosen one: from then on every database access and provider call of that call throws Crash.
 */
class CrashSwitch {
  private step = 0;
  private crashed = false;
  constructor(private readonly plan: { at: number; when: 'before' | 'after' } | null) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    this.assertAlive();
    const index = this.step++;
    if (this.plan?.at === index && this.plan.when === 'before') this.die();
    const result = await work();
    this.assertAlive();
    if (this.plan?.at === index && this.plan.when === 'after') this.die();
    return result;
  }

  assertAlive() {
    if (this.crashed) throw new Crash('crashed');
  }

  private die(): never {
    this.crashed = true;
    throw new Crash('crashed');
  }
}

const DB_ACCESS = new Set(['select', 'insert', 'update', 'delete', 'execute']);

function crashableServices(base: OrderServices, crash: CrashSwitch): OrderServices {
  const db = new Proxy(base.db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (property === 'transaction') {
        return (work: Parameters<Database['transaction']>[0]) => crash.run(() => target.transaction(work));
      }
      if (typeof property === 'string' && DB_ACCESS.has(property)) crash.assertAlive();
      return value;
    },
  });
  const payments: PaymentProvider = {
    ...base.payments,
    kind: base.payments.kind,
    publishableKey: base.payments.publishableKey,
    testMode: base.payments.testMode,
    createPaymentIntent: (request) => crash.run(() => base.payments.createPaymentIntent(request)),
    retrievePaymentIntent: (id) => crash.run(() => base.payments.retrievePaymentIntent(id)),
    capturePaymentIntent: (id, options) => crash.run(() => base.payments.capturePaymentIntent(id, options)),
    cancelPaymentIntent: (id, options) => crash.run(() => base.payments.cancelPaymentIntent(id, options)),
    verifyWebhookEvent: (body, signature) => base.payments.verifyWebhookEvent(body, signature),
  };
  const topups: TopupDelivery = {
    sendTopup: (request) => crash.run(() => base.topups.sendTopup(request)),
    topupStatus: (id) => crash.run(() => base.topups.topupStatus(id)),
    findTopupByCustomIdentifier: (id) => crash.run(() => base.topups.findTopupByCustomIdentifier(id)),
  };
  return { ...base, db, payments, topups };
}

type CrashPlan = { at: number; when: 'before' | 'after' } | null;
type Actor =
  | { kind: 'browser'; crash: CrashPlan }
  | { kind: 'webhook'; event: string; crash: CrashPlan }
  | { kind: 'reconciler'; afterMs: number; crash: CrashPlan }
  | { kind: 'browserAndWebhook' };

const crashPlan = fc.option(fc.record({ at: fc.nat({ max: 9 }), when: fc.constantFrom<'before' | 'after'>('before', 'after') }), { nil: null });
const actor: fc.Arbitrary<Actor> = fc.oneof(
  fc.record({ kind: fc.constant('browser' as const), crash: crashPlan }),
  fc.record({
    kind: fc.constant('webhook' as const),
    event: fc.constantFrom(
      'payment_intent.amount_capturable_updated',
      'payment_intent.succeeded',
      'payment_intent.canceled',
      'payment_intent.payment_failed',
    ),
    crash: crashPlan,
  }),
  fc.record({ kind: fc.constant('reconciler' as const), afterMs: fc.constantFrom(0, 10_000, 30_000, 120_000, 31 * 60_000), crash: crashPlan }),
  fc.record({ kind: fc.constant('browserAndWebhook' as const) }),
);
interface Scenario {
  payment: 'authorised' | 'declined' | 'unpaid';
  outcome: keyof typeof SANDBOX_NUMBERS;
  actors: Actor[];
}
const scenario: fc.Arbitrary<Scenario> = fc.record({
  payment: fc.constantFrom<Scenario['payment']>('authorised', 'declined', 'unpaid'),
  outcome: fc.constantFrom<keyof typeof SANDBOX_NUMBERS>('successful', 'failed', 'processing', 'refunded', 'rejected', 'answerLost'),
  actors: fc.array(actor, { minLength: 1, maxLength: 6 }),
});

const DAY_MS = 24 * 60 * 60 * 1000;
const RECOVERY_STEP_MS = 40 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('order invariants under random interleavings and crashes on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;
  let run = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await database.reset();
    userId = await insertTestUser(database.db);
  });
  afterAll(() => database.close());

  async function playScenario({ payment, outcome, actors }: Scenario) {
    run++;
    const kit = sandboxOrderServices(database.db, new Date(Date.UTC(2026, 0, 1) + run * 2 * DAY_MS));
    // A number of its own per run (recipient cooldown), ending in the digits that choose the delivery outcome.
    const phone = `0803${String(run % 1000).padStart(3, '0')}${SANDBOX_NUMBERS[outcome].slice(-4)}`;
    const card = payment === 'declined' ? { number: '4000000000000002' } : undefined;
    const { orderId, paymentIntentId } = await paidOrder(kit.services, { userId, phone, pay: payment !== 'unpaid', card });

    const attempt = async (services: OrderServices, work: (fulfilment: ReturnType<typeof createFulfilment>) => Promise<unknown>) => {
      try {
        await work(createFulfilment(services));
      } catch (error) {
        if (!(error instanceof Crash || error instanceof PaymentNotAuthorisedError)) throw error;
      }
    };
    const event = (type: string) => ({ id: `evt_${run}`, type, paymentIntentId, chargeId: null });

    for (const step of actors) {
      if (step.kind === 'browserAndWebhook') {
        const fulfilment = createFulfilment(kit.services);
        await Promise.all([
          attempt(kit.services, () => fulfilment.fulfil(orderId, 'browser')),
          attempt(kit.services, () =>
            handlePaymentEvent(kit.services, createFulfilment(kit.services), event('payment_intent.amount_capturable_updated')),
          ),
        ]);
        continue;
      }
      const services = crashableServices(kit.services, new CrashSwitch(step.crash));
      if (step.kind === 'browser') await attempt(services, (fulfilment) => fulfilment.fulfil(orderId, 'browser'));
      if (step.kind === 'webhook') await attempt(services, (fulfilment) => handlePaymentEvent(services, fulfilment, event(step.event)));
      if (step.kind === 'reconciler') {
        kit.advance(step.afterMs);
        await attempt(services, (fulfilment) => reconcileDueOrders(services, fulfilment));
      }
    }

    // Recovery: the processes are back and only the reconciler runs, for up to a day and a bit.
    for (let round = 0; round < 40; round++) {
      const { order } = await orderLedger(database.db, orderId);
      if (FINAL_STATUSES.includes(order.status as OrderStatus)) break;
      kit.advance(RECOVERY_STEP_MS);
      await reconcileDueOrders(kit.services, createFulfilment(kit.services));
    }

    const { order, events, intent, deliveries } = await orderLedger(database.db, orderId);
    const delivered = deliveries.filter((delivery) => delivery.status === 'SUCCESSFUL');

    // Every order ends, and every authorisation ends captured or cancelled.
    expect(FINAL_STATUSES).toContain(order.status);
    expect(intent!.status).not.toBe('requires_capture');
    // At most one delivery per order.
    expect(deliveries.length).toBeLessThanOrEqual(1);
    // Charged exactly when delivered, and then exactly the total.
    expect(intent!.status === 'succeeded').toBe(delivered.length === 1);
    expect(order.status === 'completed').toBe(delivered.length === 1);
    if (intent!.status === 'succeeded') expect(intent!.amountReceived).toBe(order.totalCents);
    // Nothing is delivered without an authorisation.
    if (payment !== 'authorised') expect(deliveries).toHaveLength(0);
    // The audit trail is one unbroken path of allowed transitions ending at the current status.
    expect(events[0]).toMatchObject({ fromStatus: null, toStatus: 'created' });
    for (let index = 1; index < events.length; index++) {
      expect(events[index]!.fromStatus).toBe(events[index - 1]!.toStatus);
      expect(canTransition(events[index]!.fromStatus as OrderStatus, events[index]!.toStatus as OrderStatus)).toBe(true);
    }
    expect(events.at(-1)!.toStatus).toBe(order.status);
  }

  it('never charges without delivery, never delivers twice or unpaid, and always finishes', async () => {
    await fc.assert(fc.asyncProperty(scenario, playScenario), { numRuns: 60 });
  }, 120_000);
});
