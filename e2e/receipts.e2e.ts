import { request, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { NUMBERS, placeOrder, type PlacedOrder } from './top-up-helpers';

/**
 * The printable receipt page of an order (/profile/orders/<id>/receipt), reached from the history, and the profile's
 * "E-mail me receipts" switch.
 */
const app = useServerAndBrowser();

/** Sandbox delivery fails numbers ending in 0000 (docs/sandbox-topups.md). */
const FAILING_NG = '08031230000';
const spaced = (value: string | null) => value?.replace(/[\s\u00a0\u202f\u2066-\u2069\u200f]+/g, ' ').trim();

async function saveLanguage(storageState: BrowserContextOptions['storageState'], language: string) {
  const api = await request.newContext({ baseURL: app.server.url, storageState });
  expect((await api.post('/api/user/settings', { data: { language, theme: 'light' } })).status()).toBe(200);
  await api.dispose();
}

async function openReceipt(browser: Browser, storageState: BrowserContextOptions['storageState'], orderId: string, options: { width?: number } = {}) {
  const page = await openPage(browser, `${app.server.url}/profile/orders/${orderId}/receipt`, {
    storageState,
    bypassCSP: true,
    ...(options.width ? { viewport: { width: options.width, height: 844 } } : {}),
  });
  await page.getByTestId('receipt').or(page.getByTestId('receipt-not-found')).waitFor();
  return page;
}

const row = (page: Page, name: string) => page.getByTestId(`receipt-${name}`).textContent().then(spaced);

describe('the receipt page', () => {
  const owner = {} as { storageState: BrowserContextOptions['storageState']; completed: PlacedOrder; failed: PlacedOrder };

  beforeAll(async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'folake@example.com', { username: 'folake' });
    owner.completed = await placeOrder(page, NUMBERS.NG.phone);
    owner.failed = await placeOrder(page, FAILING_NG);
    owner.storageState = await page.context().storageState();
    await page.context().close();
  });

  it('is linked from each order in the history and shows what the e-mailed receipt says', async () => {
    await saveLanguage(owner.storageState, 'en');
    const page = await openPage(app.browser, `${app.server.url}/profile`, { storageState: owner.storageState, bypassCSP: true });
    const listed = page.locator(`[data-order-id="${owner.completed.intent.orderId}"]:visible`);
    // The order's details name the card too.
    await listed.getByTestId('order-details').click();
    expect(await page.getByTestId('detail-payment-method').textContent()).toBe('Visa •••• 4242');
    await page.keyboard.press('Escape');
    await page.getByTestId('order-details-dialog').waitFor({ state: 'hidden' });
    await listed.getByTestId('order-receipt').click();
    await page.waitForURL(`**/profile/orders/${owner.completed.intent.orderId}/receipt`);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Top-up receipt');
    expect(await row(page, 'reference')).toBe(owner.completed.result.reference);
    expect(await receipt.locator('dl dd').first().getAttribute('data-testid')).toBe('receipt-reference');
    expect(await row(page, 'recipient')).toBe(NUMBERS.NG.international);
    expect(await row(page, 'operator')).toBe(owner.completed.result.operatorName);
    expect(await row(page, 'recipient-gets')).toMatch(/^NGN [\d,]+$/);
    expect(await row(page, 'rate')).toMatch(/^1 USD = [\d,.]+ NGN$/);
    expect(await row(page, 'amount')).toBe(`$${owner.completed.intent.amount}`);
    expect(await row(page, 'fee')).toBe(`$${owner.completed.intent.fee}`);
    expect(await row(page, 'total')).toBe(`$${owner.completed.intent.totalAmount}`);
    expect(await row(page, 'order-number')).toBe(owner.completed.intent.orderId);
    expect(await row(page, 'transaction-id')).toBe(owner.completed.result.transactionId);
    // The card paid with, and who sold it (the sandbox's sample business: no MERCHANT_* set).
    expect(await row(page, 'payment-method')).toBe('Visa •••• 4242');
    const merchant = page.getByTestId('receipt-merchant');
    expect(spaced(await merchant.getByText('Sold by').locator('..').textContent())).toBe('Sold by: GlobalTopUp Sandbox Ltd.');
    expect(await page.getByTestId('receipt-merchant-address').textContent()).toBe('100 Example Street, Springfield, IL 62701, United States');
    expect(await merchant.getByRole('link', { name: 'support@globaltopup.example' }).getAttribute('href')).toBe('mailto:support@globaltopup.example');
    expect(await merchant.getByRole('link', { name: '+1 555 0100' }).getAttribute('href')).toBe('tel:+15550100');
    expect(await page.title()).toBe('Receipt — GlobalTopUp');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a failed top-up’s receipt says Top-up Failed and that nothing was charged', async () => {
    await saveLanguage(owner.storageState, 'en');
    const page = await openReceipt(app.browser, owner.storageState, owner.failed.intent.orderId);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Top-up Failed');
    expect(await page.getByTestId('receipt-lead').textContent()).toContain('nothing was charged');
    expect(await row(page, 'charged')).toBe('$0.00');
    expect(await page.getByTestId('receipt-amount').count()).toBe(0);
    await page.context().close();
  });

  it('printed, it is the receipt alone: no header, navigation, footer or buttons', async () => {
    await saveLanguage(owner.storageState, 'en');
    const page = await openReceipt(app.browser, owner.storageState, owner.completed.intent.orderId);
    await page.locator('footer').waitFor();
    for (const selector of ['header', 'footer', '[data-testid="receipt-print"]']) expect(await page.locator(selector).first().isVisible()).toBe(true);
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['header', 'footer', 'nav', '[data-testid="receipt-print"]', 'a[href="/profile#transactions"]']) {
      expect(await page.locator(selector).first().isVisible(), selector).toBe(false);
    }
    expect(await page.getByTestId('receipt').isVisible()).toBe(true);
    expect(await page.getByTestId('receipt-merchant').isVisible()).toBe(true);
    // Black on white on paper, whatever the theme.
    expect(await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).color)).toBe('rgb(0, 0, 0)');
    await page.context().close();
  });

  it('reads right to left in Arabic, with numbers left to right, and passes axe', async () => {
    await saveLanguage(owner.storageState, 'ar');
    const page = await openReceipt(app.browser, owner.storageState, owner.completed.intent.orderId, { width: 390 });
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('receipt').getAttribute('dir')).toBe('rtl');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('إيصال الشحن');
    expect(await page.getByTestId('receipt-recipient').getAttribute('dir')).toBe('ltr');
    expect(await row(page, 'total')).toBe(`$${owner.completed.intent.totalAmount}`);
    expect(await page.getByTestId('receipt-print').textContent()).toBe('طباعة الإيصال');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
    await saveLanguage(owner.storageState, 'en');
  });

  it('another customer’s order, or an unknown one, is not found: never shown, never forbidden', async () => {
    const page = await openPage(app.browser, app.server.url, { bypassCSP: true });
    await signedInPage(page, app.server.url, 'stranger@example.com');
    const answer = await page.evaluate(async (id) => (await fetch(`/api/orders/${id}/receipt`)).status, owner.completed.intent.orderId);
    expect(answer).toBe(404);
    for (const id of [owner.completed.intent.orderId, '00000000-0000-4000-8000-000000000000']) {
      await page.goto(`${app.server.url}/profile/orders/${id}/receipt`);
      await page.getByTestId('receipt-not-found').waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Receipt not found');
      expect(await page.getByTestId('receipt').count()).toBe(0);
      expect(await page.getByText(NUMBERS.NG.international).count()).toBe(0);
    }
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('a visitor is sent to sign in first, and back to the receipt after', async () => {
    const page = await openPage(app.browser, `${app.server.url}/profile/orders/${owner.completed.intent.orderId}/receipt`);
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(`/profile/orders/${owner.completed.intent.orderId}/receipt`);
    await page.context().close();
  });
});

