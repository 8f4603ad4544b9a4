/**
 * Two built servers on one PostgreSQL database and one Redis, as two instances behind a load balancer: what one
 * instance does, the other sees at once, and neither losing its process loses money or a request. Needs
 * TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both); without them it is not run, like every PostgreSQL test.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperatorDetectResponse, PriceConfigResponse } from '../src/shared/api/catalog';
import type { LimitsSettings } from '../src/shared/api/admin-settings';
import { formatUsd, parseFeeConfig, priceTopUp, toCents } from '../src/shared/pricing';
import { connectPostgres, type DatabaseHandle } from '../src/server/db/client';
import { user } from '../src/server/db/schema';
import { projectRoot } from '../src/server/paths';
import { createFulfilment } from '../src/server/orders/fulfilment';
import { reconcileDueOrders } from '../src/server/orders/reconciler';
import { totpCode } from '../src/server/testing/accounts';
import { sandboxOrderServices } from '../src/server/testing/orders';
import type { BuiltServer } from '../scripts/built-server';
import { createScratchDatabase, startInstances, type Instances } from '../scripts/instances';

const SETUPS =
  process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL
    ? [{ adminUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.TEST_REDIS_URL }]
    : [];

const PASSWORD = 'Two-instances-2026';
const GOOD_CARD = { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123' } as const;

interface Answer {
  status: number;
  body: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
  setCookies: string[];
}

/** HTTP to one instance over kept-alive connections, as a load balancer holds them. */
function clientOf(server: BuiltServer) {
  const { hostname, port } = new URL(server.url);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  function send(method: string, path: string, headers: Record<string, string> = {}, payload?: unknown): Promise<Answer> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const outgoing = request(
        {
          agent,
          hostname,
          port,
          method,
          path,
          headers: {
            accept: 'application/json',
            origin: server.url,
            ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: response.statusCode ?? 0, body: text, json: () => JSON.parse(text), setCookies: response.headers['set-cookie'] ?? [] });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }
  return { send, agent, server };
}

type Client = ReturnType<typeof clientOf>;

