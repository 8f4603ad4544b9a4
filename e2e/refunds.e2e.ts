import { request, type BrowserContextOptions, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderActionResponse } from '../src/shared/api/admin';
import { register } from './account-helpers';
import { signedInAdmin } from './admin-helpers';
import { openPage, useServerAndBrowser } from './fixtures';
import { NUMBERS, placeOrder, type PlacedOrder } from './top-up-helpers';

const ADMIN_EMAIL = 'operations@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN_EMAIL });

/** Calls the API from the page's own origin, as the browser's app does; answers the status and the JSON. */
function callFromPage(page: Page, path: string, body: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, json: await response.json() };
    },
    { path, body },
  );
}

const LANGUAGES = [
  ['en', 'Refunded'],
  ['es', 'Reembolsado'],
  ['fr', 'Remboursé'],
  ['ar', 'تم الاسترداد'],
] as const;

describe('a refund made in the operations console, as the customer sees it', () => {
  const customer = {} as { storageState: BrowserContextOptions['storageState']; order: PlacedOrder };

  beforeAll(async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'yaw@example.com', 'yaw');
    await page.getByTestId('user-menu').waitFor();
    customer.order = await placeOrder(page, NUMBERS.NG.phone);
    customer.storageState = await page.context().storageState();
    await page.context().close();
    expect(customer.order.result.status).toBe('SUCCESSFUL');

    const admin = await openPage(app.browser, `${app.server.url}/`);
    await signedInAdmin(admin, app.server.url, ADMIN_EMAIL);
    const refund = await callFromPage(admin, `/api/admin/orders/${customer.order.intent.orderId}/refund`, { reason: 'The recipient never got it' });
    expect(refund.status).toBe(200);
    expect((refund.json as AdminOrderActionResponse).order).toMatchObject({ status: 'refunded', refundId: expect.stringMatching(/^re_sandbox_/) });
    await admin.context().close();
  });

  async function openHistory(language: string, theme: string, viewport?: { width: number; height: number }) {
    const api = await request.newContext({ baseURL: app.server.url, storageState: customer.storageState });
    expect((await api.post('/api/user/settings', { data: { language, theme } })).status()).toBe(200);
    await api.dispose();
    const page = await openPage(app.browser, `${app.server.url}/profile`, { storageState: customer.storageState, ...(viewport ? { viewport } : {}) });
    await page.getByTestId('transaction-history').getByTestId('history-loading').waitFor({ state: 'detached' });
    return page;
  }

  const entry = (page: Page) => page.getByTestId('transaction-history').locator(`[data-order-id="${customer.order.intent.orderId}"]:visible`);

  it.each(LANGUAGES)('shows the order as refunded in %s', async (language, refunded) => {
    const page = await openHistory(language, language === 'ar' ? 'dark' : 'light');
    // The language's page texts arrive after the first paint.
    await expect.poll(() => entry(page).getByTestId('order-status').textContent()).toBe(refunded);
    await page.context().close();
  });

  it('says in the details that the payment was refunded, and still shows what was delivered', async () => {
    const page = await openHistory('en', 'dark');
    await entry(page).getByRole('button', { name: 'Details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Top-up details' });
    await dialog.waitFor();
    expect(await dialog.getByTestId('order-status').textContent()).toBe('Refunded');
    expect(await dialog.getByTestId('order-refunded').textContent()).toBe(
      'Your payment for this top-up was refunded in full. Your bank may take 5 to 10 business days to show it.',
    );
    expect(await dialog.getByTestId('detail-delivered').count()).toBe(1);
    expect(await dialog.getByTestId('order-failure').count()).toBe(0);
    await page.context().close();
  });

  it('shows the refunded card on a phone', async () => {
    const page = await openHistory('en', 'light', { width: 390, height: 844 });
    expect(await entry(page).getByTestId('order-status').textContent()).toBe('Refunded');
    await page.context().close();
  });
});