describe('the "E-mail me receipts" switch', () => {
  it('is on by default, turns receipts off and on, and says so, in English and Arabic', async () => {
    const page = await openPage(app.browser, app.server.url, { bypassCSP: true });
    await signedInPage(page, app.server.url, 'kemi@example.com', { path: '/profile' });
    const toggle = page.getByRole('switch', { name: 'E-mail me receipts' });
    await toggle.waitFor();
    await page.waitForFunction(() => !(document.getElementById('profile-receipt-emails') as HTMLInputElement).disabled);
    expect(await toggle.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByText('E-mail me receipts', { exact: true }).click();
    await page.getByTestId('toast').getByText('Your receipt setting was saved.').waitFor();
    expect(await toggle.isChecked()).toBe(false);
    const saved = () => page.evaluate(async () => ((await (await fetch('/api/user/settings')).json()) as { receiptEmails: boolean }).receiptEmails);
    expect(await saved()).toBe(false);

    await page.reload();
    await page.waitForFunction(() => {
      const input = document.getElementById('profile-receipt-emails') as HTMLInputElement | null;
      return input !== null && !input.disabled;
    });
    expect(await page.getByRole('switch', { name: 'E-mail me receipts' }).isChecked()).toBe(false);

    // Keyboard: Space on the focused switch turns it back on.
    await page.getByRole('switch', { name: 'E-mail me receipts' }).focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => (document.getElementById('profile-receipt-emails') as HTMLInputElement).checked);
    await expect.poll(saved).toBe(true);

    await page.evaluate(() =>
      fetch('/api/user/settings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"language":"ar"}' }),
    );
    await page.reload();
    const arabic = page.getByRole('switch', { name: 'أرسل لي الإيصالات بالبريد الإلكتروني' });
    await arabic.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
