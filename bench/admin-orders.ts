/**
 * The operations console's order list on a million orders: seeds 1,000,000 orders (and their order_events) into a
 * PostgreSQL database of its own with set-based SQL, then times, inside the process and with the functions the routes
 * call, the list with no filter, each filter, and each kind of search, on the first page and on the 200th (reached by
 * following the cursors), plus the attention queue, its count and one order. Prints p50/p95 per case against a 50 ms
 * goal for the p95, and the plan's indexes for each case. PostgreSQL is BENCH_POSTGRES_URL (default the local server);
 * the database (BENCH_DATABASE, default topup_bench) is created for the run and dropped after it (BENCH_REUSE_DATABASE=1
 * keeps it, and measures a kept one again without seeding). Skipped when PostgreSQL does not answer, or with
 * `npm run bench -- --skip=admin-orders`. The console's overview (admin-overview.ts) is measured on the same orders,
 * seeded by withBenchDatabase below.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import type { AdminOrdersQuery } from '../src/shared/api/admin';
import { connectPostgres, type Database, type DatabaseHandle } from '../src/server/db/client';
import { seedDatabase } from '../src/server/seed';
import { adminOrderDetail, adminOrdersFiltersSchema, adminOrdersPageQuery, listAdminOrders, listAttention } from '../src/server/orders/admin-queries';
import { countAttention } from '../src/server/orders/attention';
import { ATTENTION_REASONS } from '../src/server/orders/fulfilment';
import { ms, percentile } from './stats';

const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Another name keeps two runs on one PostgreSQL server from dropping each other's orders. */
const DATABASE = process.env.BENCH_DATABASE ?? 'topup_bench';
const ORDERS = 1_000_000;
const CUSTOMERS = 100_000;
/** One customer with many orders and one number topped up many times, so that their searches have a 200th page. */
const HEAVY_CUSTOMER_EVERY = 40;
const HEAVY_RECIPIENT_EVERY = 41;
const DEEP_PAGE = 200;
const RUNS = 40;
const WARM_UP_RUNS = 3;
const GOAL_P95_MS = 50;
/** Orders are 20 seconds apart, three at each instant: the cursor must tell equal created_at apart by id. */
const ORDERS_PER_INSTANT = 3;
const SECONDS_BETWEEN_INSTANTS = 20;
/** Each destination's first operators share its orders. */
const OPERATORS_PER_DESTINATION = 3;
const DESTINATIONS = ['NG', 'GH', 'KE', 'US', 'MX', 'IN', 'PH', 'BD', 'PK', 'JM', 'HT', 'DO', 'GT', 'SV', 'CO', 'PE', 'BR', 'ZA', 'EG', 'MA'];

/** BENCH_REUSE_DATABASE=1 keeps the seeded database after the run and measures a kept one again without seeding it. */
const REUSE = process.env.BENCH_REUSE_DATABASE === '1';

