import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { openConsoleAt, signedInAdmin, useSettings } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';

const ADMIN = 'risk-desk@example.com';
const CUSTOMER = 'elevated-risk@example.com';
/** A second payer whose order stays held throughout, so every page is also checked with a card in the queue. */
const WAITING = 'still-waiting@example.com';
/** The sandbox's Radar card: authorised at an elevated risk, which the default rules hold for review (ADR 044). */
const ELEVATED_RISK_CARD = '4000000000009235';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

let admin: Page;

/** Pays a Nigerian top-up through the API from the customer's page with the card, as the checkout does; answers its order id. */
function heldOrder(page: Page, phone: string): Promise<string> {
  return page.evaluate(
    async ({ phone, card }) => {
      const call = async <T>(path: string, body: unknown): Promise<T> => {
        const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        return (await response.json()) as T;
      };
      const detected = await fetch(`/api/reloadly/operator-detect/${phone}/NG`);
      const { data: operator } = (await detected.json()) as {
        data: { operatorId: number; name: string; suggestedAmounts: number[]; fixedAmounts: number[] };
      };
      const amount = (operator.fixedAmounts[0] ?? operator.suggestedAmounts[0]!).toFixed(2);
      const intent = await call<{ paymentIntentId: string; clientSecret: string; orderId: string }>('/api/create-payment-intent', {
        amount,
        orderKey: `risk-${phone}-${Date.now()}`,
        operatorId: operator.operatorId,
        countryCode: 'NG',
        phone,
      });
      await call(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
        clientSecret: intent.clientSecret,
        paymentMethod: { type: 'card', number: card, expMonth: 12, expYear: 34, cvc: '123' },
      });
      await call('/api/reloadly/topup', {
        paymentIntentId: intent.paymentIntentId,
        operatorId: String(operator.operatorId),
        amount,
        useLocalAmount: false,
        customIdentifier: `risk-${Date.now()}`,
        recipientPhone: { countryCode: 'NG', number: phone },
        operatorName: operator.name,
      });
      return intent.orderId;
    },
    { phone, card: ELEVATED_RISK_CARD },
  );
}

/** An admin action through the API from the admin's page, as a second admin in another browser would act. */
async function actAsAnotherAdmin(path: string, body: unknown) {
  await admin.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    },
    { path, body },
  );
}

const card = (orderId: string) => admin.locator(`[data-testid="review-card"][data-order-id="${orderId}"]`);
let orders: string[];

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  const [customer, waiting] = [await openPage(app.browser, app.server.url), await openPage(app.browser, app.server.url)];
  await Promise.all([
    signedInAdmin(admin, app.server.url, ADMIN),
    signedInPage(customer, app.server.url, CUSTOMER),
    signedInPage(waiting, app.server.url, WAITING),
  ]);
  orders = [];
  for (const phone of ['08031234567', '08031234568', '08031234569']) orders.push(await heldOrder(customer, phone));
  await heldOrder(waiting, '08031234570');
  await Promise.all([customer.context().close(), waiting.context().close()]);
});