const cookiesOf = (answer: Answer) =>
  answer.setCookies
    .map((setCookie) => setCookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

let addressCounter = 0;
/** An address of its own per customer (TRUST_PROXY=1 believes the X-Forwarded-For the test sends, as from a proxy). */
const nextAddress = () => `198.18.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

interface Customer {
  cookie: string;
  address: string;
  headers: Record<string, string>;
}

async function signUp(client: Client, email = `${randomUUID()}@example.com`): Promise<Customer> {
  const address = nextAddress();
  const answer = await client.send('POST', '/api/auth/sign-up/email', { 'x-forwarded-for': address }, { email, password: PASSWORD });
  expect(answer.status, answer.body).toBe(200);
  const cookie = cookiesOf(answer);
  return { cookie, address, headers: { cookie, 'x-forwarded-for': address } };
}

/** A distinct MTN Nigeria number per order, never ending in 0000–0009 (the sandbox's numbers for its outcomes other than success). */
let numberCounter = 0;
const nextNumber = () => {
  const index = numberCounter++;
  return `0803${String(5_000_000 + Math.floor(index / 9990) * 10_000 + (index % 9990) + 10).padStart(7, '0')}`;
};

async function offerFor(client: Client, phone: string) {
  const detected = await client.send('GET', `/api/reloadly/operator-detect/${phone}/NG`);
  expect(detected.status, detected.body).toBe(200);
  const operator = (detected.json() as OperatorDetectResponse).data;
  const fees = parseFeeConfig((await client.send('GET', '/api/price-config')).json() as PriceConfigResponse);
  const price = priceTopUp(toCents(operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : 5), fees);
  return {
    operatorId: operator.operatorId,
    operatorName: operator.name,
    amount: formatUsd(price.amountCents),
    fee: formatUsd(price.serviceFeeCents),
    totalAmount: formatUsd(price.totalCents),
    totalCents: price.totalCents,
  };
}

type Offer = Awaited<ReturnType<typeof offerFor>>;

interface PlacedOrder {
  /** The step that got no answer or a refusal, if any. */
  stoppedAt?: 'create' | 'confirm' | 'topup';
  answer?: Answer;
  error?: unknown;
  paymentIntentId?: string;
}

/** One order as the browser places it, each of its three calls to the instance `via` picks for it. */
async function placeOrder(customer: Customer, phone: string, offer: Offer, via: (step: number) => Client): Promise<PlacedOrder> {
  let step: NonNullable<PlacedOrder['stoppedAt']> = 'create';
  try {
    const created = await via(0).send('POST', '/api/create-payment-intent', customer.headers, {
      amount: offer.amount,
      fee: offer.fee,
      totalAmount: offer.totalAmount,
      operatorId: offer.operatorId,
      countryCode: 'NG',
      phone,
      orderKey: randomUUID(),
    });
    if (created.status !== 200) return { stoppedAt: step, answer: created };
    const { clientSecret, paymentIntentId } = created.json() as { clientSecret: string; paymentIntentId: string };
    step = 'confirm';
    const confirmed = await via(1).send(
      'POST',
      `/api/sandbox-payments/${paymentIntentId}/confirm`,
      { 'x-forwarded-for': customer.address },
      {
        clientSecret,
        paymentMethod: GOOD_CARD,
      },
    );
    if (confirmed.status !== 200) return { stoppedAt: step, answer: confirmed, paymentIntentId };
    step = 'topup';
    const delivered = await via(2).send('POST', '/api/reloadly/topup', customer.headers, {
      operatorId: String(offer.operatorId),
      amount: offer.amount,
      useLocalAmount: false,
      customIdentifier: `topup-${randomUUID()}`,
      recipientPhone: { countryCode: 'NG', number: phone },
      operatorName: offer.operatorName,
      paymentIntentId,
    });
    if (delivered.status !== 200) return { stoppedAt: step, answer: delivered, paymentIntentId };
    return { answer: delivered, paymentIntentId };
  } catch (error) {
    return { stoppedAt: step, error };
  }
}

interface OrderRow {
  id: string;
  status: string;
  failure_code: string | null;
  total_cents: number;
  recipient_phone: string;
  intent_status: string | null;
  amount_received: number | null;
  deliveries: number;
}

describe('the settings of several instances', () => {
  it.each([
    ['REDIS_URL', 'localhost:6379', 'REDIS_URL must be a redis:// or rediss:// URL (value not shown)'],
    [
      'TRUST_PROXY',
      'yes',
      'TRUST_PROXY must be a number of proxy hops (1, 2, …) or a comma-separated list of proxy addresses or CIDR ranges (got "yes")',
    ],
  ])('a built server with %s=%j does not start, and says why in one line', (name, value, message) => {
    const result = spawnSync(process.execPath, [path.join(projectRoot, 'dist/server/main.js')], {
      env: { ...process.env, NODE_ENV: 'production', PAYMENTS: 'sandbox', PORT: '0', DATABASE_URL: '', [name]: value },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([`Configuration error: ${message}`]);
  });
});

describe.each(SETUPS)('two instances on one PostgreSQL and one Redis', ({ adminUrl, redisUrl }) => {
  let database: { url: string; drop: () => Promise<void> };
  let instances: Instances;
  let handle: DatabaseHandle;
  let clients: [Client, Client];
  let admin: Customer;

  const orderRows = async (where = 'true'): Promise<OrderRow[]> => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const result = await client.query<OrderRow>(`
        select o.id, o.status, o.failure_code, o.total_cents, o.recipient_phone, i.status as intent_status, i.amount_received,
               (select count(*)::int from sandbox_topups t where t.custom_identifier = o.custom_identifier and t.status = 'SUCCESSFUL') as deliveries
        from orders o left join sandbox_payment_intents i on i.id = o.payment_intent_id
        where ${where}`);
      return result.rows;
    } finally {
      await client.end();
    }
  };

  async function saveLimits(change: Partial<LimitsSettings>) {
    const { limits } = (await clients[0].send('GET', '/api/admin/limits', admin.headers)).json() as { limits: LimitsSettings };
    const saved = await clients[0].send('PUT', '/api/admin/limits', admin.headers, {
      version: limits.version,
      dailySpendLimit: limits.dailySpendLimit,
      recipientCooldownMinutes: limits.recipientCooldownMinutes,
      checkoutAttemptsPerMinute: limits.checkoutAttemptsPerMinute,
      ...change,
      reason: 'two-instance test',
    });
    expect(saved.status, saved.body).toBe(200);
  }

  beforeAll(async () => {
    database = await createScratchDatabase(adminUrl);
    instances = await startInstances(2, { databaseUrl: database.url, redisUrl, env: { TRUST_PROXY: '1' } });
    clients = [clientOf(instances.servers[0]!), clientOf(instances.servers[1]!)];
    handle = connectPostgres(database.url);

    // An admin the console lets in: rights and a confirmed address given in the database, two-factor through the API.
    admin = await signUp(clients[0], 'boss@example.com');
    await handle.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, 'boss@example.com'));
    const { totpURI } = (await clients[0].send('POST', '/api/auth/two-factor/enable', admin.headers, { password: PASSWORD })).json() as {
      totpURI: string;
    };
    const verified = await clients[0].send('POST', '/api/auth/two-factor/verify-totp', admin.headers, { code: totpCode(totpURI) });
    expect(verified.status, verified.body).toBe(200);
    admin = { ...admin, cookie: cookiesOf(verified), headers: { ...admin.headers, cookie: cookiesOf(verified) } };
    // Many checkouts per customer in these tests: more than the 3 a minute of the defaults.
    await saveLimits({ checkoutAttemptsPerMinute: 60 });
  });

  afterAll(async () => {
    for (const client of clients ?? []) client.agent.destroy();
    await instances?.stop();
    await handle?.close();
    await database?.drop();
  });

  it('counts a rate limit across both', async () => {
    const address = nextAddress();
    const confirm = (client: Client) =>
      client.send(
        'POST',
        '/api/sandbox-payments/pi_unknown/confirm',
        { 'x-forwarded-for': address },
        { clientSecret: 'x', paymentMethod: GOOD_CARD },
      );
    // 60 a minute per address: 30 on each instance are within it, and the next is refused on either.
    const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => confirm(clients[index % 2]!)));
    expect(answers.filter((answer) => answer.status === 429)).toEqual([]);
    expect((await confirm(clients[0])).status).toBe(429);
    expect((await confirm(clients[1])).status).toBe(429);
  });

  it('ends a session signed out on one instance on the other at once', async () => {
    const customer = await signUp(clients[0]);
    expect((await clients[1].send('GET', '/api/user', customer.headers)).status).toBe(200);
    expect((await clients[0].send('POST', '/api/logout', customer.headers)).status).toBe(200);
    expect((await clients[1].send('GET', '/api/user', customer.headers)).status).toBe(401);
  });

  it('uses a configuration change made on one instance on the other within a second', async () => {
    const ghana = async () =>
      ((await clients[1].send('GET', '/api/countries')).json() as Array<{ iso_name: string; enabled: boolean }>).find((c) => c.iso_name === 'GH');
    expect(await ghana()).toMatchObject({ enabled: true });
    expect((await clients[0].send('POST', '/api/admin/catalogue/countries/GH/disable', admin.headers, { reason: 'provider outage' })).status).toBe(
      200,
    );
    await expect.poll(ghana, { interval: 20, timeout: 1_000 }).toMatchObject({ enabled: false });
    expect((await clients[1].send('POST', '/api/admin/catalogue/countries/GH/enable', admin.headers, { reason: 'back' })).status).toBe(200);
    await expect.poll(ghana, { interval: 20, timeout: 1_000 }).toMatchObject({ enabled: true });
  });

  it('tops up one number once within the wait, whichever instances the concurrent orders for it go through', async () => {
    const phone = nextNumber();
    const offer = await offerFor(clients[0], phone);
    const customers = await Promise.all(Array.from({ length: 6 }, (_, index) => signUp(clients[index % 2]!)));
    const placed = await Promise.all(customers.map((customer, index) => placeOrder(customer, phone, offer, (step) => clients[(index + step) % 2]!)));
    expect(placed.filter((order) => order.error)).toEqual([]);
    const rows = await orderRows(`o.recipient_phone = '${phone}'`);
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(1);
    expect(rows.reduce((sum, row) => sum + row.deliveries, 0)).toBe(1);
    for (const row of rows.filter((candidate) => candidate.status !== 'completed')) {
      expect(row).toMatchObject({ status: 'canceled', failure_code: 'RECIPIENT_RECENTLY_TOPPED_UP', amount_received: 0 });
    }
    // Refused at checkout (the other was paid already) or released at authorisation: never a second top-up.
    for (const order of placed.filter((candidate) => candidate.stoppedAt))
      expect(order.answer?.json()).toMatchObject({ code: 'RECIPIENT_RECENTLY_TOPPED_UP' });
  });

  it('holds the daily cap of one customer whose concurrent orders go through both instances', async () => {
    const customer = await signUp(clients[1]);
    const phones = Array.from({ length: 5 }, nextNumber);
    const offer = await offerFor(clients[0], phones[0]!);
    // Room for two orders and part of a third.
    await saveLimits({ dailySpendLimit: formatUsd(offer.totalCents * 2 + Math.floor(offer.totalCents / 2)) });
    try {
      const placed = await Promise.all(phones.map((phone, index) => placeOrder(customer, phone, offer, (step) => clients[(index + step) % 2]!)));
      expect(placed.filter((order) => order.error)).toEqual([]);
      const rows = await orderRows(`o.recipient_phone in (${phones.map((phone) => `'${phone}'`).join(', ')})`);
      const completed = rows.filter((row) => row.status === 'completed');
      expect(completed).toHaveLength(2);
      for (const row of rows.filter((candidate) => candidate.status !== 'completed')) {
        expect(row).toMatchObject({ status: 'canceled', failure_code: 'DAILY_LIMIT_REACHED', amount_received: 0, deliveries: 0 });
      }
      for (const order of placed.filter((candidate) => candidate.stoppedAt))
        expect(order.answer?.json()).toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
    } finally {
      await saveLimits({ dailySpendLimit: '10000.00' });
    }
  });

  it('leaves every order final or rightly pending, delivered at most once and captured exactly when delivered, after kill -9 of one instance', async () => {
    const customers = await Promise.all(Array.from({ length: 25 }, (_, index) => signUp(clients[index % 2]!)));
    const offer = await offerFor(clients[0], nextNumber());
    const phones = Array.from({ length: 50 }, nextNumber);
    let started = 0;
    let finished = 0;
    const placeNext = async (): Promise<PlacedOrder[]> => {
      const results: PlacedOrder[] = [];
      while (started < phones.length) {
        const index = started++;
        results.push(await placeOrder(customers[index % customers.length]!, phones[index]!, offer, (step) => clients[(index + step) % 2]!));
        finished++;
      }
      return results;
    };
    const running = Promise.all(Array.from({ length: 10 }, placeNext));
    // In the middle of the 50: the first instance's process is killed outright.
    await expect.poll(() => finished, { interval: 10, timeout: 30_000 }).toBeGreaterThanOrEqual(15);
    instances.servers[0]!.child.kill('SIGKILL');
    const placed = (await running).flat();
    expect(placed.filter((order) => order.error).length).toBeGreaterThan(0);

    // The other instance's reconciler, as it runs over the next minutes (its clock 3 minutes on: a claim of the killed
    // process is then stale), until nothing is due.
    const phoneList = phones.map((phone) => `'${phone}'`).join(', ');
    const { services } = sandboxOrderServices(handle.db, new Date(Date.now() + 3 * 60 * 1000));
    const reconciler = createFulfilment(services);
    while ((await reconcileDueOrders(services, reconciler)) > 0);

    const rows = await orderRows(`o.recipient_phone in (${phoneList})`);
    expect(rows.length).toBeGreaterThan(15);
    for (const row of rows) {
      expect(row.deliveries).toBeLessThanOrEqual(1);
      const captured = row.intent_status === 'succeeded' && row.amount_received === row.total_cents;
      expect({ id: row.id, status: row.status, captured, delivered: row.deliveries === 1 }).toEqual({
        id: row.id,
        status: row.status,
        captured: row.status === 'completed',
        delivered: row.status === 'completed',
      });
      // Final, or never paid (a checkout whose customer went away before paying waits for its 30 minutes).
      const pendingUnpaid = row.status === 'created' && row.intent_status !== 'requires_capture';
      expect(
        ['completed', 'canceled', 'expired'].includes(row.status) || pendingUnpaid,
        `${row.id} is ${row.status}, intent ${row.intent_status}`,
      ).toBe(true);
    }
  });

  it('loses no accepted request when it is stopped (SIGTERM) during traffic, and exits 0', async () => {
    const client = clients[1];
    const customers = await Promise.all(Array.from({ length: 10 }, () => signUp(client)));
    const offer = await offerFor(client, nextNumber());
    // Warm connections, so the requests below go over connections the server has accepted.
    await Promise.all(customers.map(() => client.send('GET', '/api/health')));
    const checkouts = customers.map((customer) =>
      client.send('POST', '/api/create-payment-intent', customer.headers, {
        amount: offer.amount,
        fee: offer.fee,
        totalAmount: offer.totalAmount,
        operatorId: offer.operatorId,
        countryCode: 'NG',
        phone: nextNumber(),
        orderKey: randomUUID(),
      }),
    );
    const child = instances.servers[1]!.child;
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGTERM');
    const answers = await Promise.allSettled(checkouts);
    expect(answers.filter((answer) => answer.status === 'rejected')).toEqual([]);
    const statuses = answers.map((answer) => (answer as PromiseFulfilledResult<Answer>).value.status);
    // Each was either taken and answered in full, or refused as the server was closing (a load balancer retries it).
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect(statuses).toContain(200);
    expect(await exited).toBe(0);
  });
});
