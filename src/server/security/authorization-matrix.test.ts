import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { user } from '../db/schema';
import { testConfig } from '../testing/app';
import { accountClient, TEST_ORIGIN, totpCode } from '../testing/accounts';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { GOOD_CARD, SANDBOX_NUMBERS } from '../testing/orders';
import { PROMO_TERMS } from '../testing/promo-codes';

/**
 * Every /api route × every kind of caller. A new route (the admin console's, for one) fails the completeness check
 * below until it has a row here saying what each caller gets.
 */

const ROLES = ['visitor', 'user', 'otherUser', 'adminWithoutTwoFactor', 'admin'] as const;
type Role = (typeof ROLES)[number];

const PASSWORD = 'Lagos-to-Accra-2026';

/** What the callers' fixtures give a row to build its request from. */
interface Fixtures {
  /** An order of `user`'s, not paid. */
  orderId: string;
  paymentIntentId: string;
  operatorId: number;
  amount: string;
  /** `user`'s account id. */
  customerId: string;
}

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** The route as the router knows it. */
  route: string;
  url?: (fixtures: Fixtures) => string;
  body?: (fixtures: Fixtures) => unknown;
  /** The status each caller gets; one number for all. */
  expect: number | Record<Role, number>;
}

const adminOnly = (ok: number) => ({ visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: ok });
/** An action on an account no one has: the admin gets past the guard to a 404, and no fixture account changes. */
const customerAction = (action: string, body: Record<string, unknown> = {}): Row => ({
  method: 'POST',
  route: `/api/admin/customers/:id/${action}`,
  url: () => `/api/admin/customers/no-such-customer/${action}`,
  body: () => ({ reason: 'Checking the matrix', ...body }),
  expect: adminOnly(404),
});

/** A switch of the catalogue in a country no one has: the admin gets past the guard to a 404, and nothing changes. */
const catalogueSwitch = (action: 'enable' | 'disable', ofOperator = false): Row => ({
  method: 'POST',
  route: `/api/admin/catalogue/countries/:iso/${ofOperator ? 'operators/:operatorId/' : ''}${action}`,
  url: () => `/api/admin/catalogue/countries/ZZ/${ofOperator ? 'operators/1/' : ''}${action}`,
  body: () => ({ reason: 'Checking the matrix' }),
  expect: adminOnly(404),
});
const NO_SUCH_MESSAGE = randomUUID();

const signedInOnly = (ok: number) => ({ visitor: 401, user: ok, otherUser: ok, adminWithoutTwoFactor: ok, admin: ok });

const checkoutBody = ({ operatorId, amount }: Fixtures) => ({
  amount,
  orderKey: randomUUID(),
  operatorId,
  countryCode: 'NG',
  phone: SANDBOX_NUMBERS.successful,
});

