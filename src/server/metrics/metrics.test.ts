import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../../shared/api/orders';
import { formatUsd, priceTopUp, toCents } from '../../shared/pricing';
import { buildApp } from '../app';
import { loadFeeConfig } from '../catalog/price-config';
import { receiptOutbox } from '../db/schema';
import { serveMetrics } from '../start';
import { testConfig } from '../testing/app';
import { accountClient } from '../testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { GOOD_CARD, SANDBOX_NUMBERS } from '../testing/orders';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const PASSWORD = 'Lagos-to-Accra-2026';

/** The value of each sample line of a Prometheus text, by its name and labels as written (`name{a="b"}`). */
function samples(text: string): Map<string, number> {
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    values.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return values;
}

describe.each(TEST_DATABASE_KINDS)('GET /metrics with METRICS_TOKEN on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database, now: () => clock, reconciler: false });
  });
  beforeEach(async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function scrape() {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return samples(response.body);
  }

  /** Signs up and places a whole order as the browser does: checkout, card, top-up. */
  async function placeOrder() {
    const client = accountClient(app, '198.51.100.77');
    expect((await client.signUp(`${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(200);
    const detected = await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG` });
    const operator = detected.json().data;
    const price = priceTopUp(toCents(operator.fixedAmounts[0]), await loadFeeConfig(database.db));
    const body = {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId,
      countryCode: 'NG',
      phone: SANDBOX_NUMBERS.successful,
      orderKey: randomUUID(),
    };
    const created = await client.post('/api/create-payment-intent', body);
    expect(created.statusCode, created.body).toBe(200);
    const intent = created.json() as CreatePaymentIntentResponse;
    const confirmed = await client.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      paymentMethod: GOOD_CARD,
    });
    expect(confirmed.statusCode).toBe(200);
    const topup = await client.post('/api/reloadly/topup', {
      operatorId: String(operator.operatorId),
      amount: body.amount,
      recipientPhone: { countryCode: 'NG', number: body.phone },
      paymentIntentId: intent.paymentIntentId,
    });
    expect(topup.json().status).toBe('SUCCESSFUL');
    return client;
  }

  it('answers only a request bearing the token', async () => {
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    const right = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // Node's default process metrics are there.
    expect(samples(right.body).get('process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });

  it('counts a whole order: its moves, its provider calls, its times since authorisation and its requests', async () => {
    const before = await scrape();
    await placeOrder();
    const after = await scrape();
    const added = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);

    for (const [from, to] of [
      ['none', 'created'],
      ['created', 'authorised'],
      ['authorised', 'delivering'],
      ['delivering', 'delivered'],
      ['delivered', 'completed'],
    ]) {
      expect(added(`order_transitions_total{from="${from}",to="${to}"}`), `${from} → ${to}`).toBe(1);
    }
    expect(added('order_authorisation_to_delivery_seconds_count')).toBe(1);
    expect(added('order_authorisation_to_capture_seconds_count')).toBe(1);
    for (const operation of ['createPaymentIntent', 'retrievePaymentIntent', 'capturePaymentIntent']) {
      expect(added(`provider_calls_total{provider="sandbox",operation="${operation}",outcome="ok"}`), operation).toBe(1);
      expect(added(`provider_call_duration_seconds_count{provider="sandbox",operation="${operation}",outcome="ok"}`), operation).toBe(1);
    }
    expect(added('provider_calls_total{provider="sandbox",operation="sendTopup",outcome="ok"}')).toBe(1);
    for (const route of ['/api/create-payment-intent', '/api/sandbox-payments/:id/confirm', '/api/reloadly/topup']) {
      expect(added(`http_request_duration_seconds_count{method="POST",route="${route}",status="200"}`), route).toBe(1);
    }
    if (kind === 'postgres') {
      expect(added('db_queries_total')).toBeGreaterThan(5);
      expect(after.get('db_pool_max_connections')).toBe(10);
      expect(after.has('db_pool_connections{state="idle"}')).toBe(true);
    } else {
      expect(after.has('db_queries_total')).toBe(true);
      expect(after.has('db_pool_max_connections')).toBe(false);
    }
  });

  /** A new customer's order, created and not paid; its id. */
  async function unpaidOrder(address: string): Promise<string> {
    const client = accountClient(app, address);
    expect((await client.signUp(`${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(200);
    const detected = await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG` });
    const operator = detected.json().data;
    const price = priceTopUp(toCents(operator.fixedAmounts[0]), await loadFeeConfig(database.db));
    const created = await client.post('/api/create-payment-intent', {
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      totalAmount: formatUsd(price.totalCents),
      operatorId: operator.operatorId,
      countryCode: 'NG',
      phone: SANDBOX_NUMBERS.successful,
      orderKey: randomUUID(),
    });
    expect(created.statusCode).toBe(200);
    return (created.json() as CreatePaymentIntentResponse).orderId;
  }

  it("reports the reconciler's backlog and how long the oldest order has been due", async () => {
    expect((await scrape()).get('reconciler_due_orders')).toBe(0);
    await unpaidOrder('198.51.100.78');
    // Unpaid, the order is first looked at 2 minutes on: not due yet, then due for 90 s.
    expect((await scrape()).get('reconciler_due_orders')).toBe(0);
    clock = new Date(clock.getTime() + (2 * 60 + 90) * 1000);
    const due = await scrape();
    expect(due.get('reconciler_due_orders')).toBe(1);
    expect(due.get('reconciler_lag_seconds')).toBe(90);
  });

  it('reports the receipts not sent yet and how long the oldest has waited, retries included, but not those sent or skipped', async () => {
    expect((await scrape()).get('receipts_unsent')).toBe(0);
    const orderId = await unpaidOrder('198.51.100.79');
    // Waiting for a retry an hour on (so the app's own sender leaves it alone), queued 5 minutes ago; one sent, one skipped.
    const queued = new Date(clock.getTime() - 5 * 60 * 1000);
    const later = new Date(clock.getTime() + 60 * 60 * 1000);
    await database.db.insert(receiptOutbox).values([
      { orderId, kind: 'failed', createdAt: queued, nextAttemptAt: later, attempts: 1, lastError: 'SMTP refused' },
      { orderId, kind: 'completed', createdAt: queued, nextAttemptAt: later, sentAt: clock },
      { orderId, kind: 'refunded', createdAt: queued, nextAttemptAt: later, skippedAt: clock },
    ]);
    const scraped = await scrape();
    expect(scraped.get('receipts_unsent')).toBe(1);
    expect(scraped.get('receipts_unsent_oldest_seconds')).toBe(300);
  });
});

describe('where /metrics answers', () => {
  it('nowhere without METRICS_TOKEN or METRICS_PORT', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ config: testConfig(), database, reconciler: false });
    try {
      const response = await app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('process_cpu');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('on METRICS_PORT only, with the token asked there too', async () => {
    const port = await freePort();
    const config = testConfig({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ config, database, reconciler: false });
    const metricsServer = await serveMetrics(app, config);
    try {
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      expect(samples(await scraped.text()).has('reconciler_due_orders')).toBe(true);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
      // The public port does not serve them, token or not.
      const onPublicPort = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(onPublicPort.statusCode).toBe(404);
    } finally {
      await new Promise((resolve) => metricsServer.close(resolve));
      await app.close();
      await database.close();
    }
  });
});

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
