import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signedInPage, signIn } from './account-helpers';
import {
  confirmEmail,
  openConsoleAt,
  signedInAdmin,
  signInWithCode,
  signInWithPassword,
  totpCode,
  turnOnTwoFactor,
  useSettings,
} from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder, type PlacedOrder } from './top-up-helpers';

const ADMIN = 'ops@example.com';
const ADMIN_WITHOUT_TWO_FACTOR = 'ops-new@example.com';
const ADMIN_WITH_AN_OLDER_SESSION = 'ops-late@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: [ADMIN, ADMIN_WITHOUT_TWO_FACTOR, ADMIN_WITH_AN_OLDER_SESSION].join(',') });

/** Sandbox numbers (docs/sandbox-topups.md): delivered at once, and delivered after the card's hold lapsed. */
const DELIVERED_NG = '08031234567';
const HOLD_LAPSES_NG = '08031230005';

const openConsolePage = (page: Page, path: string) => openConsoleAt(page, `${app.server.url}${path}`);

const heading = (page: Page) => page.locator('main h1').first().textContent();
const statusOf = (page: Page) => page.getByTestId('order-header-status').getByTestId('order-status').textContent();

let admin: Page;
let totpUri: string;
let customer: Page;
let customerId: string;
let order: PlacedOrder;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  totpUri = (await signedInAdmin(admin, app.server.url, ADMIN))!;
  customer = await openPage(app.browser, app.server.url);
  await signedInPage(customer, app.server.url, 'amaka@example.com');
  order = await placeOrder(customer, DELIVERED_NG);
  customerId = await customer.evaluate(async () => ((await (await fetch('/api/user')).json()) as { user: { id: string } }).user.id);
});

describe('who may open the console', () => {
  it('a visitor goes to /auth and, once signed in with the code, comes back to the page and filters asked for', async () => {
    const asked = '/admin/orders?q=08031234567&status=completed';
    const page = await openPage(app.browser, `${app.server.url}${asked}`);
    await page.waitForURL(`${app.server.url}/auth?returnTo=${encodeURIComponent(asked)}`);
    await signIn(page, ADMIN);
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    await page.getByLabel('Code').fill(totpCode(totpUri));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${app.server.url}${asked}`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    expect(await page.getByTestId('orders-search').inputValue()).toBe('08031234567');
    expect(await page.getByRole('checkbox', { name: 'Completed' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('a signed-in customer is sent home', async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'just-a-customer@example.com', { path: '/admin/orders' });
    await page.waitForURL(`${app.server.url}/`);
    await page.context().close();
  });

  it('an admin without two-factor is told so, and the way to set it up opens the profile’s two-factor section', async () => {
    const page = await openPage(app.browser, app.server.url, { bypassCSP: true });
    await signedInAdmin(page, app.server.url, ADMIN_WITHOUT_TWO_FACTOR, { twoFactor: false });
    await page.goto(`${app.server.url}/admin/orders`);
    const notice = page.getByTestId('admin-access-notice');
    await notice.waitFor();
    expect(await notice.getAttribute('data-problem')).toBe('two-factor');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Turn on two-factor authentication');
    expect(await page.getByTestId('orders-table').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Set up two-factor authentication' }).click();
    await page.waitForURL(`${app.server.url}/profile#two-factor`);
    const section = page.getByTestId('two-factor-section');
    await section.getByRole('button', { name: 'Turn on two-factor authentication' }).waitFor();
    await expect.poll(() => section.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(200);
    await page.context().close();
  });
});

describe('a session opened without the code', () => {
  it('is asked for it, and the console opens once it is given', async () => {
    const older = await openPage(app.browser, app.server.url, { bypassCSP: true });
    await createAccount(older, ADMIN_WITH_AN_OLDER_SESSION);
    await confirmEmail(older, app.server.url, ADMIN_WITH_AN_OLDER_SESSION);
    // Two-factor turned on from another browser: the older session never gave a code.
    const newer = await openPage(app.browser, app.server.url);
    await signInWithPassword(newer, ADMIN_WITH_AN_OLDER_SESSION);
    const uri = await turnOnTwoFactor(newer);
    await newer.context().close();

    await older.goto(`${app.server.url}/admin`);
    const notice = older.getByTestId('admin-access-notice').first();
    await notice.waitFor();
    expect(await notice.getAttribute('data-problem')).toBe('second-factor');
    expect(await axeViolations(older)).toEqual([]);
    // A code half a million away from the current one is wrong whatever the time.
    const wrong = String((Number(totpCode(uri)) + 500_000) % 1_000_000).padStart(6, '0');
    await notice.getByLabel('6-digit code from your authenticator app').fill(wrong);
    await notice.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => notice.getByRole('alert').textContent()).toContain('The code was not accepted');
    await notice.getByLabel('6-digit code from your authenticator app').fill(totpCode(uri));
    await notice.getByRole('button', { name: 'Verify' }).click();
    await older.getByTestId('admin-access-notice').waitFor({ state: 'detached' });
    expect(await heading(older)).toBe('Overview');
    await older.context().close();
  });
});

