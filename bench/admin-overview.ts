/**
 * The console's overview on a million orders (seeded by admin-orders.ts's withBenchDatabase, about 13,000 a day over
 * 77 days): the first look, which adds up every closed day of the 30; a look when nothing moved, which adds up today
 * only; and a look after an order of a day 20 days back moved (a refund), which adds that whole day up again as well, so
 * that it costs what a full day's orders cost on top of today's. Times the function the route calls, inside the process;
 * prints p50/p95 against a 200 ms goal for the p95. `npm run bench -- --only=admin-overview`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { orders } from '../src/server/db/schema';
import { dayStart, daysEndingOn } from '../src/server/orders/daily-figures';
import { adminOverview } from '../src/server/orders/overview';
import { time, withBenchDatabase } from './admin-orders';
import { ms } from './stats';

const GOAL_P95_MS = 200;
const MOVED_DAY_BACK = 20;

/** Refunds one completed order of the day MOVED_DAY_BACK days ago, as the refund would: stamped now. */
async function refundAnOldOrder(db: Database): Promise<void> {
  const now = new Date();
  const day = daysEndingOn(now, MOVED_DAY_BACK + 1)[0]!;
  const from = dayStart(day);
  const to = new Date(from.getTime() + 24 * 60 * 60 * 1000);
  await db.execute(sql`
    update ${orders} set status = 'refunded', refunded_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    where id = (select id from ${orders} where status = 'completed'
                and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz limit 1)`);
}

async function measure(db: Database): Promise<void> {
  const startedAt = performance.now();
  const first = await adminOverview(db, new Date());
  console.log(`\n  first look (every closed day added up): ${ms(performance.now() - startedAt)}`);
  const { today, last7Days, last30Days } = first.windows;
  console.log(
    `  orders today ${today.orders.toLocaleString('en')}, 7 days ${last7Days.orders.toLocaleString('en')}, 30 days ${last30Days.orders.toLocaleString('en')}`,
  );
  const cases: Array<[string, () => Promise<unknown>, (() => Promise<unknown>)?]> = [
    ['nothing moved (today added up)', () => adminOverview(db, new Date())],
    [`an order ${MOVED_DAY_BACK} days back moved (its day too)`, () => adminOverview(db, new Date()), () => refundAnOldOrder(db)],
  ];
  console.log(`\n  ${'case'.padEnd(46)}${'p50'.padEnd(10)}p95`);
  const slow: string[] = [];
  for (const [label, run, prepare] of cases) {
    const { p50, p95 } = await time(run, prepare);
    if (p95 > GOAL_P95_MS) slow.push(label);
    console.log(`  ${label.padEnd(46)}${ms(p50, 1).padEnd(10)}${ms(p95, 1)}`);
  }
  console.log(
    slow.length ? `\n  Over the ${GOAL_P95_MS} ms goal at p95: ${slow.join('; ')}` : `\n  Every case is under the ${GOAL_P95_MS} ms goal at p95.`,
  );
}

export const runAdminOverviewBenchmark = () => withBenchDatabase(measure);
