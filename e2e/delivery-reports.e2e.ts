import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { openConsoleAt, signedInAdmin, useSettings } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder, type PlacedOrder } from './top-up-helpers';

const ADMIN = 'ops@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

/** A sandbox number delivered at once (docs/sandbox-topups.md). */
const DELIVERED_NG = '08031234567';

let customer: Page;
let admin: Page;
let order: PlacedOrder;

const entry = (page: Page) => page.getByTestId('transaction-history').locator(`[data-order-id="${order.intent.orderId}"]:visible`);
const dialog = (page: Page) => page.getByTestId('order-details-dialog');

/** The customer's history in a language and theme, with the order's details open. */
async function openOrderDetails(page: Page, settings: { language: string; theme: string }) {
  await useSettings(page, settings);
  await page.goto(`${app.server.url}/profile`);
  await page.getByTestId('transaction-history').getByTestId('history-loading').waitFor({ state: 'detached' });
  await entry(page).getByTestId('order-details').click();
  await dialog(page).waitFor();
  await page.waitForFunction((lang) => document.documentElement.lang === lang, settings.language);
}

beforeAll(async () => {
  customer = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInPage(customer, app.server.url, 'adaeze@example.com');
  order = await placeOrder(customer, DELIVERED_NG);
  expect(order.result.status).toBe('SUCCESSFUL');
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInAdmin(admin, app.server.url, ADMIN);
});

describe('"It didn\'t arrive": the customer reports, an admin resolves, the customer reads the answer', () => {
  it('the customer reports the top-up from its details, with a message (axe in Arabic, then English)', async () => {
    await openOrderDetails(customer, { language: 'ar', theme: 'dark' });
    await dialog(customer).getByTestId('delivery-report-open').click();
    await dialog(customer).getByTestId('delivery-report-form').waitFor();
    expect(await dialog(customer).getByRole('button', { name: 'إرسال البلاغ' }).isVisible()).toBe(true);
    expect(await axeViolations(customer)).toEqual([]);

    await openOrderDetails(customer, { language: 'en', theme: 'light' });
    expect(await dialog(customer).getByTestId('delivery-report-open').textContent()).toBe("It didn't arrive");
    await dialog(customer).getByTestId('delivery-report-open').click();
    expect(await axeViolations(customer)).toEqual([]);
    await dialog(customer).getByLabel('What happened? (optional)').fill('My brother says no credit came.');
    await dialog(customer).getByRole('button', { name: 'Send report' }).click();

    const state = dialog(customer).getByTestId('delivery-report-state');
    await state.waitFor();
    expect(await state.getAttribute('data-status')).toBe('reported');
    expect(await state.textContent()).toContain("Reported: it didn't arrive");
    expect(await state.textContent()).toContain('My brother says no credit came.');
    expect(await dialog(customer).getByTestId('delivery-report-open').count()).toBe(0);
    expect(await axeViolations(customer)).toEqual([]);
    await customer.keyboard.press('Escape');
    expect(await entry(customer).getByTestId('order-report-note').textContent()).toBe("Report: Reported: it didn't arrive");
  });

  it('the admin finds it in Needs attention with the operator transaction id, checks it and resolves it as delivered', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/attention`);
    const row = admin.locator(`[data-testid="attention-row"][data-order-id="${order.intent.orderId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-reason')).toBe('delivery_report');
    expect(await row.getByTestId('attention-reason').textContent()).toBe('Reported not arrived');

    await openConsoleAt(admin, `${app.server.url}/admin/orders/${order.intent.orderId}`);
    const report = admin.getByTestId('delivery-report');
    await report.waitFor();
    const operatorTransactionId = (await report.getByTestId('delivery-report-operator-transaction-id').textContent())!.trim();
    expect(operatorTransactionId).toMatch(/\S/);
    expect(await report.getByTestId('delivery-report-message').textContent()).toContain('My brother says no credit came.');
    expect(await admin.getByTestId('delivery-report-reference-input').inputValue()).toBe(operatorTransactionId);
    expect(await axeViolations(admin)).toEqual([]);

    await admin.getByTestId('action-checking').click();
    await admin.getByTestId('reason-input').fill('Asked the operator for proof of delivery');
    expect(await axeViolations(admin)).toEqual([]);
    await admin.getByTestId('reason-dialog').getByRole('button', { name: 'Checking' }).click();
    await admin.getByTestId('action-done').waitFor();
    expect(await report.getByTestId('delivery-report-status').locator('[data-status]').getAttribute('data-status')).toBe('checking');

    await admin.getByTestId('action-delivered').click();
    await admin.getByTestId('reason-input').fill('The operator confirms the credit reached the number');
    await admin.getByTestId('reason-dialog').getByRole('button', { name: 'Resolve: delivered' }).click();
    await expect.poll(() => report.getByTestId('delivery-report-status').locator('[data-status]').getAttribute('data-status')).toBe('delivered');
    expect(await report.getByTestId('delivery-report-reference').textContent()).toContain(operatorTransactionId);
    expect(await admin.getByTestId('action-delivered').count()).toBe(0);

    await useSettings(admin, { language: 'ar', theme: 'dark' });
    await openConsoleAt(admin, `${app.server.url}/admin/orders/${order.intent.orderId}`);
    await admin.waitForFunction(() => document.documentElement.lang === 'ar');
    await report.waitFor();
    expect(await report.getByTestId('delivery-report-status').textContent()).toContain('الحل: تم التسليم');
    expect(await axeViolations(admin)).toEqual([]);

    await openConsoleAt(admin, `${app.server.url}/admin/attention`);
    expect(await admin.locator(`[data-testid="attention-row"][data-order-id="${order.intent.orderId}"]`).count()).toBe(0);
  });

  it('the customer reads the resolution with the operator reference, in English and in Arabic', async () => {
    await openOrderDetails(customer, { language: 'en', theme: 'light' });
    const state = dialog(customer).getByTestId('delivery-report-state');
    await state.waitFor();
    expect(await state.getAttribute('data-status')).toBe('delivered');
    expect(await state.textContent()).toContain('Resolved: delivered');
    const reference = await dialog(customer).getByTestId('delivery-report-reference').textContent();
    expect(reference).toMatch(/\S/);
    // Resolved, and still within 7 days: the customer may report it again.
    expect(await dialog(customer).getByTestId('delivery-report-open').isVisible()).toBe(true);
    expect(await axeViolations(customer)).toEqual([]);

    await openOrderDetails(customer, { language: 'ar', theme: 'dark' });
    expect(await dialog(customer).getByTestId('delivery-report-state').textContent()).toContain('الحل: تم التسليم');
    expect(await dialog(customer).getByTestId('delivery-report-reference').textContent()).toBe(reference);
    expect(await axeViolations(customer)).toEqual([]);
  });
});
