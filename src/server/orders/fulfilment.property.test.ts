import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders } from '../db/schema';
import { DomainError } from '../domain-error';
import type { PaymentProvider } from '../payments/provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import type { TopupDelivery } from '../topups/provider';
import { approveReview, checkNow, refundOrder, rejectReview } from './admin-actions';
import { paymentEventOf } from '../payments/stripe/vocabulary';
import { createFulfilment, PaymentNotAuthorisedError } from './fulfilment';
import { handlePaymentEvent } from './payment-events';
import { reconcileDueOrders } from './reconciler';
import type { OrderServices } from './services';
import { canTransition, SETTLED_STATUSES, type OrderStatus } from './state-machine';

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

// `_` is the session every prepared raw statement runs through (db/raw-rows.ts).
const DB_ACCESS = new Set(['select', 'insert', 'update', 'delete', 'execute', '_']);

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
    createPayment: (request) => crash.run(() => base.payments.createPayment(request)),
    getPayment: (id) => crash.run(() => base.payments.getPayment(id)),
    capturePayment: (id, options) => crash.run(() => base.payments.capturePayment(id, options)),
    releasePayment: (id, options) => crash.run(() => base.payments.releasePayment(id, options)),
    refundPayment: (id, request) => crash.run(() => base.payments.refundPayment(id, request)),
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
  /** The browser's top-up call: with `asRoute`, as the route makes it (the claim without reading the order first, else fulfil). */
  | { kind: 'browser'; crash: CrashPlan; asRoute: boolean }
  | { kind: 'webhook'; event: string; crash: CrashPlan }
  | { kind: 'reconciler'; afterMs: number; crash: CrashPlan }
  | { kind: 'browserAndWebhook' }
  // A person in the operations console: a refund (several clicks at once) or a check now.
  | { kind: 'adminRefund'; clicks: number; crash: CrashPlan }
  | { kind: 'adminCheck'; crash: CrashPlan }
  // A person deciding on an order held for review (ADR 046), maybe two at once.
  | { kind: 'adminApprove'; clicks: number; crash: CrashPlan }
  | { kind: 'adminReject'; clicks: number; crash: CrashPlan };

const crashPlan = fc.option(fc.record({ at: fc.nat({ max: 9 }), when: fc.constantFrom<'before' | 'after'>('before', 'after') }), { nil: null });
const actor: fc.Arbitrary<Actor> = fc.oneof(
  fc.record({ kind: fc.constant('browser' as const), crash: crashPlan, asRoute: fc.boolean() }),
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
  fc.record({ kind: fc.constant('adminRefund' as const), clicks: fc.integer({ min: 1, max: 3 }), crash: crashPlan }),
  fc.record({ kind: fc.constant('adminCheck' as const), crash: crashPlan }),
  fc.record({ kind: fc.constant('adminApprove' as const), clicks: fc.integer({ min: 1, max: 2 }), crash: crashPlan }),
  fc.record({ kind: fc.constant('adminReject' as const), clicks: fc.integer({ min: 1, max: 2 }), crash: crashPlan }),
);
const ADMIN = { id: 'admin-1', email: 'boss@example.com' };
interface Scenario {
  /** review: authorised with Radar's elevated-risk test card, which the default rules hold for a person. */
  payment: 'authorised' | 'review' | 'declined' | 'unpaid';
  outcome: keyof typeof SANDBOX_NUMBERS;
  actors: Actor[];
  /** Once the order has settled, a person refunds it (several clicks at once, the process maybe dying mid-way). */
  laterRefund: { clicks: number; crash: CrashPlan } | null;
}
const scenario: fc.Arbitrary<Scenario> = fc.record({
  laterRefund: fc.option(fc.record({ clicks: fc.integer({ min: 1, max: 3 }), crash: crashPlan }), { nil: null }),
  payment: fc.constantFrom<Scenario['payment']>('authorised', 'review', 'declined', 'unpaid'),
  outcome: fc.constantFrom<keyof typeof SANDBOX_NUMBERS>('successful', 'failed', 'processing', 'refunded', 'rejected', 'answerLost'),
  actors: fc.array(actor, { minLength: 1, maxLength: 6 }),
});

