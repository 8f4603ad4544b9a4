import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { openConsoleAt, signedInAdmin, useSettings } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder, type PlacedOrder } from './top-up-helpers';

const ADMIN = 'disputes@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

/** A sandbox number delivered at once (docs/sandbox-topups.md), and Stripe's test card disputed as fraud. */
const DELIVERED_NG = '08031234567';
const DISPUTED_CARD = '4000000000000259';
/** Where the screenshots of the dispute section go, when asked for (SCREENSHOTS=dir). */
const SHOTS = process.env.SCREENSHOTS;

let admin: Page;
let order: PlacedOrder;

const section = (page: Page) => page.getByTestId('dispute');

async function openOrder(page: Page, settings: { language: string; theme: string }) {
  await useSettings(page, settings);
  await openConsoleAt(page, `${app.server.url}/admin/orders/${order.intent.orderId}`);
  await page.waitForFunction((lang) => document.documentElement.lang === lang, settings.language);
  await section(page).waitFor();
}

beforeAll(async () => {
  const customer = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInPage(customer, app.server.url, 'kofi@example.com');
  order = await placeOrder(customer, DELIVERED_NG, DISPUTED_CARD);
  expect(order.result.status).toBe('SUCCESSFUL');
  await customer.context().close();
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInAdmin(admin, app.server.url, ADMIN);
});

describe('a dispute answered from the order page', () => {
  it('shows the dispute in the queue and on the order page (axe in Arabic and English), and submits the evidence that wins it', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/attention`);
    const row = admin.locator(`[data-testid="attention-row"][data-order-id="${order.intent.orderId}"]`);
    await expect
      .poll(async () => {
        await admin.reload();
        await admin.locator('main h1').first().waitFor();
        return row.count();
      })
      .toBe(1);
    expect(await row.getByTestId('attention-dispute').textContent()).toMatch(/^\$[\d.]+ · Fraudulent · Needs a response · due /);

    await openOrder(admin, { language: 'ar', theme: 'dark' });
    expect(await section(admin).getByTestId('dispute-status').textContent()).toBe('يحتاج إلى رد');
    expect(await axeViolations(admin)).toEqual([]);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/dispute-ar-dark.png`, fullPage: true });

    await openOrder(admin, { language: 'en', theme: 'light' });
    expect(await section(admin).getByTestId('dispute-reason').textContent()).toBe('Fraudulent');
    expect(await admin.getByTestId('dispute-evidence-download').getAttribute('href')).toBe(
      `/api/admin/orders/${order.intent.orderId}/dispute/evidence`,
    );
    expect(await axeViolations(admin)).toEqual([]);
    if (SHOTS) await admin.screenshot({ path: `${SHOTS}/dispute-en-light.png`, fullPage: true });

    await admin.getByLabel("Your statement to the card's bank").fill('The top-up reached the number the customer typed. winning_evidence');
    await admin.getByRole('button', { name: 'Submit evidence' }).click();
    // Under review once sent; the sandbox may already have closed it by the time the page reads it again.
    await expect.poll(() => section(admin).getByTestId('dispute-status').textContent()).toMatch(/^(Under review|Won)$/);
    expect(await section(admin).getByTestId('dispute-submitted').textContent()).toContain(ADMIN);
    expect(await admin.getByTestId('dispute-submit').count()).toBe(0);

    // The sandbox closes it as won a moment later; the page shows it when read again.
    await expect
      .poll(async () => {
        await openOrder(admin, { language: 'en', theme: 'light' });
        return section(admin).getByTestId('dispute-outcome').textContent();
      })
      .toBe('Won');
    if (SHOTS) {
      await admin.setViewportSize({ width: 390, height: 844 });
      await admin.screenshot({ path: `${SHOTS}/dispute-phone.png`, fullPage: true });
    }
  });
});
