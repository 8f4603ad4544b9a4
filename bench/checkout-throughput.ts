/**
 * Whole checkouts per second through real HTTP against the built server, as production runs it (its own process, so
 * the load generator does not share its event loop; reconciler on): POST /api/create-payment-intent → POST
 * /api/sandbox-payments/:id/confirm → POST /api/reloadly/topup, each order ending SUCCESSFUL with its sandbox intent
 * captured. On PostgreSQL (BENCH_POSTGRES_URL, default the local server, in a database created and dropped for the
 * run; skipped when it does not answer), then on two servers sharing that database behind a round-robin split of the
 * requests (as a load balancer spreads them), and on PGlite in a fresh data directory. Besides orders/s it prints the
 * servers' CPU time per order and, on PostgreSQL, the database round trips per order (the servers' db_queries_total,
 * read from their /metrics).
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startBuiltServer, stopBuiltServer, type BuiltServer } from '../scripts/built-server';
import type { OperatorDetectResponse, PriceConfigResponse } from '../src/shared/api/catalog';
import type {
  CreatePaymentIntentBody,
  CreatePaymentIntentResponse,
  SandboxConfirmBody,
  SandboxConfirmResponse,
  TopupBody,
  TopupResponse,
} from '../src/shared/api/orders';
import { formatUsd, parseFeeConfig, priceTopUp, toCents } from '../src/shared/pricing';
import { connectPglite, connectPostgres, type Database, type DatabaseHandle } from '../src/server/db/client';
import { serviceLimits } from '../src/server/db/schema';
import { DEFAULT_RECIPIENT_COOLDOWN_MINUTES } from '../src/server/orders/service-limits';
import { OUTCOMES_BY_LAST_FOUR_DIGITS } from '../src/server/topups/sandbox/topup-delivery';
import { ms, percentile } from './stats';

/** Users take turns, each from an address of its own, so none reaches create-payment-intent's 20 per address in 10 minutes below ~350 orders/s. */
const USERS = 200;
const CONCURRENCY = 32;
const WARM_UP_ORDERS = 100;
const MEASURED_S = 10;
const GOAL_ORDERS_PER_S = 200;
const GOAL_CPU_MS_PER_ORDER = 5;
const GOAL_ROUND_TRIPS_PER_ORDER = 12;
/** Opens each server's GET /metrics, where the round trips are read. */
const METRICS_TOKEN = randomBytes(32).toString('base64url');
/** Lifts the per-user cap for 24 hours (default $200) so that it refuses no benchmark order; the output says so. */
const DAILY_SPEND_LIMIT_USD = '1000000';
/**
 * Each user starts about 10 checkouts in the run's seconds, over the default 3 a minute (ADR 012): the limits are saved
 * before the server starts, as an admin would save them in the console.
 */
