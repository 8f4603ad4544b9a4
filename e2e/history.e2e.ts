import { createRequire } from 'node:module';
import { request, type Browser, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { openPage, useServerAndBrowser, type VisitOptions } from './fixtures';
import { currentStep, NUMBERS, placeOrder, type PlacedOrder, text, toastText } from './top-up-helpers';

const app = useServerAndBrowser();
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Sandbox delivery fails numbers ending in 0000 (docs/sandbox-topups.md). */
const FAILING_NG = '08031230000';

const history = (page: Page) => page.getByTestId('transaction-history');
/** The table's row, or the phone layout's card, of one order: whichever the screen width shows. */
const orderEntry = (page: Page, orderId: string) => history(page).locator(`[data-order-id="${orderId}"]:visible`);
const field = (entry: Locator, testId: string) => entry.getByTestId(testId).textContent();
const spaced = (value: string | null) => value?.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** axe's findings inside one element of the page, as readable lines. */
async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async (selector) => {
    type Violation = { id: string; help: string; nodes: Array<{ target: string[] }> };
    const axe = (window as unknown as { axe: { run(context: string): Promise<{ violations: Violation[] }> } }).axe;
    return (await axe.run(selector)).violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }, selector);
}

interface ProfileVisit extends VisitOptions {
  language?: string;
  theme?: string;
}

/** Saves the account's language and theme, which win over what the browser stored. */
async function saveAccountSettings(storageState: BrowserContextOptions['storageState'], language: string, theme: string) {
  const api = await request.newContext({ baseURL: app.server.url, storageState });
  expect((await api.post('/api/user/settings', { data: { language, theme } })).status()).toBe(200);
  await api.dispose();
}

/** The profile with the history loaded, in the given language and theme. */
async function openProfile(browser: Browser, { language = 'en', theme = 'light', ...options }: ProfileVisit = {}): Promise<Page> {
  await saveAccountSettings(options.storageState, language, theme);
  const page = await openPage(browser, `${app.server.url}/profile`, options);
  await history(page).waitFor();
  await history(page).getByTestId('history-loading').waitFor({ state: 'detached' });
  return page;
}

