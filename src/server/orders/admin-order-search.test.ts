import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminOrdersQuery } from '../../shared/api/admin';
import type { Database } from '../db/client';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { adminOrdersFiltersSchema, adminOrdersPageQuery } from './admin-queries';
import { decodeOrderCursor, encodeOrderCursor, phoneSearch } from './admin-order-search';
import { ago, HOUR, MINUTE, NOW, useConsoleOrders } from '../testing/console-orders';

describe('reading the search box as a phone number', () => {
  it('drops spaces, dashes, dots and parentheses, and reads a leading + or 00 as international', () => {
    expect(phoneSearch('+234 (803) 123-4567')).toEqual({ national: [], international: '2348031234567' });
    expect(phoneSearch('00234.803.123.4567')).toEqual({ national: ['002348031234567', '02348031234567'], international: '2348031234567' });
    expect(phoneSearch('0803 123 4567')).toEqual({ national: ['08031234567', '8031234567'], international: '08031234567' });
    expect(phoneSearch('8031234567')).toEqual({ national: ['8031234567', '08031234567'], international: '8031234567' });
  });

  it('is not a phone number with letters, an @, or fewer than 4 or more than 20 digits', () => {
    for (const q of ['pi_123', 'amina@example.com', '123', '+12', '1'.repeat(21), '12a45', '']) expect(phoneSearch(q)).toBeNull();
  });
});