const MATRIX: Row[] = [
  { method: 'GET', route: '/api/health', expect: 200 },
  { method: 'GET', route: '/api/ready', expect: 200 },
  { method: 'GET', route: '/api/countries', expect: 200 },
  { method: 'GET', route: '/api/price-config', expect: 200 },
  { method: 'GET', route: '/api/price-config/defaults', expect: 200 },
  { method: 'GET', route: '/api/payment-config', expect: 200 },
  { method: 'GET', route: '/api/operators/:countryIsoCode', url: () => '/api/operators/NG', expect: 200 },
  { method: 'GET', route: '/api/promotions/:countryIsoCode', url: () => '/api/promotions/NG', expect: 200 },
  {
    method: 'GET',
    route: '/api/reloadly/operator-detect/:phone/:countryIsoCode',
    url: () => `/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG`,
    expect: 200,
  },
  {
    method: 'POST',
    route: '/api/contact',
    body: () => ({ name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'Where is my top-up?' }),
    expect: 201,
  },
  // Development and tests only: not registered in production.
  { method: 'GET', route: '/api/dev/outbox', url: () => '/api/dev/outbox?to=nobody@example.com', expect: 404 },
  { method: 'GET', route: '/api/user', expect: signedInOnly(200) },
  { method: 'PATCH', route: '/api/user', body: () => ({ username: null }), expect: signedInOnly(200) },
  { method: 'GET', route: '/api/user/refresh-admin-status', expect: signedInOnly(200) },
  { method: 'GET', route: '/api/user/settings', expect: signedInOnly(200) },
  { method: 'POST', route: '/api/user/settings', body: () => ({ theme: 'dark' }), expect: signedInOnly(200) },
  { method: 'GET', route: '/api/user/data', expect: signedInOnly(200) },
  // Nothing is deleted: `user` has an order in progress, `otherUser` sends no password, admins are refused as admins.
  {
    method: 'POST',
    route: '/api/user/delete',
    body: () => ({}),
    expect: { visitor: 401, user: 409, otherUser: 400, adminWithoutTwoFactor: 409, admin: 409 },
  },
  { method: 'GET', route: '/api/recipients', expect: signedInOnly(200) },
  {
    method: 'POST',
    route: '/api/recipients',
    body: () => ({ countryCode: 'NG', phone: SANDBOX_NUMBERS.successful, name: 'Mum' }),
    expect: signedInOnly(201),
  },
  // Nobody's recipient: every signed-in caller gets past the guard to a 404, and nothing changes.
  {
    method: 'PATCH',
    route: '/api/recipients/:id',
    url: () => `/api/recipients/${NO_SUCH_MESSAGE}`,
    body: () => ({ name: 'Dad' }),
    expect: signedInOnly(404),
  },
  { method: 'DELETE', route: '/api/recipients/:id', url: () => `/api/recipients/${NO_SUCH_MESSAGE}`, expect: signedInOnly(404) },
  { method: 'GET', route: '/api/user/payment-methods', expect: signedInOnly(200) },
  // Nobody's card: every signed-in caller gets past the guard to a 404, and nothing changes.
  {
    method: 'DELETE',
    route: '/api/user/payment-methods/:id',
    url: () => `/api/user/payment-methods/${NO_SUCH_MESSAGE}`,
    expect: signedInOnly(404),
  },
  { method: 'GET', route: '/api/orders', expect: signedInOnly(200) },
  {
    method: 'GET',
    route: '/api/orders/:id',
    url: ({ orderId }) => `/api/orders/${orderId}`,
    expect: { visitor: 401, user: 200, otherUser: 404, adminWithoutTwoFactor: 404, admin: 404 },
  },
  {
    method: 'GET',
    route: '/api/orders/:id/pin',
    url: ({ orderId }) => `/api/orders/${orderId}/pin`,
    // The order has no PIN: its owner is told so; to anyone else the order does not exist.
    expect: { visitor: 401, user: 404, otherUser: 404, adminWithoutTwoFactor: 404, admin: 404 },
  },
  {
    method: 'GET',
    route: '/api/orders/:id/receipt',
    url: ({ orderId }) => `/api/orders/${orderId}/receipt`,
    expect: { visitor: 401, user: 200, otherUser: 404, adminWithoutTwoFactor: 404, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/orders/:id/delivery-report',
    url: ({ orderId }) => `/api/orders/${orderId}/delivery-report`,
    body: () => ({ message: 'It never came' }),
    // The owner's order is not completed, so there is nothing to report; nobody else learns the order exists.
    expect: { visitor: 401, user: 409, otherUser: 404, adminWithoutTwoFactor: 404, admin: 404 },
  },
  { method: 'GET', route: '/api/delivery-reports/:id', url: () => `/api/delivery-reports/${NO_SUCH_MESSAGE}`, expect: signedInOnly(404) },
  {
    method: 'POST',
    route: '/api/topup-requests',
    body: () => ({ countryCode: 'NG', phone: SANDBOX_NUMBERS.successful, note: 'For the week' }),
    // Only a customer whose address is confirmed makes links (the admins' are).
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 201, admin: 201 },
  },
  { method: 'GET', route: '/api/user/topup-requests', expect: signedInOnly(200) },
  // Nobody's link: every signed-in caller gets past the guard to a 404, and nothing is revoked.
  { method: 'DELETE', route: '/api/user/topup-requests/:id', url: () => '/api/user/topup-requests/999999', expect: signedInOnly(404) },
  { method: 'GET', route: '/api/topup-requests/:token', url: () => '/api/topup-requests/no-such-token-at-all-here', expect: 404 },
  { method: 'POST', route: '/api/create-payment-intent', body: checkoutBody, expect: signedInOnly(200) },
  {
    method: 'POST',
    route: '/api/reloadly/topup',
    body: ({ paymentIntentId }) => ({ paymentIntentId }),
    // The owner is told the payment is not authorised yet; nobody else learns the order exists.
    expect: { visitor: 401, user: 409, otherUser: 404, adminWithoutTwoFactor: 404, admin: 404 },
  },
  // The client secret is the proof, as with Stripe: a wrong one is refused to everyone alike.
  {
    method: 'POST',
    route: '/api/sandbox-payments/:id/confirm',
    url: ({ paymentIntentId }) => `/api/sandbox-payments/${paymentIntentId}/confirm`,
    body: () => ({ clientSecret: 'pi_wrong_secret_wrong', paymentMethod: GOOD_CARD }),
    expect: 404,
  },
  {
    method: 'GET',
    route: '/api/sandbox-payments/:id/authenticate',
    url: ({ paymentIntentId }) => `/api/sandbox-payments/${paymentIntentId}/authenticate?client_secret=pi_wrong_secret_wrong`,
    expect: 404,
  },
  {
    method: 'POST',
    route: '/api/sandbox-payments/:id/authenticate',
    url: ({ paymentIntentId }) => `/api/sandbox-payments/${paymentIntentId}/authenticate`,
    body: () => ({ client_secret: 'pi_wrong_secret_wrong', answer: 'complete' }),
    expect: 404,
  },
  { method: 'POST', route: '/api/webhooks/payments', body: () => ({ type: 'payment_intent.succeeded' }), expect: 400 },
  { method: 'POST', route: '/api/webhooks/stripe', body: () => ({ type: 'payment_intent.succeeded' }), expect: 400 },
  {
    method: 'GET',
    route: '/api/admin/users',
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/admin/topup-wallet',
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 200 },
  },
  { method: 'GET', route: '/api/admin/customers', expect: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/customers/:id',
    url: ({ customerId }) => `/api/admin/customers/${customerId}`,
    expect: adminOnly(200),
  },
  customerAction('block'),
  customerAction('unblock'),
  customerAction('end-sessions'),
  customerAction('admin', { isAdmin: true }),
  { method: 'GET', route: '/api/admin/audit-log', expect: adminOnly(200) },
  // The console's actions on an order: the fixture order is unpaid, so a check finds nothing to do and the order's
  // status allows no release or refund.
  {
    method: 'POST',
    route: '/api/admin/orders/:id/check',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/check`,
    body: () => ({ reason: 'Customer asked where the top-up is' }),
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/release',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/release`,
    body: () => ({ reason: 'Customer asked to cancel' }),
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/refund',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/refund`,
    body: () => ({ reason: 'Customer asked for a refund' }),
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 409 },
  },
  // The fixture order is not in review: the admin gets past the guard to a 409 with its status.
  {
    method: 'POST',
    route: '/api/admin/orders/:id/approve',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/approve`,
    body: () => ({ reason: 'Checked with the customer' }),
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/reject',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/reject`,
    body: () => ({ reason: 'Stolen card', blockAccount: true, blocklistCard: true }),
    expect: { visitor: 401, user: 403, otherUser: 403, adminWithoutTwoFactor: 403, admin: 409 },
  },
  // The risk desk: a stale version is refused (409), an entry no one has is a 404, and nothing changes.
  { method: 'GET', route: '/api/admin/risk/rules', expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/risk/rules',
    body: () => ({ version: 999, rules: [], reviewWindowMinutes: 120, reason: 'Checking the matrix' }),
    expect: adminOnly(409),
  },
  { method: 'GET', route: '/api/admin/risk/blocklist', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/risk/blocklist',
    // Refused as it does not parse, so nothing is added.
    body: () => ({ kind: 'address', value: '300.1.1.1/40', reason: 'Checking the matrix' }),
    expect: adminOnly(400),
  },
  {
    method: 'DELETE',
    route: '/api/admin/risk/blocklist/:id',
    url: () => '/api/admin/risk/blocklist/999999',
    body: () => ({ reason: 'Checking the matrix' }),
    expect: adminOnly(404),
  },
  // ADR 060: the fixture order has no dispute: the admin gets past the guard to a 404, and nothing is submitted.
  {
    method: 'GET',
    route: '/api/admin/orders/:id/dispute/evidence',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/dispute/evidence`,
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/dispute/evidence',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/dispute/evidence`,
    body: () => ({ statement: 'Checking the matrix' }),
    expect: adminOnly(404),
  },
  { method: 'GET', route: '/api/admin/orders/:id/risk', url: ({ orderId }) => `/api/admin/orders/${orderId}/risk`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/risk/reviews', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/risk/reviews/count', expect: adminOnly(200) },
  // The fixture order has no report: the admin gets past the guard to a 404.
  {
    method: 'POST',
    route: '/api/admin/orders/:id/delivery-report/checking',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/delivery-report/checking`,
    body: () => ({ reason: 'Checking the matrix' }),
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/orders/:id/delivery-report/delivered',
    url: ({ orderId }) => `/api/admin/orders/${orderId}/delivery-report/delivered`,
    body: () => ({ reason: 'Checking the matrix', reference: 'OP-1' }),
    expect: adminOnly(404),
  },
  { method: 'GET', route: '/api/admin/orders', url: () => '/api/admin/orders?q=amina%40example.com', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/orders/:id', url: ({ orderId }) => `/api/admin/orders/${orderId}`, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/attention', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/attention/count', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/overview', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/catalogue/countries', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/catalogue/countries/:iso', url: () => '/api/admin/catalogue/countries/NG', expect: adminOnly(200) },
  catalogueSwitch('enable'),
  catalogueSwitch('disable'),
  catalogueSwitch('enable', true),
  catalogueSwitch('disable', true),
  // The settings: an edit on a version that does not exist gets past the guard to a 409 and changes nothing.
  { method: 'GET', route: '/api/admin/pricing', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/pricing/history', expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/pricing',
    body: () => ({ version: 999, airtimeFeePercent: '3.00', standardFee: '0.33', reason: 'Checking the matrix' }),
    expect: adminOnly(409),
  },
  // The fee rules per corridor: a save on a version that does not exist gets past the guard to a 409, a removal of a
  // rule that does not exist to a 404; neither changes anything.
  { method: 'GET', route: '/api/admin/pricing/rules', expect: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/admin/pricing/rules/operators',
    url: () => '/api/admin/pricing/rules/operators?countryCode=NG',
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/pricing/rules',
    body: () => ({ version: 999, countryCode: 'NG', airtimeFeePercent: '5.00', standardFee: '0.50', reason: 'Checking the matrix' }),
    expect: adminOnly(409),
  },
  {
    method: 'DELETE',
    route: '/api/admin/pricing/rules',
    body: () => ({ version: 999, countryCode: 'NG', reason: 'Checking the matrix' }),
    expect: adminOnly(404),
  },
  { method: 'GET', route: '/api/admin/limits', expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/limits',
    body: () => ({
      version: 999,
      dailySpendLimit: '200.00',
      recipientCooldownMinutes: 2,
      checkoutAttemptsPerMinute: 3,
      reason: 'Checking the matrix',
    }),
    expect: adminOnly(409),
  },
  { method: 'GET', route: '/api/admin/alerts', expect: adminOnly(200) },
  {
    method: 'POST',
    route: '/api/admin/alerts/:id/resolve',
    url: () => '/api/admin/alerts/999999/resolve',
    body: () => ({ note: 'Checking the matrix' }),
    expect: adminOnly(404),
  },
  { method: 'GET', route: '/api/admin/alert-settings', expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/alert-settings',
    body: () => ({
      version: 999,
      lowBalance: '500.00',
      operatorFailures: 5,
      operatorFailedPercent: 50,
      operatorMinutes: 15,
      switchOffFailingOperators: false,
      declinePercent: 20,
      declineMinPayments: 50,
      settlementEmail: false,
      settlementEmailHour: 7,
      reason: 'Checking the matrix',
    }),
    expect: adminOnly(409),
  },
  { method: 'GET', route: '/api/admin/orders/export.csv', url: () => '/api/admin/orders/export.csv?status=completed', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/settlement', url: () => '/api/admin/settlement?from=2026-11-01&to=2026-11-28', expect: adminOnly(200) },
  // The contact messages: the inbox, its count, and a message no one sent (the admin gets past the guard to a 404).
  { method: 'GET', route: '/api/admin/messages', url: () => '/api/admin/messages?filter=unread', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/messages/count', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/messages/:id', url: () => `/api/admin/messages/${NO_SUCH_MESSAGE}`, expect: adminOnly(404) },
  {
    method: 'POST',
    route: '/api/admin/messages/:id/handle',
    url: () => `/api/admin/messages/${NO_SUCH_MESSAGE}/handle`,
    body: () => ({ note: 'Answered by e-mail' }),
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    route: '/api/admin/messages/:id/reopen',
    url: () => `/api/admin/messages/${NO_SUCH_MESSAGE}/reopen`,
    body: () => ({ reason: 'The customer wrote again' }),
    expect: adminOnly(404),
  },
  // Promo codes (ADR 067): an unknown code is a 400 for every signed-in customer; the console's a 409 on a version that
  // does not exist, a 404 on a code no one made, a 400 for terms that do not parse; nothing changes.
  {
    method: 'POST',
    route: '/api/promo-codes/check',
    body: ({ operatorId, amount }) => ({ code: 'no such code', amount, operatorId, countryCode: 'NG' }),
    expect: signedInOnly(400),
  },
  { method: 'GET', route: '/api/admin/promo-codes', expect: adminOnly(200) },
  { method: 'POST', route: '/api/admin/promo-codes', body: () => ({ code: 'x', reason: 'Checking the matrix' }), expect: adminOnly(400) },
  {
    method: 'PUT',
    route: '/api/admin/promo-codes/:id',
    url: () => '/api/admin/promo-codes/999999',
    body: () => ({ ...PROMO_TERMS, version: 999 }),
    expect: adminOnly(404),
  },
  { method: 'GET', route: '/api/admin/promo-codes/:id/orders', url: () => '/api/admin/promo-codes/999999/orders', expect: adminOnly(404) },
  // Refer a friend (ADR 070): the customer's own link and price; the console's settings (409 on a version that does not
  // exist) and the referrals of a customer no one is (404).
  { method: 'GET', route: '/api/referrals/me', expect: signedInOnly(200) },
  {
    method: 'POST',
    route: '/api/referrals/price',
    body: ({ operatorId, amount }) => ({ amount, operatorId, countryCode: 'NG' }),
    expect: signedInOnly(200),
  },
  { method: 'GET', route: '/api/admin/referral-settings', expect: adminOnly(200) },
  {
    method: 'PUT',
    route: '/api/admin/referral-settings',
    body: () => ({ friendDiscount: '5.00', referrerCredit: '5.00', disputeWindowDays: 60, version: 999, reason: 'Checking the matrix' }),
    expect: adminOnly(409),
  },
  {
    method: 'GET',
    route: '/api/admin/customers/:id/referrals',
    url: () => `/api/admin/customers/${NO_SUCH_MESSAGE}/referrals`,
    expect: adminOnly(404),
  },
  // Auto top-ups (ADR 068): a customer's own schedules; a schedule no one set is a 404 for everyone signed in (another
  // customer's too, tested with real ids in http/auto-topups.test.ts); a forged reminder link is a 404 for anyone.
  { method: 'GET', route: '/api/auto-topups', expect: signedInOnly(200) },
  { method: 'POST', route: '/api/auto-topups', body: () => ({}), expect: signedInOnly(400) },
  {
    method: 'PATCH',
    route: '/api/auto-topups/:id',
    url: () => `/api/auto-topups/${NO_SUCH_MESSAGE}`,
    body: () => ({ intervalDays: 14 }),
    expect: signedInOnly(404),
  },
  { method: 'DELETE', route: '/api/auto-topups/:id', url: () => `/api/auto-topups/${NO_SUCH_MESSAGE}`, expect: signedInOnly(404) },
  ...(['skip', 'pause', 'resume'] as const).map((action) => ({
    method: 'POST' as const,
    route: `/api/auto-topups/:id/${action}`,
    url: () => `/api/auto-topups/${NO_SUCH_MESSAGE}/${action}`,
    expect: signedInOnly(404),
  })),
  { method: 'GET', route: '/api/auto-topup-links', url: () => '/api/auto-topup-links?token=forged.token', expect: 404 },
  { method: 'POST', route: '/api/auto-topup-links', body: () => ({ token: 'forged.token' }), expect: 404 },
  { method: 'GET', route: '/api/admin/auto-topups', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/auto-topups/:id', url: () => `/api/admin/auto-topups/${NO_SUCH_MESSAGE}`, expect: adminOnly(404) },
  // Better Auth's endpoints, all under the one /api/auth/* route.
  { method: 'GET', route: '/api/auth/*', url: () => '/api/auth/get-session', expect: 200 },
  { method: 'GET', route: '/api/auth/*', url: () => '/api/auth/list-accounts', expect: signedInOnly(200) },
  { method: 'POST', route: '/api/auth/*', url: () => '/api/auth/update-user', body: () => ({ theme: 'light' }), expect: signedInOnly(200) },
  {
    method: 'POST',
    route: '/api/auth/*',
    url: () => '/api/auth/two-factor/get-totp-uri',
    body: () => ({ password: PASSWORD }),
    expect: { visitor: 401, user: 400, otherUser: 400, adminWithoutTwoFactor: 400, admin: 400 },
  },
  // Last: it ends the caller's session.
  { method: 'POST', route: '/api/logout', expect: 200 },
];

/** The /api routes the server has, as "METHOD /path" (HEAD left out), read from Fastify's route tree. */
function apiRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([^)]+)\)/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!path.startsWith('/api')) continue;
    for (const method of match[3]!.split(', ')) if (method !== 'HEAD' && method !== 'OPTIONS') found.push(`${method} ${path}`);
  }
  return found;
}

describe('the authorization matrix', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const cookies = {} as Record<Role, string>;
  let fixtures: Fixtures;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database });

    const signUp = async (email: string, address: string) => {
      const browser = accountClient(app, address);
      expect((await browser.signUp(email, PASSWORD)).statusCode).toBe(200);
      return browser;
    };
    const owner = await signUp('amina@example.com', '203.0.113.1');
    const other = await signUp('kofi@example.com', '203.0.113.2');
    const halfAdmin = await signUp('half-admin@example.com', '203.0.113.3');
    const admin = await signUp('boss@example.com', '203.0.113.4');
    await database.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, 'half-admin@example.com'));
    await database.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, 'boss@example.com'));
    const { totpURI } = (await admin.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
    expect((await admin.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
    Object.assign(cookies, {
      visitor: '',
      user: owner.cookies,
      otherUser: other.cookies,
      adminWithoutTwoFactor: halfAdmin.cookies,
      admin: admin.cookies,
    });

    const detected = (await owner.get(`/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG`)).json().data as {
      operatorId: number;
      suggestedAmounts: number[];
    };
    const partial = { operatorId: detected.operatorId, amount: detected.suggestedAmounts[0]!.toFixed(2) };
    const intent = (
      await owner.post('/api/create-payment-intent', checkoutBody({ ...partial, orderId: '', paymentIntentId: '', customerId: '' }))
    ).json();
    const [ownerAccount] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, 'amina@example.com'));
    fixtures = { ...partial, orderId: intent.orderId, paymentIntentId: intent.paymentIntentId, customerId: ownerAccount!.id };
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('has a row for every /api route the server serves', () => {
    const covered = new Set(MATRIX.map((row) => `${row.method} ${row.route}`));
    const served = apiRoutes(app);
    expect(served.length).toBeGreaterThan(15);
    // Better Auth's catch-all route is checked through the rows that name its endpoints.
    expect(served.filter((route) => !covered.has(route) && !route.includes(' /api/auth/'))).toEqual([]);
    expect(app.hasRoute({ method: 'POST', url: '/api/auth/*' })).toBe(true);
  });

  describe.each(MATRIX)('$method $route', (row) => {
    it.each(ROLES)('answers %s as the matrix says', async (role) => {
      const url = row.url?.(fixtures) ?? row.route;
      const response = await app.inject({
        method: row.method,
        url,
        payload: row.body?.(fixtures) as Record<string, unknown> | undefined,
        headers: { origin: TEST_ORIGIN, ...(cookies[role] ? { cookie: cookies[role] } : {}) },
        remoteAddress: `198.51.100.${ROLES.indexOf(role) + 1}`,
      });
      const expected = typeof row.expect === 'number' ? row.expect : row.expect[role];
      expect(response.statusCode, `${row.method} ${url} as ${role}: ${response.body.slice(0, 200)}`).toBe(expected);
    });
  });
});