describe('the risk desk', () => {
  it('approves one held order, shows in place an order another admin decided first, and rejects another from its own page blocking the account and the card', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/reviews`);
    await expect.poll(() => admin.getByTestId('review-card').count()).toBe(4);
    expect(await admin.getByTestId('review-count').textContent()).toBe('4');
    expect(await card(orders[0]!).getByTestId('review-reference').textContent()).toMatch(/^GT-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await card(orders[0]!).getByTestId('review-rules').textContent()).toContain('The payment provider rates the payment at an elevated risk');
    expect(await card(orders[0]!).getByTestId('review-time-left').textContent()).toMatch(/^1 h 5\d min left$/);
    expect(await card(orders[0]!).getByTestId('review-customer').textContent()).toBe(CUSTOMER);

    // Approve: the top-up is sent now.
    await card(orders[0]!).getByTestId('review-approve').click();
    await admin.getByTestId('reason-input').fill('Called the customer: it is theirs');
    await admin.getByTestId('reason-dialog').getByRole('button', { name: 'Approve and send' }).click();
    await expect.poll(() => card(orders[0]!).getByTestId('review-outcome').getAttribute('data-outcome')).toBe('approved');

    // Another admin approves the third while this page still offers it: the reject is refused, and said in place.
    await actAsAnotherAdmin(`/api/admin/orders/${orders[2]}/approve`, { reason: 'Known customer' });
    await card(orders[2]!).getByTestId('review-reject').click();
    await admin.getByTestId('reject-reason').fill('Looks like card testing');
    await admin.getByTestId('reject-submit').click();
    await card(orders[2]!).getByTestId('review-conflict').waitFor();
    expect(await card(orders[2]!).getByTestId('review-conflict').textContent()).toMatch(
      /Another admin acted on this order before you\. Its status now: /,
    );

    // The order's own page rejects with the queue's options: the account blocked for a reason of its own and the card
    // blocklisted; each reason is required.
    await openConsoleAt(admin, `${app.server.url}/admin/orders/${orders[1]}`);
    await admin.getByTestId('action-reject').click();
    await admin.getByTestId('reject-block-account').check();
    await admin.getByTestId('reject-submit').click();
    expect(await admin.getByTestId('reject-form').getByRole('alert').allTextContents()).toEqual(['Give a reason.', 'Give a reason.']);
    await admin.getByTestId('reject-reason').fill('The cardholder says it is not theirs');
    await admin.getByTestId('reject-block-reason').fill('Paid with a stolen card');
    await admin.getByTestId('reject-blocklist-card').check();
    await admin.getByTestId('reject-submit').click();
    await admin.getByTestId('action-done').waitFor();
    expect(await admin.getByTestId('order-header-status').textContent()).toContain('Cancelled');

    await openConsoleAt(admin, `${app.server.url}/admin/reviews`);
    await expect.poll(() => admin.getByTestId('reviews-total').textContent()).toBe('Held: 1');
    expect(await admin.getByTestId('review-count').textContent()).toBe('1');

    // The account is blocked for its reason, and the card is on the blocklist, by this admin.
    await openConsoleAt(admin, `${app.server.url}/admin/blocklist`);
    const cardEntry = admin.locator('[data-testid="blocklist-row"][data-kind="card"]');
    expect(await cardEntry.count()).toBe(1);
    expect(await cardEntry.textContent()).toContain(ADMIN);
    expect(await cardEntry.textContent()).toContain('The cardholder says it is not theirs');
  });

  it('edits a rule with a reason: a threshold out of range and a refused description are said at their fields, the version is in the history', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/rules`);
    const rule = admin.locator('[data-testid="rule"][data-rule-id="first-day-spend"]');
    const threshold = rule.getByTestId('rule-value');
    await threshold.fill('99999999');
    await admin.getByTestId('rules-reason').fill('Fewer holds for new customers');
    await admin.getByTestId('rules-save').click();
    await expect.poll(() => threshold.getAttribute('aria-invalid')).toBe('true');
    expect(await rule.getByRole('alert').textContent()).toBe('Enter a number from 0 to 10000000.');

    // The server's own check (a hidden character in a description) is said at the field it names.
    await threshold.fill('10000');
    const description = rule.getByTestId('rule-description');
    await description.fill('New accounts\u200b spending over $100 on day one');
    await admin.getByTestId('rules-save').click();
    await expect.poll(() => description.getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByTestId('settings-saved').count()).toBe(0);

    await description.fill('New accounts spending over $100 on day one');
    await admin.locator('[data-testid="rule"][data-rule-id="three-countries"]').getByTestId('rule-enabled').uncheck();
    await admin.getByTestId('rules-save').click();
    expect(await admin.getByTestId('settings-saved').textContent()).toBe('Rules saved (version 1).');
    const current = admin.locator('[data-testid="rules-current-rule"][data-rule-id="three-countries"]');
    await expect.poll(() => current.textContent()).toContain('Off');
    const history = admin.getByTestId('rules-history-row');
    await expect.poll(() => history.count()).toBe(1);
    const row = await history.first().textContent();
    expect(row).toContain(ADMIN);
    expect(row).toContain('Fewer holds for new customers');
    expect(row).toContain('Changed: three-countries, first-day-spend');
  });

  it('adds a blocklist entry with a reason, refusing a range that does not parse at the field, and removes it with a reason', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/blocklist`);
    await admin.getByTestId('blocklist-kind').selectOption('address');
    await admin.getByTestId('blocklist-value').fill('203.0.113.0/99');
    await admin.getByTestId('blocklist-reason').fill('Fraud ring');
    await admin.getByTestId('blocklist-submit').click();
    await expect.poll(() => admin.getByTestId('blocklist-value').getAttribute('aria-invalid')).toBe('true');
    expect(await admin.getByTestId('blocklist-form').getByRole('alert').textContent()).toBe(
      'Enter an IP address or a CIDR range such as 203.0.113.0/24.',
    );
    await admin.getByTestId('blocklist-value').fill('203.0.113.0/24');
    await admin.getByTestId('blocklist-submit').click();
    const entry = admin.locator('[data-testid="blocklist-row"][data-value="203.0.113.0/24"]');
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Fraud ring');

    await entry.getByTestId('blocklist-remove').click();
    await admin.getByTestId('reason-input').fill('The range was reassigned');
    await admin.getByTestId('reason-dialog').getByRole('button', { name: 'Remove' }).click();
    await entry.waitFor({ state: 'detached' });
    expect(await admin.getByTestId('blocklist-row').count()).toBe(1);
  });

  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('the three pages have no axe violations in %s (%s theme)', async (language, theme) => {
    await useSettings(admin, { language, theme });
    await admin.evaluate((entries) => Object.entries(entries).forEach(([key, value]) => window.localStorage.setItem(key, value)), {
      language,
      theme,
    });
    try {
      const found: Record<string, string[]> = {};
      for (const path of ['/admin/reviews', '/admin/rules', '/admin/blocklist']) {
        await openConsoleAt(admin, `${app.server.url}${path}`);
        expect(await admin.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        found[path] = await axeViolations(admin);
      }
      // The queue with its held order, and the reject dialog over it.
      await openConsoleAt(admin, `${app.server.url}/admin/reviews`);
      await admin.getByTestId('review-reject').click();
      await admin.getByTestId('reject-block-account').check();
      found.rejectDialog = await axeViolations(admin);
      await admin.keyboard.press('Escape');
      expect(found).toEqual({ '/admin/reviews': [], '/admin/rules': [], '/admin/blocklist': [], rejectDialog: [] });
    } finally {
      await useSettings(admin, { language: 'en', theme: 'light' });
      await admin.evaluate(() => (window.localStorage.setItem('language', 'en'), window.localStorage.setItem('theme', 'light')));
    }
  });
});