const PAGES = (): Array<[string, string]> => [
  ['overview', '/admin'],
  ['orders', '/admin/orders'],
  ['an order', `/admin/orders/${order.intent.orderId}`],
  ['needs attention', '/admin/attention'],
  ['customers', '/admin/customers'],
  ['a customer', `/admin/customers/${customerId}`],
  ['audit log', '/admin/audit'],
];

describe('accessibility', () => {
  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('every page of the console in %s (%s theme) has no axe violations', async (language, theme) => {
    // A browser of its own, its language and theme saved before the first page, as an admin who chose them has them.
    const page = await openPage(app.browser, app.server.url, { storage: { language, theme }, bypassCSP: true });
    await signInWithCode(page, ADMIN, totpUri);
    await useSettings(page, { language, theme });
    try {
      const found: Record<string, string[]> = {};
      for (const [name, path] of PAGES()) {
        await openConsolePage(page, path);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), name).toEqual([
          language,
          language === 'ar' ? 'rtl' : 'ltr',
        ]);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), name).toBe(theme === 'dark');
        found[name] = await axeViolations(page);
      }
      expect(found).toEqual(Object.fromEntries(PAGES().map(([name]) => [name, []])));
    } finally {
      // The settings are the account's: the other tests read the console in English.
      await useSettings(page, { language: 'en', theme: 'light' });
      await page.context().close();
    }
  });

  it('the navigation names its sections and the page, and moves the focus to the new page’s heading', async () => {
    await openConsolePage(admin, '/admin');
    const nav = admin.getByRole('navigation', { name: 'Operations console' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Overview', 'Orders', 'Customers', 'Audit log']));
    expect(await nav.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Customers' }).click();
    await admin.waitForURL(`${app.server.url}/admin/customers`);
    // The link clicked says 'Customers' too: what counts is that the focus is on the page's heading.
    await expect
      .poll(() => admin.evaluate(() => [document.activeElement?.tagName, document.activeElement?.textContent]))
      .toEqual(['H1', 'Customers']);
  });

  it('on a phone the navigation folds behind a button that names the page, and tables scroll in their own region', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    try {
      await openConsolePage(admin, '/admin/orders');
      const toggle = admin.getByTestId('admin-nav-toggle');
      expect(await toggle.textContent()).toContain('Orders');
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      const nav = admin.getByRole('navigation', { name: 'Operations console' });
      expect(await nav.getByRole('link', { name: 'Audit log' }).isVisible()).toBe(false);
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      await nav.getByRole('link', { name: 'Audit log' }).click();
      await admin.waitForURL(`${app.server.url}/admin/audit`);
      await expect.poll(() => admin.getByTestId('admin-nav-toggle').textContent()).toContain('Audit log');

      // No page scrolls sideways as a whole, not even with long identifiers; the tables' regions do.
      for (const [name, path] of PAGES()) {
        await openConsolePage(admin, path);
        expect(await admin.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
      }
      await openConsolePage(admin, '/admin/orders');
      const region = admin.getByRole('region', { name: 'Orders' });
      expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      expect(await axeViolations(admin)).toEqual([]);
    } finally {
      await admin.setViewportSize({ width: 1280, height: 800 });
    }
  });
});

describe('links that survive a reload', () => {
  it('an order’s page, a customer’s page and a filtered list open the same after a reload', async () => {
    await openConsolePage(admin, `/admin/orders/${order.intent.orderId}`);
    expect(await heading(admin)).toBe(`Order ${order.result.reference}`);
    await admin.reload();
    await admin.getByTestId('order-id').waitFor();
    expect(await admin.getByTestId('order-id').textContent()).toBe(order.intent.orderId);

    // Found by the reference a customer reads out: any case, without the dashes, an O said for a 0.
    await openConsolePage(admin, `/admin/orders?q=${order.result.reference.replaceAll('-', '').toLowerCase().replaceAll('0', 'o')}`);
    await expect
      .poll(() => admin.getByTestId('order-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id'))))
      .toEqual([order.intent.orderId]);
    expect(await admin.getByTestId('order-reference').first().textContent()).toBe(order.result.reference);

    await openConsolePage(admin, `/admin/customers/${customerId}`);
    await admin.reload();
    await admin.getByTestId('customer-email').waitFor();
    expect(await admin.getByTestId('customer-email').textContent()).toBe('amaka@example.com');

    await openConsolePage(admin, '/admin/orders');
    await admin.getByTestId('orders-search').fill('amaka@example.com');
    await admin.getByRole('button', { name: 'Filters' }).click();
    await admin.getByRole('checkbox', { name: 'Completed' }).check();
    await admin.getByLabel('Payment provider').selectOption('sandbox');
    await admin.getByRole('button', { name: 'Apply' }).first().click();
    await admin.waitForURL(/\/admin\/orders\?q=amaka%40example\.com&status=completed&provider=sandbox$/);
    // Applying filters stays on the page: the focus stays on the button.
    expect(await admin.evaluate(() => document.activeElement?.textContent)).toBe('Apply');
    await admin.reload();
    await admin.getByTestId('order-row').first().waitFor();
    expect(await admin.getByTestId('orders-search').inputValue()).toBe('amaka@example.com');
    expect(await admin.getByRole('checkbox', { name: 'Completed' }).isChecked()).toBe(true);
    expect(await admin.getByLabel('Payment provider').inputValue()).toBe('sandbox');
    expect(await admin.getByTestId('order-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-order-id')))).toEqual([
      order.intent.orderId,
    ]);
    // Back to the list without filters: the form follows the URL.
    await admin.goBack();
    await admin.waitForURL(`${app.server.url}/admin/orders`);
    await expect.poll(() => admin.getByTestId('orders-search').inputValue()).toBe('');
  });
});