/** Creates the database `name` (afresh, unless a kept one is reused); null when PostgreSQL does not answer. */
async function openBenchDatabase(name: string): Promise<{ url: string; seeded: boolean; drop: () => Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`PostgreSQL skipped: ${POSTGRES_ADMIN_URL} is unreachable (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  let seeded = false;
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    seeded = REUSE && rowCount === 1;
    if (!seeded) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    seeded,
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => dropper.end());
    },
  };
}

const loadAverage = () => loadavg()[0]!.toFixed(1);
const seconds = (startedAt: number) => `${((performance.now() - startedAt) / 1000).toFixed(1)} s`;

/**
 * 77 days of orders (the newest first in `g`, about 13,000 a day, written in that order), in the shares a live shop has: most completed, some
 * canceled or expired, a few refunded, in flight or waiting for a person. Delivered ones took 4 to 12 seconds from the
 * payment, one in 53 up to 10 minutes more. Every 40th order is the heavy customer's, every 41st goes to the heavy
 * recipient's number; the others go to 100,000 customers and to numbers of their own.
 */
async function seed(client: pg.Client): Promise<void> {
  const dialect = new PgDialect();
  const step = async (label: string, statement: SQL) => {
    const startedAt = performance.now();
    const query = dialect.sqlToQuery(statement);
    await client.query(query.sql, query.params);
    console.log(`  ${label}: ${seconds(startedAt)}`);
  };
  // Loading into a table and then building its indexes is several times faster than keeping them up to date row by
  // row; the indexes are the migrations' own, read back from the catalog.
  const { rows: indexes } = await client.query<{ indexdef: string; indexname: string }>(
    `select indexname, indexdef from pg_indexes where tablename in ('orders', 'order_events') and indexname not like '%_pkey'`,
  );
  await client.query(`set maintenance_work_mem = '512MB'`);
  // The rows are made consistent here; checking each one's foreign keys by trigger would take longer than the load.
  await client.query(`set session_replication_role = replica`);
  await step('drop the indexes to build after', sql.raw(indexes.map((index) => `drop index "${index.indexname}";`).join('\n')));
  await step(
    'customers',
    sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        select 'bench-customer-' || g, 'Customer ' || g, 'customer' || g || '@example.com', true, now() - interval '400 days', now()
        from generate_series(0, ${CUSTOMERS - 1}) g
        union all select 'bench-heavy', 'Heavy Customer', 'heavy@example.com', true, now() - interval '400 days', now()`,
  );
  await step(
    'destinations',
    sql`create unlogged table bench_destinations as
        select (row_number() over (order by country_iso, operator_id) - 1)::int as slot, *
        from (
          select o.id as operator_id, o.name as operator_name, o.country_iso, o.destination_currency_code,
                 row_number() over (partition by o.country_iso order by o.id) as nth
          from operators o where o.country_iso in (${sql.join(
            DESTINATIONS.map((iso) => sql`${iso}`),
            sql`, `,
          )})
        ) firsts
        where nth <= ${OPERATORS_PER_DESTINATION}`,
  );
  await step(
    `${ORDERS.toLocaleString('en')} orders`,
    sql`insert into orders (id, user_id, order_key, status, operator_id, operator_name, country_iso, recipient_phone, amount_cents,
          percentage_fee_cents, standard_fee_cents, total_cents, destination_currency_code, payment_provider, payment_intent_id,
          custom_identifier, topup_transaction_id, attention_reason, attention_since, authorised_at, claimed_at, delivered_at, finished_at,
          refund_id, refunded_at, created_at, updated_at)
        select id, user_id, 'bench-' || g, status, d.operator_id, d.operator_name, d.country_iso, phone, amount, amount / 20, 50,
               amount + amount / 20 + 50, d.destination_currency_code, case when g % 10 = 0 then 'sandbox' else 'stripe' end,
               'pi_bench_' || md5(g::text), 'topup-' || id,
               case when status in ('completed', 'delivered', 'capture_failed', 'delivery_failed', 'refunded') then (100000000 + g)::text end,
               case when g % 5003 = 0 then ${ATTENTION_REASONS.amountMismatch} when g % 7001 = 0 then ${ATTENTION_REASONS.holdLapsed} end,
               case when g % 5003 = 0 or g % 7001 = 0 then created_at + interval '2 minutes' end,
               case when status not in ('created', 'expired') then created_at + interval '5 seconds' end,
               case when status not in ('created', 'expired', 'authorised', 'canceled') then created_at + interval '6 seconds' end,
               case when status in ('completed', 'delivered', 'capture_failed', 'refunded')
                 then created_at + interval '9 seconds' + (g % 9) * interval '1 second'
                      + case when g % 53 = 0 then (g % 600) * interval '1 second' else interval '0 seconds' end end,
               case when status in ('completed', 'canceled', 'expired', 'refunded') then created_at + interval '20 seconds' end,
               case when status = 'refunded' then 're_bench_' || md5(g::text) end,
               case when status = 'refunded' then created_at + (g % 5) * interval '1 day' + interval '1 hour' end,
               created_at, created_at + interval '20 seconds'
        from (
          select g, md5('bench-order-' || g)::uuid as id,
                 now() - (g / ${ORDERS_PER_INSTANT}) * interval '${sql.raw(String(SECONDS_BETWEEN_INSTANTS))} seconds' as created_at,
                 case when g % ${HEAVY_CUSTOMER_EVERY} = 0 then 'bench-heavy' else 'bench-customer-' || (g * 7919 % ${CUSTOMERS}) end as user_id,
                 case when g % ${HEAVY_RECIPIENT_EVERY} = 0 then '08031234567' else '0' || (700000000 + g)::text end as phone,
                 (5 + g % 20) * 100 as amount,
                 case
                   when g % 1000 = 1 then 'capture_failed'
                   when g < 3000 and g % 100 = 2 then 'delivery_pending'
                   when g < 3000 and g % 100 = 4 then 'delivering'
                   when g < 3000 and g % 100 = 5 then 'authorised'
                   when g % 100 < 3 then 'delivery_failed'
                   when g % 100 < 11 then 'canceled'
                   when g % 100 < 16 then 'expired'
                   when g % 500 = 17 then 'refunded'
                   else 'completed'
                 end as status
          from generate_series(0::bigint, ${ORDERS - 1}) g
        ) o
        join bench_destinations d on d.slot = case
          when g % ${HEAVY_RECIPIENT_EVERY} = 0 then (select min(slot) from bench_destinations where country_iso = 'NG')
          else g % (select count(*) from bench_destinations)
        end
        -- In the order a live shop writes them, one after another: a day's orders lie together in the table.
        order by g`,
  );
  await step(
    'order events',
    sql`insert into order_events (order_id, from_status, to_status, source, detail, created_at)
        select o.id, e.from_status, e.to_status, e.source, null, o.created_at + e.after
        from orders o
        cross join lateral (values
          (1, null, 'created', 'checkout', interval '0 seconds'),
          (2, 'created', 'authorised', 'webhook', interval '5 seconds'),
          (3, 'authorised', 'delivering', 'browser', interval '6 seconds'),
          (4, 'delivering', 'delivered', 'browser', interval '9 seconds'),
          (5, 'delivered', 'completed', 'browser', interval '10 seconds')
        ) e(n, from_status, to_status, source, after)
        where o.status = 'completed' or (o.status <> 'completed' and e.n = 1)`,
  );
  await step('drop scratch table', sql`drop table bench_destinations`);
  // Drawn at random from 32^8, two of a million references are the same about half the time; a checkout would draw
  // again (state-machine.ts), so does the seed, before the unique index is built.
  for (let drawn = Infinity; drawn > 0;) {
    const { rowCount } = await client.query(
      `update orders set reference = default where id in (
         select id from (select id, row_number() over (partition by reference order by id) as n from orders) twice where n > 1)`,
    );
    drawn = rowCount ?? 0;
    if (drawn > 0) console.log(`  references drawn twice, drawn again: ${drawn}`);
  }
  await step(`build ${indexes.length} indexes`, sql.raw(indexes.map((index) => `${index.indexdef};`).join('\n')));
  await step('vacuum analyze', sql`vacuum analyze`);
}

