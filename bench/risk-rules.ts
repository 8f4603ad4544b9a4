/**
 * What the risk desk adds to a checkout (ADR 044), on the 1,000,000 orders of the console's benchmarks: the checkout's
 * signal statement and the rules' evaluation, and the authorisation's card statement, for customers who have orders,
 * server-side time and this process's CPU per checkout. `npx tsx bench/risk-rules.ts` (PostgreSQL on TEST_DATABASE_URL's
 * server; BENCH_REUSE_DATABASE=1 keeps the seeded database).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/server/db/raw-rows';
import { DEFAULT_RISK_RULES, evaluateRules } from '../src/server/risk/rules';
import { readCheckoutSignals, readPaymentSignals } from '../src/server/risk/signals';
import { withMillionOrders } from './admin-orders';

const RUNS = 2000;
const WARM_UP = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export async function runRiskRulesBenchmark(): Promise<void> {
  await withMillionOrders(process.env.BENCH_DATABASE ?? 'topup_bench', async ({ db }) => {
    const customers = await rowsOf<{ user_id: string; country_iso: string; recipient_phone: string }>(
      db,
      sql`select user_id, country_iso, recipient_phone from orders order by created_at desc limit ${RUNS + WARM_UP}`,
    );
    const now = new Date();
    const wall: number[] = [];
    const evaluation: number[] = [];
    const cpuStart = process.cpuUsage();
    for (const [index, customer] of customers.entries()) {
      const started = performance.now();
      const reading = await readCheckoutSignals(db, {
        userId: customer.user_id,
        accountEmail: 'payer@example.com',
        clientAddress: `198.51.100.${index % 250}`,
        countryIso: customer.country_iso,
        recipientPhone: customer.recipient_phone,
        totalCents: 1063,
        now,
      });
      const evaluated = performance.now();
      evaluateRules(DEFAULT_RISK_RULES, reading.signals, 'checkout');
      const decided = performance.now();
      const card = { fingerprint: `fp_${index}`, brand: 'visa', funding: 'credit', country: 'US', cvcCheck: 'pass' };
      const payment = await readPaymentSignals(
        db,
        {
          signals: reading.signals,
          facts: { clientAddress: null, countryIso: customer.country_iso, recipientPhone: customer.recipient_phone, emailDomain: 'example.com' },
        },
        { card, risk: { level: 'normal', score: 12 } },
        now,
      );
      evaluateRules(DEFAULT_RISK_RULES, { ...reading.signals, ...payment.signals }, 'payment');
      if (index >= WARM_UP) {
        wall.push(performance.now() - started);
        evaluation.push(decided - evaluated);
      }
    }
    const cpu = process.cpuUsage(cpuStart);
    wall.sort((a, b) => a - b);
    evaluation.sort((a, b) => a - b);
    const plan = await rowsOf<{ 'QUERY PLAN': string }>(
      db,
      sql`explain select count(distinct user_id) from orders where country_iso = 'NG' and recipient_phone = '08031234567' and created_at >= now() - interval '1 day'`,
    );
    console.log(`Checkout + authorisation signal statements and both evaluations, ${wall.length} customers with orders:`);
    console.log(`  wall p50 ${percentile(wall, 50).toFixed(2)} ms, p95 ${percentile(wall, 95).toFixed(2)} ms (both statements, PostgreSQL included)`);
    console.log(
      `  rule evaluation alone p50 ${(percentile(evaluation, 50) * 1000).toFixed(1)} µs, p95 ${(percentile(evaluation, 95) * 1000).toFixed(1)} µs`,
    );
    console.log(`  this process's CPU per checkout: ${((cpu.user + cpu.system) / 1000 / customers.length).toFixed(3)} ms`);
    console.log(`  recipient count plan: ${plan.map((row) => row['QUERY PLAN'].trim()).join(' | ')}`);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await runRiskRulesBenchmark();
