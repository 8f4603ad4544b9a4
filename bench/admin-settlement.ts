/**
 * The console's settlement on a million orders (seeded by admin-orders.ts's withBenchDatabase, about 13,000 a day over
 * 77 days): the first look, which adds up every day kept; then the settlement of the last 30 days with its per-country
 * and per-operator tables when nothing moved (today added up), and after an order of a day 20 days back moved (that day
 * too). Times the function the route calls, inside the process; prints p50/p95 against a 200 ms goal for the p95.
 * `npm run bench -- --only=admin-settlement`.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { orders } from '../src/server/db/schema';
import { dayStart, daysEndingOn } from '../src/server/orders/daily-figures';
import { settlement } from '../src/server/orders/settlement';
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

const last30Days = () => {
  const days = daysEndingOn(new Date(), 30);
  return { from: days[0]!, to: days.at(-1)! };
};

async function measure(db: Database): Promise<void> {
  const startedAt = performance.now();
  const first = await settlement(db, last30Days(), new Date());
  console.log(`\n  first look (every day kept added up): ${ms(performance.now() - startedAt)}`);
  const { totals, countries, operators } = first.settlement;
  console.log(
    `  30 days: ${totals.orders.completed.toLocaleString('en')} orders completed, ${countries.length} countries, ${operators.length} operators`,
  );
  const cases: Array<[string, () => Promise<unknown>, (() => Promise<unknown>)?]> = [
    ['30 days, nothing moved (today added up)', () => settlement(db, last30Days(), new Date())],
    [`30 days, an order ${MOVED_DAY_BACK} days back moved`, () => settlement(db, last30Days(), new Date()), () => refundAnOldOrder(db)],
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

export const runAdminSettlementBenchmark = () => withBenchDatabase(measure);