export interface Timing {
  p50: number;
  p95: number;
}

/** p50 and p95 of RUNS calls after WARM_UP_RUNS; `prepare`, when given, runs before each call, untimed. */
export async function time(run: () => Promise<unknown>, prepare?: () => Promise<unknown>): Promise<Timing> {
  for (let index = 0; index < WARM_UP_RUNS; index++) {
    await prepare?.();
    await run();
  }
  const samples: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    await prepare?.();
    const startedAt = performance.now();
    await run();
    samples.push(performance.now() - startedAt);
  }
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** The indexes the plan of a page reads, and whether it reads the orders table whole. */
async function indexesOf(db: Database, query: AdminOrdersQuery, now: Date): Promise<string> {
  const { query: page } = await adminOrdersPageQuery(db, adminOrdersFiltersSchema.parse(query), now);
  const result = (await db.execute(sql`explain ${page.getSQL()}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> };
  const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
  const indexes = new Set(
    [...plan.matchAll(/(?:using|Bitmap Index Scan on) (\w+)/g)]
      .map((match) => match[1]!)
      .filter((name) => name.startsWith('orders') || name.startsWith('user')),
  );
  const scans = [...plan.matchAll(/Seq Scan on (\w+)/g)].map((match) => match[1]!).filter((table) => table === 'orders' || table === 'user');
  return [...indexes].join(', ') + (scans.length ? `  READS WHOLE TABLE: ${scans.join(', ')}` : '');
}

/** The query's cursor for its page number `page` (1-based), following nextCursor from the first. */
async function cursorOfPage(db: Database, query: AdminOrdersQuery, page: number, now: Date): Promise<string | undefined> {
  let cursor: string | undefined;
  for (let index = 1; index < page; index++) {
    const result = await listAdminOrders(db, adminOrdersFiltersSchema.parse({ ...query, cursor }), now);
    if (!result.nextCursor) throw new Error(`${JSON.stringify(query)} has only ${index} pages`);
    cursor = result.nextCursor;
  }
  return cursor;
}

const pad = (text: string, width: number) => text.padEnd(width);

async function measure(db: Database): Promise<void> {
  const now = new Date();
  // An order a third of the way back, to a Nigerian number nobody else tops up.
  const [target] = (
    (await db.execute(sql`select id, payment_intent_id, topup_transaction_id, custom_identifier, recipient_phone from orders
      where status = 'completed' and country_iso = 'NG' and recipient_phone <> '08031234567'
      order by created_at desc offset 10000 limit 1`)) as unknown as {
      rows: Array<{ id: string; payment_intent_id: string; topup_transaction_id: string; custom_identifier: string; recipient_phone: string }>;
    }
  ).rows;
  const [{ operator_id: operatorId } = { operator_id: 0 }] = (
    (await db.execute(sql`select operator_id from orders where country_iso = 'KE' limit 1`)) as unknown as { rows: Array<{ operator_id: number }> }
  ).rows;
  const week = {
    from: new Date(now.getTime() - 14 * 86_400_000).toISOString().slice(0, 10),
    to: new Date(now.getTime() - 8 * 86_400_000).toISOString().slice(0, 10),
  };
  const cases: Array<{ label: string; query: AdminOrdersQuery; deep: boolean }> = [
    { label: 'no filter', query: {}, deep: true },
    { label: 'status=completed', query: { status: 'completed' }, deep: true },
    { label: 'status=delivery_failed,capture_failed', query: { status: 'delivery_failed,capture_failed' }, deep: true },
    { label: `created ${week.from}…${week.to}`, query: week, deep: true },
    { label: 'country=GH', query: { country: 'GH' }, deep: true },
    { label: `operator=${operatorId}`, query: { operator: String(operatorId) }, deep: true },
    { label: 'provider=sandbox', query: { provider: 'sandbox' }, deep: true },
    { label: 'completed, GH, stripe', query: { status: 'completed', country: 'GH', provider: 'stripe' }, deep: true },
    { label: 'completed, GH, stripe, 7 days', query: { status: 'completed', country: 'GH', provider: 'stripe', ...week }, deep: false },
    { label: 'search: order id', query: { q: target!.id }, deep: false },
    { label: 'search: payment intent', query: { q: target!.payment_intent_id }, deep: false },
    { label: 'search: top-up transaction', query: { q: target!.topup_transaction_id }, deep: false },
    { label: 'search: customIdentifier', query: { q: target!.custom_identifier }, deep: false },
    { label: 'search: e-mail (10 orders)', query: { q: 'Customer4242@Example.com' }, deep: false },
    { label: 'search: e-mail (25,000 orders)', query: { q: 'heavy@example.com' }, deep: true },
    { label: 'search: national number', query: { q: '0803 123 4567' }, deep: true },
    { label: 'search: national, no trunk 0', query: { q: '8031234567' }, deep: true },
    { label: 'search: international', query: { q: '+234 (803) 123-4567' }, deep: true },
    { label: 'search: 00 + calling code', query: { q: '00234 803 123 4567' }, deep: true },
    { label: 'search: a number of 1 order', query: { q: `+234 ${target!.recipient_phone.slice(1)}` }, deep: false },
  ];
  console.log(`\n  ${pad('case', 42)}${pad('page', 6)}${pad('p50', 9)}${pad('p95', 9)}indexes`);
  const slow: string[] = [];
  for (const { label, query, deep } of cases) {
    const indexes = await indexesOf(db, query, now);
    for (const page of deep ? [1, DEEP_PAGE] : [1]) {
      const cursor = page === 1 ? undefined : await cursorOfPage(db, query, page, now);
      const filters = adminOrdersFiltersSchema.parse({ ...query, cursor });
      const { p50, p95 } = await time(() => listAdminOrders(db, filters, now));
      if (p95 > GOAL_P95_MS) slow.push(`${label} page ${page}`);
      console.log(`  ${pad(label, 42)}${pad(String(page), 6)}${pad(ms(p50, 1), 9)}${pad(ms(p95, 1), 9)}${page === 1 ? indexes : ''}`);
    }
  }
  const others: Array<[string, () => Promise<unknown>]> = [
    ['one order with its timeline', () => adminOrderDetail(db, target!.id, now)],
    ['attention count', () => countAttention(db, now)],
    ['attention queue (200 oldest)', () => listAttention(db, now)],
  ];
  for (const [label, run] of others) {
    const { p50, p95 } = await time(run);
    if (p95 > GOAL_P95_MS) slow.push(label);
    console.log(`  ${pad(label, 42)}${pad('', 6)}${pad(ms(p50, 1), 9)}${pad(ms(p95, 1), 9)}`);
  }
  console.log(
    slow.length ? `\n  Over the ${GOAL_P95_MS} ms goal at p95: ${slow.join('; ')}` : `\n  Every case is under the ${GOAL_P95_MS} ms goal at p95.`,
  );
}

/**
 * Runs `run` on a PostgreSQL database `name` holding the million seeded orders: created and seeded for the run and
 * dropped after it, or, with BENCH_REUSE_DATABASE=1, one kept from an earlier run. Does nothing when PostgreSQL does not
 * answer. The console's other benchmarks (the CSV export) reuse it in a database of their own.
 */
export async function withMillionOrders(name: string, run: (handle: DatabaseHandle) => Promise<void>): Promise<void> {
  const database = await openBenchDatabase(name);
  if (!database) return;
  const handle = connectPostgres(database.url);
  try {
    if (database.seeded) console.log(`Reusing the orders seeded in ${name} by an earlier run (BENCH_REUSE_DATABASE=1).`);
    else await seedBenchDatabase(handle, database.url);
    await run(handle);
  } finally {
    await handle.close();
    if (!REUSE) await database.drop();
  }
}

/**
 * Runs `measure` on the million seeded orders in the database BENCH_DATABASE (default topup_bench), printing the load
 * around it.
 */
export async function withBenchDatabase(measure: (db: Database) => Promise<void>): Promise<void> {
  console.log(`PostgreSQL database ${DATABASE}; p50/p95 of ${RUNS} calls after ${WARM_UP_RUNS} warm-up calls, inside the process.`);
  console.log(`Load average ${loadAverage()} on ${availableParallelism()} cores at the start; other work on the machine shows in the p95.`);
  await withMillionOrders(DATABASE, async (handle) => {
    await measure(handle.db);
    console.log(`Load average ${loadAverage()} at the end.`);
  });
}

export const runAdminOrdersBenchmark = () => withBenchDatabase(measure);

async function seedBenchDatabase(handle: DatabaseHandle, url: string): Promise<void> {
  await handle.migrate();
  await seedDatabase(handle.db);
  // One connection of its own, so that its settings (maintenance_work_mem) hold for every step.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const startedAt = performance.now();
  try {
    await seed(client);
  } finally {
    await client.end();
  }
  console.log(`Seeded ${ORDERS.toLocaleString('en')} orders and their events in ${seconds(startedAt)}.`);
}