describe('an admin at work', () => {
  it('finds a customer’s order by the recipient’s number, reads its timeline, refunds it, and the customer reads “Refunded”', async () => {
    const refunded = await placeOrder(customer, '08031239876');
    await openConsolePage(admin, '/admin/orders');
    // The number as written abroad, with its calling code.
    await admin.getByTestId('orders-search').fill('+234 803 123 9876');
    await admin.getByRole('button', { name: 'Apply' }).first().click();
    await admin.waitForURL(/q=%2B234\+803\+123\+9876/);
    const row = admin.locator(`[data-testid="order-row"][data-order-id="${refunded.intent.orderId}"]`);
    // The unfiltered list may still show (with this order in it) while the search loads: wait for the search's answer.
    await expect.poll(() => admin.getByTestId('order-row').count()).toBe(1);
    await row.waitFor();
    expect(await row.getByTestId('order-recipient').textContent()).toBe('+234 803 123 9876');

    await row.getByRole('link', { name: refunded.result.reference }).click();
    await admin.waitForURL(`${app.server.url}/admin/orders/${refunded.intent.orderId}`);
    await admin.getByTestId('order-timeline').waitFor();
    expect(await statusOf(admin)).toBe('Completed');
    const timeline = await admin.getByTestId('order-event').allTextContents();
    expect(timeline.length).toBeGreaterThan(1);
    expect(timeline.at(-1)).toContain('From Delivered to Completed');
    expect(await admin.getByTestId('order-customer-email').textContent()).toBe('amaka@example.com');

    await admin.getByTestId('action-refund').click();
    const dialog = admin.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    expect(await axeViolations(admin)).toEqual([]);
    // Neither an empty reason nor an unticked confirmation is sent.
    await dialog.getByRole('button', { name: 'Refund' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Give a reason.');
    expect(await dialog.getByLabel('Reason').evaluate((field) => field === document.activeElement)).toBe(true);
    await dialog.getByLabel('Reason').fill('The customer asked for their money back.');
    await dialog.getByRole('button', { name: 'Refund' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Tick the confirmation first.');
    expect(await dialog.getByRole('checkbox').evaluate((box) => box === document.activeElement)).toBe(true);
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByTestId('action-done').textContent()).toBe('The order was refunded');
    expect(await admin.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('action-done');
    await expect.poll(() => statusOf(admin)).toBe('Refunded');
    // The admin's move is on the timeline with their e-mail and reason; the refund then completes.
    await expect.poll(() => admin.getByTestId('order-event').last().textContent()).toContain('From Refunding to Refunded');
    const moves = await admin.getByTestId('order-event').allTextContents();
    const refundMove = moves.find((move) => move.includes('From Completed to Refunding'));
    expect(refundMove).toContain('by ops@example.com');
    expect(refundMove).toContain('The customer asked for their money back.');
    expect(await admin.getByTestId('action-refund').count()).toBe(0);

    await openConsolePage(admin, '/admin/audit');
    const entry = admin.getByTestId('audit-row').first();
    expect(await entry.textContent()).toContain('Order refunded');
    expect(await entry.textContent()).toContain('The customer asked for their money back.');

    await customer.goto(`${app.server.url}/profile`);
    const history = customer.getByTestId('transaction-history').locator(`[data-order-id="${refunded.intent.orderId}"]:visible`);
    await expect.poll(() => history.getByTestId('order-status').textContent()).toBe('Refunded');
  });

  it('a refund the order no longer allows is refused with its status now, and the page reads the order again', async () => {
    const twice = await placeOrder(customer, '08031239875');
    const pages = [admin, await admin.context().newPage()];
    for (const page of pages) await openConsolePage(page, `/admin/orders/${twice.intent.orderId}`);
    const refund = async (page: Page) => {
      await page.getByTestId('action-refund').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Reason').fill('Refund asked twice');
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await refund(pages[0]!);
    await expect.poll(() => statusOf(pages[0]!)).toBe('Refunded');
    // The second tab still shows the order as it was.
    await refund(pages[1]!);
    const refusal = pages[1]!.getByTestId('action-refusal');
    await refusal.waitFor();
    // The server's message, with the order's status now in words.
    expect(await refusal.getByTestId('action-refusal-message').textContent()).toContain('It is now: Refunded.');
    await expect.poll(() => statusOf(pages[1]!)).toBe('Refunded');
    // It stays until the admin dismisses it.
    await pages[1]!.waitForTimeout(500);
    expect(await refusal.isVisible()).toBe(true);
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    expect(await refusal.count()).toBe(0);
    await pages[1]!.close();
  });

  it('finds a customer, blocks and unblocks them with a reason each, and is refused a change to their own rights', async () => {
    const blocked = await openPage(app.browser, app.server.url);
    await signedInPage(blocked, app.server.url, 'kofi.mensah@example.com');
    const kofiId = await blocked.evaluate(async () => ((await (await fetch('/api/user')).json()) as { user: { id: string } }).user.id);

    await openConsolePage(admin, '/admin/customers');
    await admin.getByTestId('customers-search').fill('kofi.mensah');
    await admin.getByRole('button', { name: 'Apply' }).click();
    await admin.waitForURL(/\/admin\/customers\?q=kofi\.mensah$/);
    const row = admin.locator(`[data-testid="customer-row"][data-customer-id="${kofiId}"]`);
    await expect.poll(() => admin.getByTestId('customer-row').count()).toBe(1);
    await row.waitFor();
    await row.getByRole('link', { name: 'kofi.mensah@example.com' }).click();
    await admin.waitForURL(`${app.server.url}/admin/customers/${kofiId}`);
    await admin.getByTestId('customer-sessions-table').waitFor();
    await expect.poll(() => admin.getByTestId('customer-session').count()).toBeGreaterThan(0);

    const act = async (action: string, label: string, reason: string) => {
      await admin.getByTestId(`action-${action}`).click();
      const dialog = admin.getByRole('dialog');
      await dialog.getByLabel('Reason').fill(reason);
      await dialog.getByRole('button', { name: label }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    await act('block', 'Block', 'Chargebacks on three cards');
    await expect.poll(() => admin.getByTestId('action-done').textContent()).toBe('The customer was blocked');
    await expect.poll(() => admin.getByTestId('customer-blocked').textContent()).toContain('Reason: Chargebacks on three cards');
    // Blocking ended the customer's sessions.
    await expect.poll(() => admin.getByTestId('customer-session').count()).toBe(0);
    expect((await blocked.request.get(`${app.server.url}/api/user`)).status()).toBe(401);
    await act('unblock', 'Unblock', 'Cleared with the bank');
    await expect.poll(() => admin.getByTestId('action-done').textContent()).toBe('The customer was unblocked');
    expect(await admin.getByTestId('customer-blocked').count()).toBe(0);
    await blocked.context().close();

    const ownId = await admin.evaluate(async () => ((await (await fetch('/api/user')).json()) as { user: { id: string } }).user.id);
    await openConsolePage(admin, `/admin/customers/${ownId}`);
    await act('revoke-admin', 'Remove admin', 'Leaving the team');
    const refusal = admin.getByTestId('action-refusal');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('You cannot change your own admin rights or block your own account; ask another admin.');
    expect(await admin.getByTestId('customer-is-admin').textContent()).toBe('Yes');
  });

  it('the attention queue shows an order whose capture failed, says why, leads to it, and records a check', async () => {
    // A customer of its own: this file's other customer has placed three orders already, and a fourth within a minute
    // of them would meet the checkout limit (3 a minute) whenever the tests before this one run quickly.
    const payer = await openPage(app.browser, app.server.url);
    await signedInPage(payer, app.server.url, 'late.delivery@example.com');
    const lapsed = await placeOrder(payer, HOLD_LAPSES_NG);
    await payer.context().close();
    await openConsolePage(admin, '/admin/attention');
    const row = admin.locator(`[data-testid="attention-row"][data-order-id="${lapsed.intent.orderId}"]`);
    await row.waitFor();
    expect(await row.getByTestId('order-status').textContent()).toBe('Capture failed');
    // Its hold lapsed before the capture: a top-up went out that the customer was not charged for.
    expect(await row.getByTestId('attention-reason').textContent()).toBe('Late delivery');
    expect(await row.textContent()).toContain('Delivered after the hold was released: the customer was not charged.');
    expect(Number(await admin.getByTestId('attention-count').textContent())).toBeGreaterThan(0);

    await row.getByRole('link', { name: lapsed.result.reference }).click();
    await admin.waitForURL(`${app.server.url}/admin/orders/${lapsed.intent.orderId}`);
    await admin.getByTestId('order-attention').waitFor();
    expect(await statusOf(admin)).toBe('Capture failed');
    expect(await admin.getByTestId('order-attention').textContent()).toContain('Late delivery');
    const before = await admin.getByTestId('order-event').count();
    await admin.getByTestId('action-check').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('Reason').fill('Looked at the payment provider');
    await dialog.getByRole('button', { name: 'Check now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByTestId('action-done').textContent()).toBe('The order was checked');
    await expect.poll(() => admin.getByTestId('order-event').count()).toBe(before + 1);
    const check = await admin.getByTestId('order-event').last().textContent();
    expect(check).toContain('by ops@example.com');
    expect(check).toContain('Looked at the payment provider');
    // A lapsed hold cannot be captured: the order still waits for a person.
    expect(await statusOf(admin)).toBe('Capture failed');
  });
});