/** Orders that are paid and delivered, then refunded: crashes are aimed at the refund's few steps (claim, refund, record). */
const refundScenario: fc.Arbitrary<Scenario> = fc.record({
  payment: fc.constant('authorised' as const),
  outcome: fc.constantFrom<keyof typeof SANDBOX_NUMBERS>('successful', 'processing', 'answerLost'),
  actors: fc.array(actor, { minLength: 1, maxLength: 4 }),
  laterRefund: fc.record({
    clicks: fc.integer({ min: 1, max: 3 }),
    crash: fc.option(fc.record({ at: fc.nat({ max: 2 }), when: fc.constantFrom<'before' | 'after'>('before', 'after') }), { nil: null }),
  }),
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

  async function playScenario({ payment, outcome, actors, laterRefund }: Scenario) {
    run++;
    const kit = sandboxOrderServices(database.db, new Date(Date.UTC(2026, 0, 1) + run * 2 * DAY_MS));
    // A number of its own per run (recipient cooldown), ending in the digits that choose the delivery outcome.
    const phone = `0803${String(run % 1000).padStart(3, '0')}${SANDBOX_NUMBERS[outcome].slice(-4)}`;
    const card = payment === 'declined' ? { number: '4000000000000002' } : payment === 'review' ? { number: '4000000000009235' } : undefined;
    const { orderId, paymentIntentId } = await paidOrder(kit.services, { userId, phone, pay: payment !== 'unpaid', card });
    const [placed] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const topupCall = {
      paymentId: paymentIntentId,
      userId,
      destination: { countryIso: placed!.countryIso, operatorId: placed!.operatorId },
      amountCents: placed!.amountCents,
      recipientPhones: [placed!.recipientPhone],
    };

    const attempt = async (services: OrderServices, work: (fulfilment: ReturnType<typeof createFulfilment>) => Promise<unknown>) => {
      try {
        await work(createFulfilment(services));
      } catch (error) {
        // A person's action the order's status does not allow (yet, or any more) is refused: no failure either.
        if (!(error instanceof Crash || error instanceof PaymentNotAuthorisedError || error instanceof DomainError)) throw error;
      }
    };
    // Stripe's events, as its adapter hands them to the order code.
    const event = (type: string) => paymentEventOf({ id: `evt_${run}`, type, data: { object: { id: paymentIntentId } } });

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
      if (step.kind === 'browser' && !step.asRoute) await attempt(services, (fulfilment) => fulfilment.fulfil(orderId, 'browser'));
      if (step.kind === 'browser' && step.asRoute) {
        await attempt(services, async (fulfilment) => (await fulfilment.fulfilJustAuthorised(topupCall)) ?? fulfilment.fulfil(orderId, 'browser'));
      }
      if (step.kind === 'webhook') await attempt(services, (fulfilment) => handlePaymentEvent(services, fulfilment, event(step.event)));
      if (step.kind === 'reconciler') {
        kit.advance(step.afterMs);
        await attempt(services, (fulfilment) => reconcileDueOrders(services, fulfilment));
      }
      if (step.kind === 'adminRefund') {
        const fulfilment = createFulfilment(services);
        const click = () => attempt(services, () => refundOrder(services, fulfilment, { orderId, actor: ADMIN, reason: 'refund' }));
        await Promise.all(Array.from({ length: step.clicks }, click));
      }
      if (step.kind === 'adminApprove' || step.kind === 'adminReject') {
        const fulfilment = createFulfilment(services);
        const decide = step.kind === 'adminApprove' ? approveReview : rejectReview;
        const click = () => attempt(services, () => decide(services, fulfilment, { orderId, actor: ADMIN, reason: 'decided' }));
        await Promise.all(Array.from({ length: step.clicks }, click));
      }
      if (step.kind === 'adminCheck') {
        await attempt(services, (fulfilment) => checkNow(services, fulfilment, { orderId, actor: ADMIN, reason: 'check' }));
      }
    }

    // Recovery: the processes are back and only the reconciler runs, for up to a day and a bit.
    const recover = async () => {
      for (let round = 0; round < 40; round++) {
        const { order } = await orderLedger(database.db, orderId);
        // A canceled order with a look due still has its release to make sure of (a person's release or rejection
        // that crashed after its move): the reconciler goes on until it is done.
        if (SETTLED_STATUSES.includes(order.status as OrderStatus) && !(order.status === 'canceled' && order.nextCheckAt)) break;
        kit.advance(RECOVERY_STEP_MS);
        await reconcileDueOrders(kit.services, createFulfilment(kit.services));
      }
    };
    await recover();
    if (laterRefund) {
      const services = crashableServices(kit.services, new CrashSwitch(laterRefund.crash));
      const fulfilment = createFulfilment(services);
      const click = () => attempt(services, () => refundOrder(services, fulfilment, { orderId, actor: ADMIN, reason: 'refund' }));
      await Promise.all(Array.from({ length: laterRefund.clicks }, click));
      await recover();
    }

    const { order, events, intent, deliveries, refunds } = await orderLedger(database.db, orderId);
    const delivered = deliveries.filter((delivery) => delivery.status === 'SUCCESSFUL');
    const refundsMade = refunds.filter((refund) => refund.status === 'succeeded');

    // Every order ends, and every authorisation ends captured or cancelled.
    expect(SETTLED_STATUSES).toContain(order.status);
    expect(intent!.status).not.toBe('requires_capture');
    // At most one delivery per order.
    expect(deliveries.length).toBeLessThanOrEqual(1);
    // Charged exactly when delivered, and then exactly the total.
    expect(intent!.status === 'succeeded').toBe(delivered.length === 1);
    expect(order.status === 'completed' || order.status === 'refunded').toBe(delivered.length === 1);
    if (intent!.status === 'succeeded') expect(intent!.amountReceived).toBe(order.totalCents);
    // At most one refund, only of a captured payment, never more than it, and recorded exactly when made.
    expect(refundsMade.length).toBeLessThanOrEqual(1);
    expect(intent!.amountRefunded).toBeLessThanOrEqual(intent!.amountReceived);
    expect(order.status === 'refunded').toBe(refundsMade.length === 1);
    if (refundsMade.length === 1) expect(order).toMatchObject({ refundId: refundsMade[0]!.id, refundAttempts: 0 });
    if (refunds.length > 0) expect(intent!.status).toBe('succeeded');
    // Nothing is delivered without an authorisation.
    if (payment === 'declined' || payment === 'unpaid') expect(deliveries).toHaveLength(0);
    // An order held for review is never sent or charged unless a person approved it; only the risky card is held.
    const reviewed = events.some((event) => event.toStatus === 'in_review');
    const approved = events.some((event) => event.fromStatus === 'in_review' && event.toStatus === 'delivering');
    expect(reviewed).toBe(payment === 'review' && events.some((event) => event.toStatus === 'authorised'));
    if (reviewed && !approved) {
      expect(deliveries).toHaveLength(0);
      expect(intent!.status).not.toBe('succeeded');
    }
    // The audit trail is one unbroken path of allowed transitions ending at the current status; a person's check is
    // written beside it without a move.
    const moves = events.filter((event) => !(event.source === 'admin' && event.detail?.action === 'check'));
    for (const check of events.filter((event) => !moves.includes(event))) expect(check.fromStatus).toBe(check.toStatus);
    expect(moves[0]).toMatchObject({ fromStatus: null, toStatus: 'created' });
    for (let index = 1; index < moves.length; index++) {
      expect(moves[index]!.fromStatus).toBe(moves[index - 1]!.toStatus);
      expect(canTransition(moves[index]!.fromStatus as OrderStatus, moves[index]!.toStatus as OrderStatus)).toBe(true);
    }
    expect(moves.at(-1)!.toStatus).toBe(order.status);
  }

  it('never charges without delivery, never delivers twice or unpaid, refunds at most once, and always finishes', async () => {
    await fc.assert(fc.asyncProperty(scenario, playScenario), { numRuns: 60 });
  }, 120_000);

  it('refunds a delivered order exactly once, whatever the clicks, the crashes and the reconciler do', async () => {
    await fc.assert(fc.asyncProperty(refundScenario, playScenario), { numRuns: 30 });
  }, 120_000);
});
