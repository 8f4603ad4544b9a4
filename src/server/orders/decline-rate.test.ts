import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DECLINE_ALERT } from '../../shared/api/admin-overview';
import type { Database } from '../db/client';
import { paymentDeclines } from '../db/schema';
import { createAppMetrics } from '../metrics/scrape';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { createFulfilment, insertTestUser, paidOrder, sandboxOrderServices } from '../testing/orders';
import { recordDecline } from '../risk/assess';
import { DECLINE_RATE_WINDOW_MS, declineRate } from './decline-rate';
import { adminOverview } from './overview';
import { handlePaymentEvent } from './payment-events';

const NOW = new Date('2026-11-24T12:00:00Z');
const MINUTE = 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('the decline rate of the last hour on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let customer: string;
  let eventCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
  });
  beforeEach(async () => {
    await database.reset();
    customer = await insertTestUser(db);
  });
  afterAll(() => database.close());

  /** `authorised` payments and `declined` declines, spread over the hour before `now`. */
  async function payments(authorised: number, declined: number, now = NOW) {
    for (let index = 0; index < authorised; index++) {
      await insertOrderRow(db, { userId: customer, status: 'completed', authorisedAt: new Date(now.getTime() - (index + 1) * 30_000) });
    }
    const order = await insertOrderRow(db, { userId: customer, status: 'created' });
    for (let index = 0; index < declined; index++) {
      await recordDecline(db, {
        orderId: order.id,
        userId: customer,
        paymentId: 'pi_declined',
        eventId: `evt_${++eventCounter}`,
        payment: {
          card: null,
          lastPaymentError: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Declined' },
        },
        now: new Date(now.getTime() - (index + 1) * 30_000),
      });
    }
  }

  it('is not raised at exactly 20 % of 50 payments, and is raised above it', async () => {
    await payments(40, 10);
    expect(await declineRate(db, NOW, DEFAULT_DECLINE_ALERT)).toEqual({
      payments: 50,
      declines: 10,
      rate: 0.2,
      raised: false,
      thresholds: { ratePercent: 20, minPayments: 50 },
    });
    await payments(0, 1);
    expect(await declineRate(db, NOW, DEFAULT_DECLINE_ALERT)).toMatchObject({ payments: 51, declines: 11, raised: true });
  });

  it('is not raised under the least number of payments, however many of them were declined', async () => {
    await payments(9, 40);
    expect(await declineRate(db, NOW, DEFAULT_DECLINE_ALERT)).toMatchObject({ payments: 49, declines: 40, raised: false });
    expect(await declineRate(db, NOW, { ratePercent: 20, minPayments: 49 })).toMatchObject({ raised: true });
  });

  it('counts only the last hour', async () => {
    await payments(10, 10, new Date(NOW.getTime() - DECLINE_RATE_WINDOW_MS - MINUTE));
    expect(await declineRate(db, NOW, DEFAULT_DECLINE_ALERT)).toMatchObject({ payments: 0, declines: 0, rate: null, raised: false });
  });

  it('shows on the overview and in the metrics an operator alerts on', async () => {
    await payments(30, 30);
    expect((await adminOverview(db, NOW)).declineRate).toMatchObject({ payments: 60, declines: 30, rate: 0.5, raised: true });
    const text = await createAppMetrics({
      database: { db } as never,
      now: () => NOW,
      readDeclineRate: (at) => declineRate(db, at, DEFAULT_DECLINE_ALERT),
    }).text();
    expect(text).toContain('payment_decline_alert 1');
    expect(text).toContain('payment_decline_rate 0.5');
    expect(text).toContain('payment_attempts_last_hour{outcome="declined"} 30');
    expect(text).toContain('payment_attempts_last_hour{outcome="authorised"} 30');
  });

  it("records a declined payment from its provider's payment_failed event, once however often the event comes", async () => {
    const { services } = sandboxOrderServices(db, NOW);
    const fulfilment = createFulfilment(services);
    const { orderId, paymentIntentId } = await paidOrder(services, { userId: customer, card: { number: '4000000000009995' } });
    const event = { id: 'evt_failed_1', kind: 'failed' as const, type: 'payment_intent.payment_failed', paymentId: paymentIntentId, chargeId: null };
    await handlePaymentEvent(services, fulfilment, event);
    await handlePaymentEvent(services, fulfilment, event);
    const rows = await db.select().from(paymentDeclines).where(eq(paymentDeclines.orderId, orderId));
    expect(rows).toEqual([expect.objectContaining({ paymentId: paymentIntentId, code: 'insufficient_funds', eventId: 'evt_failed_1' })]);
    expect(await declineRate(db, NOW, DEFAULT_DECLINE_ALERT)).toMatchObject({ payments: 1, declines: 1 });
  });
});
