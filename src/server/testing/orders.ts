import { DEFAULT_DECLINE_ALERT } from '../../shared/api/admin-overview';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createDestinationSwitches } from '../catalog/destination-switches';
import { servedOperators } from '../catalog/served-operators';
import type { Database } from '../db/client';
import { orderEvents, orders, sandboxPaymentIntents, sandboxRefunds, sandboxTopups, serviceLimits, user } from '../db/schema';
import { startCheckout } from '../orders/checkout';
import { createFulfilment } from '../orders/fulfilment';
import { createPinVault } from '../orders/pin-vault';
import { silentLog, type OrderServices } from '../orders/services';
import { createServiceLimits, defaultServiceLimits, type ServiceLimits } from '../orders/service-limits';
import { SANDBOX_WEBHOOK_SECRET } from '../payments';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { createSandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider';
import { createSandboxTopupProvider } from '../topups/sandbox';

/** Nigerian numbers the sandbox detects as MTN; the last four digits pick the delivery outcome (docs/sandbox-topups.md). */
export const SANDBOX_NUMBERS = {
  successful: '08031234567',
  failed: '08031230000',
  processing: '08031230001',
  refunded: '08031230002',
  rejected: '08031230003',
  answerLost: '08031230004',
  holdLapses: '08031230005',
  lostTrack: '08031230006',
} as const;

export const GOOD_CARD = { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' } as const;

export const TEST_PIN_VAULT = createPinVault('test-secret-for-sealing-pins-0123456789');

/**
 * A user row for tests that work below HTTP (sign-in is tested elsewhere): an account made long before the tests'
 * clocks, so the risk rules about new accounts (a first day's spend) leave it alone unless a test says otherwise.
 */
export async function insertTestUser(db: Database, email = `${randomUUID()}@example.com`): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, name: email, email, createdAt: new Date('2020-01-01T00:00:00Z') });
  return id;
}

/**
 * Saves limits as an admin would (the row GET/PUT /api/admin/limits read and write), without the console: what is not
 * given keeps the built-in default. Instances read them within their caching window, the authorisation guards at once.
 */
export async function saveServiceLimits(db: Database, limits: Partial<ServiceLimits>, version = 1) {
  const values = {
    ...defaultServiceLimits(20_000),
    ...limits,
    version,
    updatedAt: new Date(),
    updatedById: 'test',
    updatedByEmail: 'test@example.com',
  };
  await db.insert(serviceLimits).values(values).onConflictDoUpdate({ target: serviceLimits.id, set: values });
}

/**
 * The order code wired to the sandbox providers (real, database-backed), the catalogue's switches (nothing blocked)
 * and a clock the test moves.
 */
export function sandboxOrderServices(db: Database, start = new Date('2026-11-22T10:00:00Z'), overrides: Partial<OrderServices> = {}) {
  const clock = { now: start };
  const now = () => clock.now;
  const topups = createSandboxTopupProvider(db, { now });
  const destinations = overrides.destinations ?? createDestinationSwitches(db, { provider: 'sandbox', blocked: [] });
  const services: OrderServices = {
    db,
    payments: createSandboxPaymentProvider(db, { webhookSecret: SANDBOX_WEBHOOK_SECRET, now }),
    topups,
    operators: servedOperators(topups, destinations),
    destinations,
    now,
    log: silentLog,
    limits: createServiceLimits(db, { defaults: defaultServiceLimits(1_000_000), now }),
    pinVault: TEST_PIN_VAULT,
    lowWalletBalance: null,
    declineAlert: DEFAULT_DECLINE_ALERT,
    ...overrides,
  };
  return {
    services,
    clock,
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
}

/** The first amount an NG MTN top-up offers, as the browser would send it. */
export async function firstOffer(services: OrderServices, countryCode = 'NG', phone: string = SANDBOX_NUMBERS.successful) {
  const operator = await services.operators.detectOperator(phone, countryCode);
  const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : Math.max(operator.minAmount ?? 5, 5);
  return { operator, amount: amount.toFixed(2) };
}

/** Creates an order through checkout and, unless told otherwise, pays it with a card that authorises. */
export async function paidOrder(
  services: OrderServices,
  options: { userId: string; phone?: string; countryCode?: string; pay?: boolean; card?: { number: string } },
): Promise<{ orderId: string; paymentIntentId: string; clientSecret: string }> {
  const phone = options.phone ?? SANDBOX_NUMBERS.successful;
  const countryCode = options.countryCode ?? 'NG';
  const { operator, amount } = await firstOffer(services, countryCode, phone);
  const intent = await startCheckout(services, {
    userId: options.userId,
    accountEmail: 'payer@example.com',
    body: { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode, phone },
  });
  if (options.pay !== false) {
    await confirmSandboxPaymentIntent(
      services.db,
      intent.paymentIntentId,
      { clientSecret: intent.clientSecret, paymentMethod: { ...GOOD_CARD, ...options.card } },
      services.now(),
    );
  }
  return { orderId: intent.orderId, paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret };
}

/** Everything the invariants are checked against, for one order. */
export async function orderLedger(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.id);
  const [intent] = order?.paymentId ? await db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, order.paymentId)) : [];
  const deliveries = order ? await db.select().from(sandboxTopups).where(eq(sandboxTopups.customIdentifier, order.customIdentifier)) : [];
  const refunds = intent ? await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.paymentIntentId, intent.id)) : [];
  return { order: order!, events, intent, deliveries, refunds };
}

export { createFulfilment };
