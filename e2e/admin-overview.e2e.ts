import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { signedInAdmin, signInWithCode } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder, type PlacedOrder } from './top-up-helpers';

const ADMIN = 'figures@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

/** Sandbox numbers (docs/sandbox-topups.md): delivered at once, and refused by the operator (the hold is released). */
const DELIVERED_NG = '08031234567';
const FAILS_NG = '08031230000';

let admin: Page;
let totpUri: string;
let delivered: PlacedOrder;

/** Opens the overview and waits for its figures and both charts. */
async function openOverview(page: Page, query = '') {
  await page.goto(`${app.server.url}/admin${query}`);
  await page.getByTestId('overview-orders').waitFor();
  for (const chart of ['overview-orders-chart', 'overview-revenue-chart']) await page.getByTestId(chart).locator('canvas').waitFor();
}

/** The account's language and theme, saved on the server as the settings save them. */
async function saveSettings(page: Page, settings: { language: string; theme: string }) {
  await page.evaluate(async (body) => {
    const response = await fetch('/api/user/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`settings: ${response.status}`);
  }, settings);
}

const text = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.replace(/\s/g, ' ');

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  totpUri = (await signedInAdmin(admin, app.server.url, ADMIN))!;
  const customer = await openPage(app.browser, app.server.url);
  await signedInPage(customer, app.server.url, 'ngozi@example.com');
  delivered = await placeOrder(customer, DELIVERED_NG);
  await placeOrder(customer, FAILS_NG);
  await customer.context().close();
});

describe('the console’s overview', () => {
  it('shows today’s orders, deliveries, money, times and destinations', async () => {
    await openOverview(admin);
    expect(await admin.getByRole('radio', { name: 'Today' }).isChecked()).toBe(true);
    expect(await text(admin, 'overview-orders')).toBe('2');
    expect(await text(admin, 'overview-success-rate')).toBe('50%');
    expect(await text(admin, 'overview-captured')).toBe(`$${delivered.intent.totalAmount}`);
    expect(await text(admin, 'overview-fees')).toBe(`$${delivered.intent.fee}`);
    expect(await text(admin, 'overview-refunds')).toBe('$0.00');
    expect(await text(admin, 'overview-delivery-average')).toMatch(/^\d+(\.\d)? sec$/);
    expect(await text(admin, 'status-count-completed')).toBe('1');
    // The refused top-up's hold is released at once: canceled, after a delivery was tried.
    expect(await text(admin, 'status-count-canceled')).toBe('1');
    const countries = admin.getByRole('region', { name: 'Countries by money captured' });
    expect(await countries.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['Nigeria', '1', `$${delivered.intent.totalAmount}`]);
    expect(await text(admin, 'overview-range')).toContain('in UTC days');
    // The funnel: both checkouts were paid, one delivered and charged; nothing was declined in the last hour.
    const today = new Date().toISOString().slice(0, 10);
    const funnel = await Promise.all(['started', 'paid', 'delivered', 'captured'].map((step) => text(admin, `funnel-${today}-${step}`)));
    expect(funnel).toEqual(['2', '2', '1', '1']);
    expect(await text(admin, 'decline-rate')).toBe('Last hour: 0 of 2 payment attempts declined (0%).');
    // Operator health: MTN delivered one top-up and failed one in the last hour, not enough to be failing.
    const health = admin.getByTestId('operator-health-row');
    expect(await health.count()).toBe(1);
    expect(await health.getByTestId('operator-health-hour-rate').textContent()).toContain('50%');
    expect(await health.getByTestId('operator-health-day-p95').textContent()).toMatch(/^\d+(\.\d)? sec$/);
    expect(await health.getByTestId('operator-health-failing').count()).toBe(0);
  });

  it('draws both charts, with the same figures in a table for screen readers', async () => {
    await openOverview(admin);
    for (const chart of ['overview-orders-chart', 'overview-revenue-chart']) {
      const box = await admin.getByTestId(chart).locator('canvas').boundingBox();
      expect(box!.width, chart).toBeGreaterThan(200);
      expect(box!.height, chart).toBeGreaterThan(200);
    }
    const orders = admin.getByRole('table', { name: 'Orders per day by status, last 30 days' });
    expect(await orders.locator('tbody tr').count()).toBe(30);
    expect(await orders.locator('tbody tr').last().locator('td').allTextContents()).toEqual(['1', '0', '0', '1', '0']);
    const revenue = admin.getByRole('table', { name: 'Revenue per day, last 30 days' });
    expect(await revenue.locator('tbody tr').last().locator('td').first().textContent()).toBe(`$${delivered.intent.totalAmount}`);
  });

  it('switches to the last 7 and 30 days, by mouse or arrow key, and a reload keeps the period chosen', async () => {
    await openOverview(admin);
    await admin.getByText('Last 7 days', { exact: true }).click();
    await admin.waitForURL(`${app.server.url}/admin?window=last7Days`);
    const utcDate = (daysBack: number) =>
      new Intl.DateTimeFormat('en', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(Date.now() - daysBack * 86_400_000);
    // The address changes first; the figures of the period follow when they arrive.
    await expect.poll(() => text(admin, 'overview-range')).toBe(`${utcDate(6)} to ${utcDate(0)}, in UTC days: today began at midnight UTC.`);
    expect(await text(admin, 'overview-orders')).toBe('2');
    await admin.getByRole('radio', { name: 'Last 7 days' }).press('ArrowRight');
    await admin.waitForURL(`${app.server.url}/admin?window=last30Days`);
    await admin.reload();
    await openOverview(admin, '?window=last30Days');
    expect(await admin.getByRole('radio', { name: 'Last 30 days' }).isChecked()).toBe(true);
    expect(await text(admin, 'overview-orders')).toBe('2');
    await admin.getByText('Today', { exact: true }).click();
    await admin.waitForURL(`${app.server.url}/admin`);
  });

  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('in %s (%s theme) has no axe violations with its charts drawn, and keeps numbers left to right', async (language, theme) => {
    // A browser of its own, its language and theme saved before the first page and on the account, as an admin who chose them.
    const page = await openPage(app.browser, app.server.url, { storage: { language, theme }, bypassCSP: true });
    await signInWithCode(page, ADMIN, totpUri);
    await saveSettings(page, { language, theme });
    try {
      await openOverview(page);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
        language,
        language === 'ar' ? 'rtl' : 'ltr',
      ]);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      expect(await page.getByTestId('overview-captured').locator('[dir="ltr"]').textContent()).toContain(delivered.intent.totalAmount);
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      // The settings are the account's: the other tests read the console in English.
      await saveSettings(page, { language: 'en', theme: 'light' });
      await page.context().close();
    }
  });

  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('the settlement page in %s (%s theme) shows the orders’ money and corridor, with no axe violations', async (language, theme) => {
    const page = await openPage(app.browser, app.server.url, { storage: { language, theme }, bypassCSP: true });
    await signInWithCode(page, ADMIN, totpUri);
    await saveSettings(page, { language, theme });
    try {
      await page.goto(`${app.server.url}/admin/settlement`);
      await page.getByTestId('settlement-totals').waitFor();
      expect(await page.getByTestId('settlement-totals').textContent()).toContain(delivered.intent.totalAmount);
      expect(await page.getByTestId('settlement-corridors').textContent()).toContain('MTN');
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await saveSettings(page, { language: 'en', theme: 'light' });
      await page.context().close();
    }
  });
});