describe('transaction history on the profile', () => {
  const owner = {} as { storageState: BrowserContextOptions['storageState']; successful: PlacedOrder; failed: PlacedOrder };

  beforeAll(async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'amara@example.com', { username: 'amara' });
    owner.successful = await placeOrder(page, NUMBERS.NG.phone);
    owner.failed = await placeOrder(page, FAILING_NG);
    owner.storageState = await page.context().storageState();
    await page.context().close();
    expect([owner.successful.result.status, owner.failed.result.status]).toEqual(['SUCCESSFUL', 'FAILED']);
  });

  it('lists a successful and a failed order, newest first, each with its status, amounts and recipient', async () => {
    const page = await openProfile(app.browser, { storageState: owner.storageState });
    const rows = history(page)
      .getByRole('row')
      .filter({ has: page.getByTestId('order-status') });
    expect(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-order-id')))).toEqual([
      owner.failed.intent.orderId,
      owner.successful.intent.orderId,
    ]);

    const successful = orderEntry(page, owner.successful.intent.orderId);
    expect(await field(successful, 'order-status')).toBe('Successful');
    expect(await field(successful, 'order-recipient')).toBe('+234 803 123 4567');
    expect(await field(successful, 'order-country')).toBe('Nigeria');
    expect(await field(successful, 'order-operator')).toBe(NUMBERS.NG.operator);
    expect(await field(successful, 'order-total-price')).toBe(`$${owner.successful.intent.totalAmount}`);
    const delivered = new Intl.NumberFormat('en', { style: 'currency', currency: 'NGN', maximumFractionDigits: 2, minimumFractionDigits: 0 });
    expect(spaced(await field(successful, 'order-recipient-gets'))).toBe(spaced(delivered.format(owner.successful.result.deliveredAmount!)));

    const failed = orderEntry(page, owner.failed.intent.orderId);
    expect(await field(failed, 'order-status')).toBe('Failed — nothing charged');
    expect(await field(failed, 'order-recipient')).toBe('+234 803 123 0000');
    expect(await field(failed, 'order-total-price')).toBe(`$${owner.failed.intent.totalAmount}`);
    await page.context().close();
  });

  it('the account menu leads to the history from any page', async () => {
    const page = await openPage(app.browser, `${app.server.url}/about`, { storageState: owner.storageState });
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Transactions' }).click();
    await page.waitForURL(`${app.server.url}/profile#transactions`);
    await orderEntry(page, owner.failed.intent.orderId).waitFor();
    await page.context().close();
  });

  it('opens the details of an order from the keyboard and returns focus to its button on Escape', async () => {
    const page = await openProfile(app.browser, { storageState: owner.storageState });
    // The short reference leads the entry; the long identifiers are folded under Technical details.
    expect(await field(orderEntry(page, owner.failed.intent.orderId), 'order-reference')).toBe(owner.failed.result.reference);
    const details = orderEntry(page, owner.failed.intent.orderId).getByRole('button', { name: 'Details' });
    await details.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Top-up details' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('order-status').textContent()).toBe('Failed — nothing charged');
    expect(await dialog.getByTestId('order-failure').textContent()).toContain('Your card was not charged.');
    expect(await dialog.getByTestId('order-failure').textContent()).toContain(owner.failed.result.message);
    expect(await dialog.getByTestId('detail-amount').textContent()).toBe(`$${owner.failed.intent.amount}`);
    expect(await dialog.getByTestId('detail-fee').textContent()).toBe(`$${owner.failed.intent.fee}`);
    expect(await dialog.getByTestId('detail-total').textContent()).toBe(`$${owner.failed.intent.totalAmount}`);
    expect(await dialog.getByTestId('detail-reference').textContent()).toBe(owner.failed.result.reference);
    expect(await dialog.getByTestId('detail-technical').evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await dialog.getByTestId('detail-payment-reference').textContent()).toBe(owner.failed.intent.paymentIntentId);
    expect(await dialog.getByTestId('detail-order-number').textContent()).toBe(owner.failed.intent.orderId);
    expect(await dialog.getByTestId('detail-delivered').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await details.evaluate((button) => button === document.activeElement)).toBe(true);

    await orderEntry(page, owner.successful.intent.orderId).getByRole('button', { name: 'Details' }).click();
    await dialog.waitFor();
    expect(await dialog.getByTestId('detail-transaction-id').textContent()).toBe(owner.successful.result.transactionId);
    expect(await dialog.getByTestId('detail-delivered').count()).toBe(1);
    expect(await dialog.getByTestId('order-failure').count()).toBe(0);
    // Contact us from the order: the message starts with its reference.
    await dialog.getByTestId('detail-contact').click();
    await page.waitForURL(/\/contact\?reference=/);
    expect(await page.getByLabel('Message').inputValue()).toBe(`About my order ${owner.successful.result.reference}: `);
    await page.context().close();
  });

  it('says when the list cannot be loaded and loads it on Try again', async () => {
    await saveAccountSettings(owner.storageState, 'en', 'light');
    const page = await openPage(app.browser, `${app.server.url}/`, { storageState: owner.storageState });
    await page.route('**/api/orders', (route) => route.fulfill({ status: 500, body: 'down' }), { times: 1 });
    await page.goto(`${app.server.url}/profile`);
    const error = history(page).getByTestId('history-error');
    await error.waitFor();
    expect(await error.getByRole('alert').textContent()).toBe('Could not load your transactions.');
    await error.getByRole('button', { name: 'Try again' }).click();
    await orderEntry(page, owner.successful.intent.orderId).waitFor();
    expect(await error.count()).toBe(0);
    await page.context().close();
  });

  it('shows the orders as cards on a phone', async () => {
    const page = await openProfile(app.browser, { storageState: owner.storageState, viewport: { width: 390, height: 844 } });
    expect(await history(page).getByTestId('order-table').isVisible()).toBe(false);
    expect(await history(page).getByTestId('order-card').count()).toBe(2);
    expect(await field(orderEntry(page, owner.successful.intent.orderId), 'order-status')).toBe('Successful');
    await page.context().close();
  });

  it("'Top up again' opens the review of the same number and amount", async () => {
    const page = await openProfile(app.browser, { storageState: owner.storageState });
    await orderEntry(page, owner.successful.intent.orderId).getByRole('button', { name: 'Top up again' }).click();
    await page.getByTestId('review-you-pay').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await currentStep(page)).toBe('3Review');
    expect(await text(page, 'recipient-number')).toBe(NUMBERS.NG.international);
    expect(await text(page, 'operator-name')).toBe(NUMBERS.NG.operator);
    expect(await text(page, 'review-you-pay')).toBe(`$${owner.successful.intent.amount}`);
    await page.context().close();
  });

  it("'Top up again' asks to choose again when the order's operator is no longer offered in the country", async () => {
    const page = await openProfile(app.browser, { storageState: owner.storageState });
    await page.route('**/api/operators/NG', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true, operators: [] }) }),
    );
    await orderEntry(page, owner.successful.intent.orderId).getByRole('button', { name: 'Top up again' }).click();
    await expect.poll(() => toastText(page)).toContain('Please choose again');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByTestId('review-you-pay').count()).toBe(0);
    await page.context().close();
  });

  it.each([
    ['en', 'light', 1280],
    ['en', 'dark', 390],
    ['ar', 'light', 390],
    ['ar', 'dark', 1280],
  ])('in %s, %s theme, %i px wide, the list and the details dialog have no axe violations', async (language, theme, width) => {
    // axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
    const page = await openProfile(app.browser, {
      storageState: owner.storageState,
      language,
      theme,
      bypassCSP: true,
      viewport: { width, height: 844 },
    });
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
    expect(await axeViolationsIn(page, '[data-testid="transaction-history"]')).toEqual([]);
    await orderEntry(page, owner.failed.intent.orderId).getByTestId('order-details').click();
    await page.getByTestId('order-details-dialog').waitFor();
    expect(await axeViolationsIn(page, '[data-testid="order-details-dialog"]')).toEqual([]);
    await page.context().close();
  });

  it("another user sees none of the first user's orders, and cannot open one", async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'bola@example.com', { username: 'bola', path: '/profile' });
    await history(page).getByTestId('history-empty').waitFor();
    expect(await history(page).getByTestId('order-status').count()).toBe(0);
    expect(await history(page).getByRole('link', { name: 'Send a top-up' }).getAttribute('href')).toBe('/');
    const status = await page.evaluate(async (id) => (await fetch(`/api/orders/${id}`)).status, owner.successful.intent.orderId);
    expect(status).toBe(404);
    await page.context().close();
  });
});
