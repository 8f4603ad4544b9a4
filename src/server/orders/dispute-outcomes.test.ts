import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/raw-rows';
import { disputes } from '../db/schema';
import { PaymentProviderError } from '../payments/provider';
import { SANDBOX_EVIDENCE_DAYS } from '../payments/sandbox/disputes';
import { DISPUTE_CARDS, testEvidence, wiredSandbox } from '../testing/disputes';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertTestUser, orderLedger, paidOrder } from '../testing/orders';
import { rejectionOf } from '../testing/rejections';
import { listAttention } from './admin-queries';
import { marginCentsOf } from './order-cost';
import { handlePaymentEvent } from './payment-events';
import { settlement } from './settlement';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('a dispute from opening to its outcome, on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  /** A completed order paid with `card`, and its dispute once the sandbox has told it (created, funds withdrawn). */
  async function disputedOrder(card: { number: string }) {
    const wired = wiredSandbox(database.db);
    const { orderId, paymentIntentId } = await paidOrder(wired.services, { userId: await insertTestUser(database.db), card });
    expect((await wired.fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    await wired.settled(2);
    const [dispute] = await database.db.select().from(disputes).where(eq(disputes.orderId, orderId));
    return { ...wired, orderId, paymentIntentId, dispute: dispute! };
  }

  /** The settlement's dispute figures of the order's day, and the same figures as SQL over the orders adds them up. */
  async function disputeFigures(now: Date) {
    const day = '2026-11-22';
    const { settlement: answer } = await settlement(database.db, { from: day, to: day }, now);
    const [row] = await rowsOf<{ disputed: string; orders: string; margin_part: string }>(
      database.db,
      sql`select coalesce(sum(disputed_cents), 0) as disputed, count(disputed_at) as orders,
                 coalesce(sum(coalesce(processor_fee_cents, 0) + coalesce(dispute_fee_cents, 0)), 0) as margin_part
          from orders where created_at >= ${`${day}T00:00:00Z`}::timestamptz and created_at < ${`${day}T00:00:00Z`}::timestamptz + interval '1 day'`,
    );
    return {
      answered: { disputed: answer.totals.disputedCents, orders: answer.totals.orders.disputed, fees: answer.totals.processorFeeCents },
      fromOrders: { disputed: Number(row!.disputed), orders: Number(row!.orders), fees: Number(row!.margin_part) },
      margin: answer.totals.marginCents,
    };
  }

  it('the fraud test card opens a dispute awaiting evidence, its amount taken and the order in the queue with it', async () => {
    const { services, orderId, dispute } = await disputedOrder(DISPUTE_CARDS.fraudulent);
    const { order } = await orderLedger(database.db, orderId);
    expect(dispute).toMatchObject({
      id: expect.stringMatching(/^dp_sandbox_/),
      amountCents: order.totalCents,
      reason: 'fraudulent',
      status: 'needs_response',
      outcome: null,
      closedAt: null,
      evidenceDueBy: new Date(services.now().getTime() + SANDBOX_EVIDENCE_DAYS * DAY_MS),
    });
    expect(order).toMatchObject({ disputedCents: order.totalCents, disputeFeeCents: 1500 });
    const { items } = await listAttention(database.db, services.now());
    expect(items).toEqual([
      expect.objectContaining({
        reason: 'dispute',
        dispute: expect.objectContaining({ amountCents: order.totalCents, reason: 'fraudulent', status: 'needs_response', canSubmitEvidence: true }),
      }),
    ]);
    const figures = await disputeFigures(services.now());
    expect(figures.answered).toEqual(figures.fromOrders);
    expect(figures.answered.disputed).toBe(order.totalCents);
  });

  it('won with winning_evidence: the amount comes back, the fee stays lost, the queue lets the order go', async () => {
    const { services, orderId, dispute, delivered, settled } = await disputedOrder(DISPUTE_CARDS.fraudulent);
    const lostBefore = await disputeFigures(services.now());
    const answer = await services.payments.submitDisputeEvidence(dispute.id, testEvidence('winning_evidence'));
    expect(answer.status).toBe('under_review');
    await settled(5);
    expect(delivered.slice(2).map((event) => event.type)).toEqual([
      'charge.dispute.updated',
      'charge.dispute.closed',
      'charge.dispute.funds_reinstated',
    ]);
    const [won] = await database.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(won).toMatchObject({ status: 'won', outcome: 'won', closedAt: services.now() });
    const { order, events } = await orderLedger(database.db, orderId);
    expect(order).toMatchObject({ disputedCents: 0, disputeFeeCents: 1500, attentionReason: null });
    expect(marginCentsOf(order)).toBe(order.totalCents - order.providerCostCents! - order.processorFeeCents! - 1500);
    expect(events.at(-1)!.detail).toEqual({ dispute: dispute.id, disputeStatus: 'won' });
    expect((await listAttention(database.db, services.now())).count).toBe(0);
    // The figures follow: still one disputed order, its fee still counted, its amount no longer lost.
    const figures = await disputeFigures(new Date(services.now().getTime() + 60_000));
    expect(figures.answered).toEqual(figures.fromOrders);
    expect(figures.answered).toMatchObject({ disputed: 0, orders: 1 });
    expect(figures.margin).toBe(lostBefore.margin + order.totalCents);
  });

  it('lost with losing_evidence: the amount stays lost, in the figures too', async () => {
    const { services, orderId, dispute, settled } = await disputedOrder(DISPUTE_CARDS.productNotReceived);
    expect(dispute).toMatchObject({ reason: 'product_not_received', status: 'needs_response' });
    await services.payments.submitDisputeEvidence(dispute.id, testEvidence('Delivered, see the record. losing_evidence'));
    await settled(4);
    const [lost] = await database.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(lost).toMatchObject({ status: 'lost', outcome: 'lost' });
    const { order } = await orderLedger(database.db, orderId);
    expect(order).toMatchObject({ disputedCents: order.totalCents, disputeFeeCents: 1500 });
    const figures = await disputeFigures(new Date(services.now().getTime() + 60_000));
    expect(figures.answered).toEqual(figures.fromOrders);
    expect(figures.answered.disputed).toBe(order.totalCents);
  });

  it('other evidence leaves the dispute under review; a second submission is refused as Stripe refuses it', async () => {
    const { services, dispute, settled } = await disputedOrder(DISPUTE_CARDS.fraudulent);
    await services.payments.submitDisputeEvidence(dispute.id, testEvidence('The top-up was delivered.'));
    await settled(3);
    const [reviewed] = await database.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(reviewed).toMatchObject({ status: 'under_review', outcome: null, closedAt: null });
    const refusal = await rejectionOf(services.payments.submitDisputeEvidence(dispute.id, testEvidence('winning_evidence')), PaymentProviderError);
    expect(refusal).toMatchObject({ status: 400, code: 'dispute_not_updatable' });
    expect((await services.payments.getDispute(dispute.id)).status).toBe('under_review');
  });

  it('its events replayed, in any order, change nothing more: one flag, one record, the same money', async () => {
    const { services, fulfilment, orderId, dispute, delivered, settled } = await disputedOrder(DISPUTE_CARDS.fraudulent);
    await services.payments.submitDisputeEvidence(dispute.id, testEvidence('winning_evidence'));
    await settled(5);
    const before = await orderLedger(database.db, orderId);
    const [record] = await database.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    for (const event of [...delivered].reverse()) await handlePaymentEvent(services, fulfilment, event);
    for (const event of delivered) await handlePaymentEvent(services, fulfilment, event);
    const after = await orderLedger(database.db, orderId);
    expect(after.order).toEqual(before.order);
    expect(after.events).toHaveLength(before.events.length);
    expect(await database.db.select().from(disputes)).toEqual([record]);
  });

  it('a close that arrives before the opening still ends in the won record, its amount given back', async () => {
    const wired = wiredSandbox(database.db, async () => {});
    const { orderId } = await paidOrder(wired.services, { userId: await insertTestUser(database.db), card: DISPUTE_CARDS.fraudulent });
    await wired.fulfilment.fulfil(orderId, 'browser');
    await wired.settled(2);
    const [opened] = await database.db.select().from(disputes);
    expect(opened).toBeUndefined();
    const created = wired.delivered[0]!;
    const disputeId = created.disputeId!;
    await wired.services.payments.submitDisputeEvidence(disputeId, testEvidence('winning_evidence'));
    await wired.settled(5);
    // Handled last first: the closed event, then the created one.
    for (const event of [...wired.delivered].reverse()) await handlePaymentEvent(wired.services, wired.fulfilment, event);
    const [record] = await database.db.select().from(disputes);
    expect(record).toMatchObject({ id: disputeId, status: 'won', outcome: 'won' });
    const { order } = await orderLedger(database.db, orderId);
    expect(order).toMatchObject({ disputedCents: 0, disputeFeeCents: 1500, attentionReason: null });
  });
});
