/** What the fulfilment test files share: providers that count or script their calls, and the database and setup. */
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { PaymentProvider } from '../payments/provider';
import { openTestDatabase, type TEST_DATABASE_KINDS, type TestDatabase } from './databases';
import { insertTestUser, paidOrder, sandboxOrderServices } from './orders';
import { TopupProviderError, type TopupDelivery, type TopupRequest, type TopupResult } from '../topups/provider';
import { createFulfilment } from '../orders/fulfilment';
import type { OrderServices } from '../orders/services';

/** Counts the calls that move money, so tests can say "exactly one capture". */
export function countingPayments(inner: PaymentProvider) {
  const calls = { capture: 0, cancel: 0 };
  /** The idempotency key of every capture that answered: one key is one capture at the provider, replays included. */
  const captureKeys: string[] = [];
  const payments: PaymentProvider = {
    ...inner,
    kind: inner.kind,
    publishableKey: inner.publishableKey,
    testMode: inner.testMode,
    createPayment: (request) => inner.createPayment(request),
    getPayment: (id) => inner.getPayment(id),
    capturePayment: async (id, options) => {
      const captured = await inner.capturePayment(id, options);
      calls.capture++;
      captureKeys.push(options.idempotencyKey);
      return captured;
    },
    releasePayment: (id, options) => {
      calls.cancel++;
      return inner.releasePayment(id, options);
    },
    verifyWebhookEvent: (body, signature) => inner.verifyWebhookEvent(body, signature),
  };
  return { payments, calls, captureKeys };
}

/** A top-up provider that answers from a script, then behaves like the real sandbox. */
export function scriptedTopups(inner: TopupDelivery, script: Array<(request: TopupRequest) => Promise<TopupResult>>) {
  const sent: TopupRequest[] = [];
  const delivery: TopupDelivery = {
    async sendTopup(request) {
      sent.push(request);
      const next = script.shift();
      return next ? next(request) : inner.sendTopup(request);
    },
    topupStatus: (id) => inner.topupStatus(id),
    findTopupByCustomIdentifier: (id) => inner.findTopupByCustomIdentifier(id),
  };
  return { delivery, sent };
}

/**
 * The fulfilment tests' database, opened once for the file and emptied before each test; `setup()` gives a test the
 * sandbox's services (with `overrides`), a customer and a fulfilment over them.
 */
export function useFulfilmentDatabase(kind: (typeof TEST_DATABASE_KINDS)[number]) {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  return {
    get db() {
      return database.db;
    },
    async setup(overrides: (services: OrderServices) => Partial<OrderServices> = () => ({})) {
      const kit = sandboxOrderServices(database.db);
      Object.assign(kit.services, overrides(kit.services));
      const userId = await insertTestUser(database.db);
      return { ...kit, userId, fulfilment: createFulfilment(kit.services) };
    },
  };
}

/**
 * A paid order of `kit`'s customer whose first send timed out: nothing is known of it at the provider, and it waits in
 * delivery_pending. Later sends go to the sandbox; `scripted.sent` lists every send.
 */
export async function paidOrderWhoseSendTimedOut(kit: Awaited<ReturnType<ReturnType<typeof useFulfilmentDatabase>['setup']>>) {
  const { services, userId } = kit;
  const timeout = () => Promise.reject(new TopupProviderError('timed out', { code: 'UPSTREAM_UNAVAILABLE', status: 502, retryable: true }));
  const scripted = scriptedTopups(services.topups, [timeout]);
  services.topups = scripted.delivery;
  const fulfilment = createFulfilment(services);
  const { orderId } = await paidOrder(services, { userId });
  expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
  return { scripted, fulfilment, orderId };
}
