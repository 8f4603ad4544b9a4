import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AdminOrdersQuery } from '../../shared/api/admin';
import { adminOrdersFiltersSchema, listAdminOrders } from '../orders/admin-queries';
import { openTestDatabase, type TEST_DATABASE_KINDS, type TestDatabase } from './databases';
import { insertOrderRow, type OrderRowValues } from './order-rows';
import { insertTestUser } from './orders';

/** The console's order query tests: their clock, and a database with one customer whose orders they write. */
export const NOW = new Date('2026-11-24T12:00:00Z');
export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;
export const ago = (ms: number) => new Date(NOW.getTime() - ms);

/**
 * The test database, opened once for the file and emptied before each test, with the customer amina@example.com;
 * `order()` writes one of hers (an hour old unless told), `list()` and `ids()` read the console's list at NOW.
 */
export function useConsoleOrders(kind: (typeof TEST_DATABASE_KINDS)[number]) {
  let database: TestDatabase;
  let customer: string;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
    customer = await insertTestUser(database.db, 'amina@example.com');
  });
  afterAll(() => database.close());

  const order = (values: Partial<OrderRowValues> = {}) => insertOrderRow(database.db, { userId: customer, createdAt: ago(HOUR), ...values });
  const list = (query: AdminOrdersQuery = {}) => listAdminOrders(database.db, adminOrdersFiltersSchema.parse(query), NOW);
  const ids = async (query: AdminOrdersQuery = {}) => (await list(query)).orders.map((row) => row.id);
  const sorted = (values: string[]) => [...values].sort();

  /** Every page of a query, following nextCursor to the end. */
  async function allPages(query: AdminOrdersQuery) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const result = await list({ ...query, cursor });
      seen.push(...result.orders.map((row) => row.id));
      if (!result.nextCursor) return seen;
      cursor = result.nextCursor;
    }
    throw new Error('the cursors never reached the end');
  }

  /** The ids newest first, as PostgreSQL orders them: the reference the pages must agree with. */
  async function newestFirst(where = sql`true`) {
    const result = (await database.db.execute(sql`select id from orders where ${where} order by created_at desc, id desc`)) as unknown as {
      rows: Array<{ id: string }>;
    };
    return result.rows.map((row) => row.id);
  }

  return {
    get db() {
      return database.db;
    },
    get customer() {
      return customer;
    },
    order,
    list,
    ids,
    sorted,
    allPages,
    newestFirst,
  };
}