const CHECKOUT_ATTEMPTS_PER_MINUTE = 60;
const POSTGRES_ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** BENCH_CHECKOUT_RUNS=postgres,floor,two-servers,pglite (all by default) picks the runs, e.g. one at a time while measuring a change. */
const RUNS = new Set((process.env.BENCH_CHECKOUT_RUNS ?? 'postgres,floor,two-servers,pglite').split(','));
const PASSWORD = 'Checkout-bench-2026';
const SIGN_UPS_IN_FLIGHT = 8;
const ERRORS_SHOWN = 3;
const GOOD_CARD = { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123' } as const;

interface HttpAnswer {
  status: number;
  body: string;
  setCookies: string[];
}

/**
 * Node's own HTTP client over kept-alive sockets: the load generator should cost far less than the server. With
 * several servers, each request goes to the next one in turn, as a round-robin load balancer sends them.
 */
function httpClient(baseUrls: string[]) {
  const servers = baseUrls.map((baseUrl) => {
    const { hostname, port } = new URL(baseUrl);
    return { hostname, port, agent: new Agent({ keepAlive: true, maxSockets: CONCURRENCY }) };
  });
  // What a load balancer passes on: the one public Host, whichever server answers (the origin checks compare with it).
  const host = `${servers[0]!.hostname}:${servers[0]!.port}`;
  let turn = 0;
  function send(method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: unknown): Promise<HttpAnswer> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const bodyHeaders = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
    const { agent, hostname, port } = servers[turn++ % servers.length]!;
    return new Promise((resolve, reject) => {
      const outgoing = request(
        { agent, hostname, port, method, path: url, headers: { accept: 'application/json', host, ...headers, ...bodyHeaders } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              setCookies: response.headers['set-cookie'] ?? [],
            }),
          );
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
  return { send, close: () => servers.forEach(({ agent }) => agent.destroy()) };
}

type HttpClient = ReturnType<typeof httpClient>;

interface VirtualUser {
  cookie: string;
  /** Sent as X-Forwarded-For: many clients, each within the per-address limits, as real traffic is. */
  address: string;
}

/** One address per user in 198.18.0.0/15, the range set aside for benchmarks (RFC 2544). */
const addressOf = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

async function signUpUsers(http: HttpClient, origin: string): Promise<VirtualUser[]> {
  const users: VirtualUser[] = [];
  let next = 0;
  const signUpNext = async () => {
    while (next < USERS) {
      const address = addressOf(next++);
      const answer = await http.send(
        'POST',
        '/api/auth/sign-up/email',
        { origin, 'x-forwarded-for': address },
        { email: `${randomUUID()}@example.com`, password: PASSWORD },
      );
      if (answer.status !== 200) throw new Error(`Sign-up answered ${answer.status}: ${answer.body}`);
      const cookie = answer.setCookies
        .map((setCookie) => setCookie.split(';')[0]!)
        .filter((pair) => !pair.endsWith('='))
        .join('; ');
      users.push({ cookie, address });
    }
  };
  await Promise.all(Array.from({ length: SIGN_UPS_IN_FLIGHT }, signUpNext));
  return users;
}

/** What the review step shows for an MTN Nigeria number and the operator's first amount, priced as the browser prices it. */
async function reviewedOffer(http: HttpClient) {
  const detected = await http.send('GET', '/api/reloadly/operator-detect/08031234567/NG', {});
  if (detected.status !== 200) throw new Error(`Operator detection answered ${detected.status}: ${detected.body}`);
  const operator = (JSON.parse(detected.body) as OperatorDetectResponse).data;
  const fees = parseFeeConfig(JSON.parse((await http.send('GET', '/api/price-config', {})).body) as PriceConfigResponse);
  const price = priceTopUp(toCents(operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : 5), fees);
  return {
    operatorId: operator.operatorId,
    operatorName: operator.name,
    amount: formatUsd(price.amountCents),
    fee: formatUsd(price.serviceFeeCents),
    totalAmount: formatUsd(price.totalCents),
  };
}

type Offer = Awaited<ReturnType<typeof reviewedOffer>>;

/** Last four digits the sandbox delivers at once: all but its scripted outcomes (failures, lost answers, lapsed holds…). */
const PLAIN_ENDINGS = Array.from({ length: 10_000 }, (_, ending) => String(ending).padStart(4, '0')).filter(
  (ending) => !(ending in OUTCOMES_BY_LAST_FOUR_DIGITS),
);

/** A distinct MTN Nigeria number per order (a number cannot be topped up twice within 2 minutes): 0803 and 7 digits. */
function recipientNumber(index: number): string {
  const thousands = Math.floor(index / PLAIN_ENDINGS.length);
  return `0803${String(thousands).padStart(3, '0')}${PLAIN_ENDINGS[index % PLAIN_ENDINGS.length]}`;
}

const STEPS = ['create', 'confirm', 'topup'] as const;
type Step = (typeof STEPS)[number];

interface OrderFailure {
  step: Step;
  status: number;
  body: string;
}

interface RunResult {
  placed: number;
  elapsedMs: number;
  stepMs: Record<Step | 'order', number[]>;
  failures: OrderFailure[];
}

/** One order as the browser places it; resolves with the failed step, or undefined when it ended SUCCESSFUL. */
async function placeOrder(
  http: HttpClient,
  origin: string,
  user: VirtualUser,
  offer: Offer,
  phone: string,
  stepMs: RunResult['stepMs'],
): Promise<OrderFailure | undefined> {
  const headers = { origin, cookie: user.cookie, 'x-forwarded-for': user.address };
  let step: Step = 'create';
  try {
    const startedAt = performance.now();
    const checkout: CreatePaymentIntentBody = {
      amount: offer.amount,
      fee: offer.fee,
      totalAmount: offer.totalAmount,
      operatorId: offer.operatorId,
      countryCode: 'NG',
      phone,
      orderKey: randomUUID(),
    };
    const created = await http.send('POST', '/api/create-payment-intent', headers, checkout);
    if (created.status !== 200) return { step, ...created };
    const intent = JSON.parse(created.body) as CreatePaymentIntentResponse;
    const createdAt = performance.now();

    step = 'confirm';
    const payment: SandboxConfirmBody = { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD };
    const confirmed = await http.send(
      'POST',
      `/api/sandbox-payments/${intent.paymentIntentId}/confirm`,
      { origin, 'x-forwarded-for': user.address },
      payment,
    );
    const confirmation = confirmed.status === 200 ? (JSON.parse(confirmed.body) as SandboxConfirmResponse) : undefined;
    if (!confirmation || !('paymentIntent' in confirmation) || confirmation.paymentIntent.status !== 'requires_capture')
      return { step, ...confirmed };
    const confirmedAt = performance.now();

    step = 'topup';
    const topup: TopupBody = {
      operatorId: String(offer.operatorId),
      amount: offer.amount,
      useLocalAmount: false,
      customIdentifier: `topup-${Date.now()}`,
      recipientPhone: { countryCode: 'NG', number: phone },
      operatorName: offer.operatorName,
      paymentIntentId: intent.paymentIntentId,
    };
    const delivered = await http.send('POST', '/api/reloadly/topup', headers, topup);
    if (delivered.status !== 200 || (JSON.parse(delivered.body) as TopupResponse).status !== 'SUCCESSFUL') return { step, ...delivered };
    const finishedAt = performance.now();

    stepMs.create.push(createdAt - startedAt);
    stepMs.confirm.push(confirmedAt - createdAt);
    stepMs.topup.push(finishedAt - confirmedAt);
    stepMs.order.push(finishedAt - startedAt);
    return undefined;
  } catch (error) {
    return { step, status: 0, body: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Places orders CONCURRENCY at a time, users taking turns, until `count` have started or, without a count, until
 * `seconds` have passed; order numbers continue from `firstIndex`. Orders still running at the end are waited for.
 */
async function placeOrders(
  http: HttpClient,
  origin: string,
  users: VirtualUser[],
  offer: Offer,
  firstIndex: number,
  until: { count: number } | { seconds: number },
): Promise<RunResult> {
  const result: RunResult = { placed: 0, elapsedMs: 0, stepMs: { create: [], confirm: [], topup: [], order: [] }, failures: [] };
  const startedAt = performance.now();
  const more = () => ('count' in until ? result.placed < until.count : performance.now() - startedAt < until.seconds * 1000);
  const placeNext = async () => {
    while (more()) {
      const index = firstIndex + result.placed++;
      const failure = await placeOrder(http, origin, users[index % users.length]!, offer, recipientNumber(index), result.stepMs);
      if (failure) result.failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, placeNext));
  result.elapsedMs = performance.now() - startedAt;
  return result;
}

/** Counts, in the database itself, the orders that are completed with their payment intent captured. */
async function countSettledOrders(db: Database): Promise<{ orders: number; settled: number; receiptsSent: number }> {
  const result = (await db.execute(sql`
    select count(*)::int as orders,
           count(*) filter (where o.status = 'completed' and i.status = 'succeeded' and i.amount_received = o.total_cents)::int as settled,
           (select count(*)::int from receipt_outbox where sent_at is not null) as "receiptsSent"
    from orders o left join sandbox_payment_intents i on i.id = o.payment_intent_id`)) as unknown as {
    rows: Array<{ orders: number; settled: number; receiptsSent: number }>;
  };
  return result.rows[0]!;
}

/** CPU seconds a process has used so far (Linux), or undefined where /proc is not there. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** The statements a server has sent its PostgreSQL (db_queries_total on its /metrics); undefined on PGlite. */
async function databaseQueriesOf(server: BuiltServer): Promise<number | undefined> {
  const answer = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!answer.ok) throw new Error(`GET /metrics answered ${answer.status}`);
  const lines = (await answer.text()).split('\n');
  // Only a PostgreSQL pool has round trips (PGlite runs in the process); its pool's gauges say which it is.
  if (!lines.some((text) => text.startsWith('db_pool_max_connections '))) return undefined;
  const line = lines.find((text) => text.startsWith('db_queries_total '));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

/** What the servers have used so far, added up: CPU seconds and database statements. */
async function usageOf(servers: BuiltServer[]): Promise<{ cpuS: number | undefined; queries: number | undefined }> {
  const cpu = servers.map((server) => cpuSecondsOf(server.child.pid));
  const queries = await Promise.all(servers.map(databaseQueriesOf));
  const sum = (values: Array<number | undefined>) => (values.some((value) => value === undefined) ? undefined : values.reduce((a, b) => a! + b!, 0));
  return { cpuS: sum(cpu), queries: sum(queries) };
}

interface Measurement {
  warmUp: RunResult;
  run: RunResult;
  /** The servers' own CPU time during the measured run. */
  serverCpuS: number | undefined;
  /** The statements the servers sent the database during the measured run (PostgreSQL only). */
  roundTrips: number | undefined;
  loadAverage: number;
  settled: { orders: number; settled: number; receiptsSent: number };
}

/** The servers' CPU milliseconds per completed order in the measured run, when known. */
function cpuMsPerOrder({ run, serverCpuS }: Pick<Measurement, 'run' | 'serverCpuS'>): number | undefined {
  const completed = run.stepMs.order.length;
  return serverCpuS === undefined || completed === 0 ? undefined : (serverCpuS * 1000) / completed;
}

function report(title: string, { warmUp, run, serverCpuS, roundTrips, loadAverage, settled }: Measurement) {
  const completed = run.stepMs.order.length;
  const failures = [...warmUp.failures, ...run.failures];
  console.log(
    `${title}: ${Math.round(completed / (run.elapsedMs / 1000))} orders/s (goal on PostgreSQL ≥ ${GOAL_ORDERS_PER_S}), ` +
      `${completed} orders in ${(run.elapsedMs / 1000).toFixed(1)} s; errors ${failures.length}`,
  );
  for (const step of [...STEPS, 'order'] as const) {
    const times = run.stepMs[step];
    if (times.length === 0) continue;
    console.log(
      `  ${(step === 'order' ? 'whole order' : step).padEnd(12)} p50 ${ms(percentile(times, 50)).padStart(7)}   p99 ${ms(percentile(times, 99)).padStart(7)}`,
    );
  }
  for (const failure of failures.slice(0, ERRORS_SHOWN)) console.log(`  error at ${failure.step}: ${failure.status} ${failure.body.slice(0, 300)}`);
  // Orders still running when the measured seconds ended are finished and counted: their work is in the CPU time.
  const cpu =
    serverCpuS === undefined || completed === 0
      ? ''
      : `server CPU ${ms((serverCpuS * 1000) / completed, 1)} per order (goal on PostgreSQL ≤ ${GOAL_CPU_MS_PER_ORDER} ms); `;
  const trips =
    roundTrips === undefined || completed === 0
      ? ''
      : `${(roundTrips / completed).toFixed(1)} database round trips per order (goal ≤ ${GOAL_ROUND_TRIPS_PER_ORDER}); `;
  console.log(
    `  ${cpu}${trips}load average ${loadAverage.toFixed(1)} on ${availableParallelism()} cores (other work on the machine lowers the figures)`,
  );
  const placed = warmUp.placed + run.placed;
  const verdict = settled.orders === placed && settled.settled === placed ? 'verified' : 'MISMATCH';
  console.log(
    `  ${verdict}: ${settled.settled} of ${settled.orders} orders in the database are completed with their intent captured (${placed} placed)`,
  );
  // The receipt sender runs beside the orders, a batch at a time; its statements are in the round trips above.
  console.log(`  receipt e-mails: ${settled.receiptsSent} of ${settled.orders} sent by the time the servers stopped`);
}

/** Migrates the database and saves the run's limits in it, as an admin would in the console, before the server starts. */
async function saveRunLimits(open: () => Promise<DatabaseHandle>) {
  const database = await open();
  try {
    await database.migrate();
    await database.db
      .insert(serviceLimits)
      .values({
        dailySpendLimitCents: toCents(DAILY_SPEND_LIMIT_USD),
        recipientCooldownMinutes: DEFAULT_RECIPIENT_COOLDOWN_MINUTES,
        checkoutAttemptsPerMinute: CHECKOUT_ATTEMPTS_PER_MINUTE,
        version: 1,
        updatedAt: new Date(),
        updatedById: 'benchmark',
        updatedByEmail: 'benchmark@localhost',
      })
      .onConflictDoNothing();
  } finally {
    await database.close();
  }
}

/**
 * Starts `instances` built servers on the database (one after the other: they migrate and seed it in turn), places
 * the warm-up and measured orders, stops them; then the database is checked.
 */
async function benchmarkDatabase(
  title: string,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  openForCheck: () => Promise<DatabaseHandle>,
  instances = 1,
  startServer: () => Promise<BuiltServer> = () =>
    // The benchmark plays a proxy in front of many customers: each signs in from its own X-Forwarded-For address.
    startBuiltServer(dataDir, { DAILY_SPEND_LIMIT_USD, TRUST_PROXY: '127.0.0.1', METRICS_TOKEN, ...env }),
): Promise<number | undefined> {
  await saveRunLimits(openForCheck);
  const servers: BuiltServer[] = [];
  let measurement: Omit<Measurement, 'settled'>;
  let http: HttpClient | undefined;
  try {
    for (let index = 0; index < instances; index++) servers.push(await startServer());
    http = httpClient(servers.map((server) => server.url));
    const origin = servers[0]!.url;
    const users = await signUpUsers(http, origin);
    const offer = await reviewedOffer(http);
    const warmUp = await placeOrders(http, origin, users, offer, 0, { count: WARM_UP_ORDERS });
    const before = await usageOf(servers);
    const run = await placeOrders(http, origin, users, offer, warmUp.placed, { seconds: MEASURED_S });
    const after = await usageOf(servers);
    const difference = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : b - a);
    measurement = {
      warmUp,
      run,
      serverCpuS: difference(before.cpuS, after.cpuS),
      roundTrips: difference(before.queries, after.queries),
      loadAverage: loadavg()[0]!,
    };
  } finally {
    http?.close();
    await Promise.all(servers.map(stopBuiltServer));
  }
  const database = await openForCheck();
  try {
    report(title, { ...measurement, settled: await countSettledOrders(database.db) });
  } finally {
    await database.close();
  }
  return cpuMsPerOrder(measurement);
}

/**
 * The floor (bench/checkout-floor.ts, Fastify and pg alone, the product's statements prepared) in its own process, as
 * the built server runs: its CPU is read the same way.
 */
async function startFloorServer(databaseUrl: string): Promise<BuiltServer> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'checkout-floor.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The floor server stopped (${code})`)));
    createInterface({ input: child.stdout! }).once('line', resolve);
  });
  return { child, url: `http://127.0.0.1:${port}`, reportedStartupMs: performance.now() - startedAt };
}

/** A fresh database on the local PostgreSQL, or undefined when none answers. */
async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const name = `bench_checkout_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`PostgreSQL skipped: ${POSTGRES_ADMIN_URL} is unreachable (${error instanceof Error ? error.message : String(error)})`);
    return undefined;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function runCheckoutThroughputBenchmark(): Promise<void> {
  console.log(
    `Built server (NODE_ENV=production, reconciler on with nothing due during the run), ${USERS} signed-up users, ${CONCURRENCY} orders in flight, ` +
      `${WARM_UP_ORDERS} warm-up orders then ${MEASURED_S} s measured; a daily cap of $${DAILY_SPEND_LIMIT_USD} so that it refuses none, ` +
      `and ${CHECKOUT_ATTEMPTS_PER_MINUTE} checkout starts a minute per user.`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-'));
  try {
    let productCpuMs: number | undefined;
    const postgres = RUNS.has('postgres') ? await createPostgresDatabase() : undefined;
    if (postgres) {
      try {
        const env = { DATABASE_URL: postgres.url, BETTER_AUTH_SECRET: randomBytes(32).toString('base64url') };
        productCpuMs = await benchmarkDatabase('PostgreSQL', dataDir, env, async () => connectPostgres(postgres.url));
      } finally {
        await postgres.drop();
      }
    }
    // The same orders on the floor, right after, on the same PostgreSQL (a database of its own, migrated alike).
    const floor = RUNS.has('floor') ? await createPostgresDatabase() : undefined;
    if (floor) {
      try {
        const floorCpuMs = await benchmarkDatabase(
          'Floor: Fastify and pg alone, the same requests and statements, prepared, on PostgreSQL',
          dataDir,
          {},
          async () => connectPostgres(floor.url),
          1,
          () => startFloorServer(floor.url),
        );
        if (productCpuMs !== undefined && floorCpuMs !== undefined) {
          console.log(
            `  server CPU per order: the product ${ms(productCpuMs, 1)}, the floor ${ms(floorCpuMs, 1)}: ` +
              `${(productCpuMs / floorCpuMs).toFixed(2)}× the floor (compare the ratio across days, not the times)`,
          );
        }
      } finally {
        await floor.drop();
      }
    }
    // A second database for the two servers, so that neither run sees the other's orders.
    const shared = RUNS.has('two-servers') ? await createPostgresDatabase() : undefined;
    if (shared) {
      try {
        const env = { DATABASE_URL: shared.url, BETTER_AUTH_SECRET: randomBytes(32).toString('base64url') };
        await benchmarkDatabase('PostgreSQL, two servers, requests split round-robin', dataDir, env, async () => connectPostgres(shared.url), 2);
      } finally {
        await shared.drop();
      }
    }
    const pgliteDir = path.join(dataDir, 'pglite');
    if (RUNS.has('pglite')) await benchmarkDatabase('PGlite', pgliteDir, {}, () => connectPglite(pgliteDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
