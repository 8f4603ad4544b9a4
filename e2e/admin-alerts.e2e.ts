import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openConsoleAt, signedInAdmin, useSettings } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';

const ADMIN = 'alerts-ops@example.com';
// The sandbox wallet starts at $100,000: under a threshold of $200,000 the server's first check raises wallet_low.
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN, RELOADLY_LOW_BALANCE_USD: '200000' });

let admin: Page;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInAdmin(admin, app.server.url, ADMIN);
});

beforeEach(async () => {
  await useSettings(admin, { language: 'en', theme: 'light' });
});

describe('business alerts in the console', () => {
  it('lists the low wallet above the orders, counted in the navigation, with no axe violation in English and Arabic', async () => {
    const row = admin.locator('[data-testid="alert-row"][data-kind="wallet_low"]');
    // The server's first check runs as it starts: the page is opened again until it has raised the alert.
    await expect
      .poll(
        async () => {
          await openConsoleAt(admin, `${app.server.url}/admin/attention`);
          return row.count();
        },
        { timeout: 90_000, interval: 2_000 },
      )
      .toBe(1);
    expect(await row.textContent()).toContain('$100,000.00');
    // No order waits: the navigation's count is the alert's.
    await expect.poll(() => admin.getByTestId('attention-count').first().textContent()).toBe('1');
    // The alerts come before the orders' table.
    const order = await admin.evaluate(() => {
      const alerts = document.querySelector('[data-testid="alerts-table"]');
      const orders = document.querySelector('[data-testid="attention-table"]');
      return alerts && orders ? alerts.compareDocumentPosition(orders) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).toBeTruthy();
    expect(await axeViolations(admin)).toEqual([]);

    await useSettings(admin, { language: 'ar', theme: 'dark' });
    await openConsoleAt(admin, `${app.server.url}/admin/attention`);
    await row.waitFor();
    expect(await admin.getByTestId('alerts-table').textContent()).toContain('رصيد محفظة الشحن منخفض');
    expect(await axeViolations(admin)).toEqual([]);
  }, 150_000);

  it('shows the alert thresholds on the Limits page, saves a change with the switches and the settlement e-mail and its hour, and has no axe violation in English and Arabic', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/limits`);
    expect(await admin.getByTestId('alerts-current-lowBalance').textContent()).toContain('$200,000.00');
    expect(await axeViolations(admin)).toEqual([]);
    await admin.getByTestId('setting-switchOffFailingOperators').check();
    const form = admin.getByTestId('alerts-edit-form');
    await form.getByTestId('setting-operatorFailures').fill('6');
    await admin.getByTestId('setting-settlementEmail').check();
    await form.getByTestId('setting-settlementEmailHour').fill('6');
    await form.getByTestId('setting-reason').fill('Switch failing operators off at night');
    await admin.getByTestId('alerts-edit-save').click();
    await form.getByTestId('settings-saved').waitFor();
    await expect.poll(() => admin.getByTestId('alerts-current-switchOffFailingOperators').textContent()).toContain('On');
    expect(await admin.getByTestId('alerts-current-operatorFailures').textContent()).toContain('6');
    expect(await admin.getByTestId('alerts-current-settlementEmail').textContent()).toContain('On · From 06:00 UTC');

    await useSettings(admin, { language: 'ar', theme: 'dark' });
    await openConsoleAt(admin, `${app.server.url}/admin/limits`);
    await admin.getByTestId('alerts-current').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
  });

  it('resolves an alert with a note', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/attention`);
    const row = admin.locator('[data-testid="alert-row"][data-kind="wallet_low"]');
    await row.getByTestId('alert-resolve').click();
    await admin.getByRole('dialog').getByRole('textbox').fill('Deposit requested from finance');
    await admin.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
    await expect.poll(() => row.count()).toBe(0);
  });
});