describe('order list cursors', () => {
  const cursor = { createdAt: '2026-11-24T10:00:00.123456Z', id: '0b7c4a9e-3f52-4c1e-9d0a-6f1e2b3c4d5e' };

  it('travel as opaque text and come back exact to the microsecond', () => {
    expect(decodeOrderCursor(encodeOrderCursor(cursor))).toEqual(cursor);
  });

  it('refuse anything this list did not give', () => {
    const valid = encodeOrderCursor(cursor);
    const forged = (content: unknown) => Buffer.from(JSON.stringify(content)).toString('base64url');
    for (const value of [
      'garbage',
      `${valid.slice(0, 10)}x${valid.slice(11)}`,
      forged({ t: '2026-02-31T10:00:00.000000Z', i: cursor.id }),
      forged({ t: '2026-11-24T10:00:00Z', i: cursor.id }),
      forged({ t: cursor.createdAt, i: "1' or '1'='1" }),
      forged([cursor.createdAt, cursor.id]),
    ]) {
      expect(decodeOrderCursor(value), value).toBeNull();
      const parsed = adminOrdersFiltersSchema.safeParse({ cursor: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['cursor']);
    }
  });
});

describe.each(TEST_DATABASE_KINDS)('the console’s order list and its search box on %s', (kind) => {
  const fixture = useConsoleOrders(kind);
  const { order, list, ids, sorted, allPages, newestFirst } = fixture;
  let db: Database;
  let customer: string;
  beforeEach(() => {
    db = fixture.db;
    customer = fixture.customer;
  });

  describe('pages', () => {
    it('follow the cursor through orders created at the same instant without repeating or skipping one', async () => {
      const sameInstant = ago(30 * MINUTE);
      for (let index = 0; index < 7; index++) await order({ createdAt: sameInstant });
      for (let index = 0; index < 5; index++) await order({ createdAt: ago(index * 7 * MINUTE) });
      const expected = await newestFirst();
      expect(expected).toHaveLength(12);
      for (const limit of [1, 2, 5, 12, 50]) expect(await allPages({ limit }), `limit ${limit}`).toEqual(expected);
    });

    it('tell apart orders a microsecond apart, which a JavaScript date cannot', async () => {
      const earlier = await order();
      const later = await order();
      await db.execute(sql`update orders set created_at = '2026-11-24T10:00:00.123456Z' where id = ${earlier.id}`);
      await db.execute(sql`update orders set created_at = '2026-11-24T10:00:00.123457Z' where id = ${later.id}`);
      expect(await allPages({ limit: 1 })).toEqual([later.id, earlier.id]);
    });

    it('say there is no next page on the last one', async () => {
      await order();
      await order();
      expect((await list({ limit: 2 })).nextCursor).toBeNull();
      expect((await list({ limit: 1 })).nextCursor).not.toBeNull();
    });

    it('answer the rows the console shows', async () => {
      const created = await order({ status: 'completed', countryIso: 'NG', recipientPhone: '08031234567', amountCents: 1000, totalCents: 1075 });
      expect((await list()).orders).toEqual([
        {
          id: created.id,
          reference: created.reference,
          status: 'completed',
          createdAt: created.createdAt.toISOString(),
          updatedAt: created.updatedAt.toISOString(),
          userId: customer,
          customerEmail: 'amina@example.com',
          countryCode: 'NG',
          recipientPhone: '08031234567',
          callingCode: '234',
          operatorId: 341,
          operatorName: 'MTN Nigeria',
          amountCents: 1000,
          totalCents: 1075,
          paymentProvider: 'sandbox',
          attention: null,
        },
      ]);
    });
  });

  describe('filters', () => {
    it('by status, one or several, each page newest first', async () => {
      const made = { completed: [] as string[], canceled: [] as string[], created: [] as string[] };
      for (let index = 0; index < 9; index++) {
        const status = (['completed', 'canceled', 'created'] as const)[index % 3]!;
        made[status].push((await order({ status, createdAt: ago(index * MINUTE) })).id);
      }
      expect(sorted(await ids({ status: 'completed' }))).toEqual(sorted(made.completed));
      const both = await allPages({ status: 'completed,canceled', limit: 2 });
      expect(both).toEqual(await newestFirst(sql`status in ('completed', 'canceled')`));
      expect(both).toHaveLength(6);
      expect(await ids({ status: ['expired'] })).toEqual([]);
    });

    it('by created date range, a bare `to` date taking in the whole day', async () => {
      const before = await order({ createdAt: new Date('2026-11-20T23:59:59.999Z') });
      const start = await order({ createdAt: new Date('2026-11-21T00:00:00Z') });
      const end = await order({ createdAt: new Date('2026-11-21T23:59:59.999Z') });
      const after = await order({ createdAt: new Date('2026-11-22T00:00:00Z') });
      expect(await ids({ from: '2026-11-21', to: '2026-11-21' })).toEqual([end.id, start.id]);
      expect(await ids({ from: '2026-11-21T12:00:00Z' })).toEqual([after.id, end.id]);
      expect(await ids({ to: '2026-11-21T00:00:00Z' })).toEqual([start.id, before.id]);
    });

    it('by country, operator and payment provider', async () => {
      const ghana = await order({ countryIso: 'GH', recipientPhone: '0241234567', operatorId: 12, operatorName: 'MTN Ghana' });
      const stripe = await order({ paymentProvider: 'stripe' });
      const nigeria = await order();
      expect(await ids({ country: 'gh' })).toEqual([ghana.id]);
      expect(await ids({ operator: '12' })).toEqual([ghana.id]);
      expect(await ids({ provider: 'stripe' })).toEqual([stripe.id]);
      expect(sorted(await ids({ provider: 'sandbox', country: 'NG' }))).toEqual([nigeria.id]);
    });

    it('combine: every filter must hold', async () => {
      const match = await order({ status: 'completed', countryIso: 'GH', operatorId: 12, paymentProvider: 'stripe', createdAt: ago(2 * HOUR) });
      await order({ status: 'canceled', countryIso: 'GH', operatorId: 12, paymentProvider: 'stripe', createdAt: ago(2 * HOUR) });
      await order({ status: 'completed', countryIso: 'NG', operatorId: 12, paymentProvider: 'stripe', createdAt: ago(2 * HOUR) });
      await order({ status: 'completed', countryIso: 'GH', operatorId: 13, paymentProvider: 'stripe', createdAt: ago(2 * HOUR) });
      await order({ status: 'completed', countryIso: 'GH', operatorId: 12, paymentProvider: 'sandbox', createdAt: ago(2 * HOUR) });
      await order({ status: 'completed', countryIso: 'GH', operatorId: 12, paymentProvider: 'stripe', createdAt: ago(48 * HOUR) });
      const query = { status: 'completed,delivered', country: 'GH', operator: '12', provider: 'stripe', from: ago(24 * HOUR).toISOString() } as const;
      expect(await ids(query as AdminOrdersQuery)).toEqual([match.id]);
      expect(await ids({ ...query, q: 'amina@example.com' } as AdminOrdersQuery)).toEqual([match.id]);
      expect(await ids({ ...query, q: 'kofi@example.com' } as AdminOrdersQuery)).toEqual([]);
    });
  });

  describe('the search box', () => {
    it('finds an order by its id, payment intent, top-up transaction or customIdentifier, exactly', async () => {
      const target = await order({ paymentId: 'pi_3Pq9xKLm', topupTransactionId: '48213', customIdentifier: 'topup-custom-1' });
      await order({ paymentId: 'pi_3Pq9xKLmX', topupTransactionId: '482130', customIdentifier: 'topup-custom-10' });
      for (const q of [target.id, target.id.toUpperCase(), 'pi_3Pq9xKLm', '48213', 'topup-custom-1', `  ${target.id}  `]) {
        expect(await ids({ q }), q).toEqual([target.id]);
      }
      expect(await ids({ q: 'pi_3Pq9' })).toEqual([]);
    });

    it('finds an order by its reference with or without the dashes and the prefix, in any case, Crockford’s look-alikes taken', async () => {
      const target = await order({ reference: 'GT-0K1M-9QXZ' });
      await order({ reference: 'GT-0K1M-9QXY' });
      for (const q of ['GT-0K1M-9QXZ', 'gt-0k1m-9qxz', 'GT0K1M9QXZ', '0k1m9qxz', '0K1M-9QXZ', 'GT-OKIM-9QXZ', 'gt-oklm-9qxz']) {
        expect(await ids({ q }), q).toEqual([target.id]);
      }
      for (const q of ['GT-0K1M-9QX', 'GT-0K1M-9QXU', 'GT-0K1M-9QXZZ']) expect(await ids({ q }), q).toEqual([]);
    });

    it('finds the customer’s orders by their e-mail in any case', async () => {
      const mine = [await order(), await order({ createdAt: ago(2 * HOUR) })];
      const other = await insertTestUser(db, 'kofi@example.com');
      await insertOrderRow(db, { userId: other });
      expect(await ids({ q: 'Amina@Example.COM' })).toEqual(mine.map((row) => row.id));
      expect(await ids({ q: 'amina@example' })).toEqual([]);
    });

    it('finds the recipient’s number national or international, with or without the trunk 0, within the calling code’s country', async () => {
      const lagos = await order({ countryIso: 'NG', recipientPhone: '08031234567' });
      const accra = await order({ countryIso: 'GH', recipientPhone: '0241234567' });
      const noTrunk = await order({ countryIso: 'NG', recipientPhone: '8039998888' });
      const washington = await order({ countryIso: 'US', recipientPhone: '2025550123' });
      // The same national digits elsewhere: found as typed, never through another country's calling code.
      const lookalike = await order({ countryIso: 'GH', recipientPhone: '8031234567' });
      const cases: Array<[string, string[]]> = [
        ['08031234567', [lagos.id, lookalike.id]],
        ['803 123 4567', [lagos.id, lookalike.id]],
        ['+234 803 123 4567', [lagos.id]],
        ['+234 0803-123-4567', [lagos.id]],
        ['00234 (803) 123 4567', [lagos.id]],
        ['2348031234567', [lagos.id]],
        ['+233 24 123 4567', [accra.id]],
        ['+233 8031234567', [lookalike.id]],
        ['08039998888', [noTrunk.id]],
        ['+234 803 999 8888', [noTrunk.id]],
        ['+1 (202) 555-0123', [washington.id]],
        ['+234 24 123 4567', []],
      ];
      for (const [q, expected] of cases) expect(sorted(await ids({ q })), q).toEqual(sorted(expected));
    });

    it('pages through what several kinds of search find together, newest first', async () => {
      // One digit string that is a transaction id of some orders and the recipient's number of others.
      const found: string[] = [];
      for (let index = 0; index < 4; index++) found.push((await order({ recipientPhone: '08031234567', createdAt: ago(index * MINUTE) })).id);
      for (let index = 0; index < 3; index++) {
        found.push((await order({ recipientPhone: '0700000000', topupTransactionId: '08031234567', createdAt: ago(index * MINUTE + 1) })).id);
      }
      await order({ recipientPhone: '0700000000' });
      const pages = await allPages({ q: '08031234567', limit: 2 });
      expect(pages).toEqual(
        await newestFirst(
          sql`id in (${sql.join(
            found.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
      expect(pages).toHaveLength(7);
    });

    it('finds nothing, without failing, for text that is no id, address or number', async () => {
      await order();
      for (const q of ['hello world', "'; drop table orders; --", '%', '@', '+', '0000-0000']) expect(await ids({ q }), q).toEqual([]);
    });
  });

  describe('indexes', () => {
    /** The plan PostgreSQL makes for a page when it may not read a whole table if an index can answer. */
    async function planOf(query: AdminOrdersQuery): Promise<string> {
      const { query: page } = await adminOrdersPageQuery(db, adminOrdersFiltersSchema.parse(query), NOW);
      return db.transaction(async (transaction) => {
        await transaction.execute(sql`set local enable_seqscan = off`);
        // The plan a fresh database makes: no column statistics left by rows earlier test files wrote and removed
        // (a country rare among those would make its index look better than the number's).
        await transaction.execute(sql`delete from pg_statistic where starelid = 'orders'::regclass`);
        const result = (await transaction.execute(sql`explain ${page.getSQL()}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
        return result.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
    }

    it('answer every kind of search and the leading filters through the index made for each, never reading the whole table', async () => {
      const row = await order({ topupTransactionId: '48213' });
      const cursor = encodeOrderCursor({ createdAt: '2026-11-24T10:00:00.000000Z', id: row.id });
      const cases: Array<[AdminOrdersQuery, Array<string | RegExp>]> = [
        [{}, ['orders_created_idx']],
        [{ cursor }, ['orders_created_idx']],
        [{ from: '2026-11-01', to: '2026-11-24' }, ['orders_created_idx']],
        [{ status: 'completed' }, ['orders_status_created_idx']],
        [{ status: 'completed,canceled', cursor }, ['orders_status_created_idx']],
        [{ q: row.id }, ['orders_pkey']],
        [{ q: 'pi_123' }, ['orders_payment_intent_unique']],
        [{ q: '48213' }, ['orders_topup_transaction_idx']],
        [{ q: row.customIdentifier }, ['orders_custom_identifier_unique']],
        [{ q: row.reference.toLowerCase() }, ['orders_reference_unique']],
        [{ q: 'amina@example.com', cursor }, ['orders_user_created_idx']],
        // A number is read by its own index, or (on a table this small, the planner's choice) by its country's.
        [{ q: '+234 803 123 4567', cursor }, [/orders_(phone|country)_created_idx/]],
        [{ q: '08031234567' }, [/orders_(phone|country)_created_idx/]],
      ];
      for (const [query, indexes] of cases) {
        const plan = await planOf(query);
        expect(plan, `${JSON.stringify(query)}\n${plan}`).not.toMatch(/Seq Scan on (orders|"user")/);
        for (const index of indexes) expect(plan, `${JSON.stringify(query)}\n${plan}`).toMatch(index);
      }
    });
  });
});
