import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoTopupRuns, orders, sandboxPaymentIntents } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { insertSavedCard, insertSchedule } from '../testing/auto-topups';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { createFulfilment, insertTestUser, sandboxOrderServices } from '../testing/orders';
import { autoTopupLinkKey } from './links';
import { CHARGE_LEASE_MS, orderKeyOf, runAutoTopups, type AutoTopupDeps, type ChargePoint } from './runner';

const MINUTE = 60_000;
const quietMailer: Mailer = { kind: 'outbox', send: async () => {}, sendMarked: async () => new Map() };

/** What one instance does in a step: a pass, maybe stopped as a crash at a point of its charge. */
const pass = fc.record({ crash: fc.option(fc.constantFrom<ChargePoint>('claimed', 'ordered', 'authorised'), { nil: undefined }) });
const step = fc.oneof(
  fc.record({ kind: fc.constant('one' as const), instance: fc.constantFrom(0, 1), pass }),
  fc.record({ kind: fc.constant('both' as const), first: pass, second: pass }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 8 }) }),
);

describe.each(TEST_DATABASE_KINDS)('auto top-up charges on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('crashes and two instances around the due time never make two orders for one period, and the period is charged once', async () => {
    await database.reset();
    const base = sandboxOrderServices(database.db);
    const userId = await insertTestUser(database.db);
    const savedCardId = await insertSavedCard(database.db, userId);
    // Two instances: their own order code (fulfilment, providers' memory) on one database and one clock.
    const instances = [0, 1].map(() => {
      const services = { ...sandboxOrderServices(database.db).services, now: base.services.now };
      const deps: AutoTopupDeps = {
        services,
        fulfilment: createFulfilment(services),
        mailer: quietMailer,
        publicUrl: 'http://localhost:3000',
        linkKey: autoTopupLinkKey('a-test-secret-of-at-least-32-characters'),
        reminderMinutes: 60,
        log: { info() {}, error() {} },
      };
      return deps;
    });
    const run = (instance: AutoTopupDeps, crash: ChargePoint | undefined) =>
      runAutoTopups({
        ...instance,
        crashAt: (point) => {
          if (point === crash) throw new Error(`crashed at ${point}`);
        },
      });
    let numbers = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), async (steps) => {
        const phone = `0803${6101100 + ++numbers}`;
        const scheduleId = await insertSchedule(base.services, { userId, savedCardId, phone, dueAt: new Date(base.clock.now.getTime() + MINUTE) });
        base.advance(MINUTE);
        for (const next of steps) {
          if (next.kind === 'wait') base.advance(next.minutes * MINUTE);
          else if (next.kind === 'one') await run(instances[next.instance]!, next.pass.crash);
          else await Promise.all([run(instances[0]!, next.first.crash), run(instances[1]!, next.second.crash)]);
        }
        // Whatever happened, once the leases lapse the instances finish what was left.
        base.advance(CHARGE_LEASE_MS + MINUTE);
        await Promise.all([run(instances[0]!, undefined), run(instances[1]!, undefined)]);

        const made = await database.db
          .select()
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.recipientPhone, phone)));
        expect(made.map((order) => order.orderKey)).toEqual([orderKeyOf(scheduleId, 0)]);
        expect(made[0]!.status).toBe('completed');
        const captured = await database.db
          .select()
          .from(sandboxPaymentIntents)
          .where(
            and(
              inArray(
                sandboxPaymentIntents.id,
                made.map((order) => order.paymentId!),
              ),
              eq(sandboxPaymentIntents.status, 'succeeded'),
            ),
          );
        expect(captured).toHaveLength(1);
        const runs = await database.db.select().from(autoTopupRuns).where(eq(autoTopupRuns.scheduleId, scheduleId));
        expect(runs).toMatchObject([{ period: 0, outcome: 'completed', orderId: made[0]!.id }]);
        // The next top-up of another number is not held back by the wait between two top-ups of one number.
        base.advance(3 * MINUTE);
      }),
      { numRuns: 20 },
    );
  });
});
