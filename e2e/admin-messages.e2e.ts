import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/server/testing/csv';
import { signedInPage } from './account-helpers';
import { openConsoleAt, signedInAdmin, useSettings } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder } from './top-up-helpers';

const ADMIN = 'ops@example.com';
const CUSTOMER = 'amina@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

/** Sandbox numbers (docs/sandbox-topups.md): delivered at once, and a delivery that fails (the hold is released). */
const DELIVERED_NG = '08031234567';
const FAILS_NG = '08031230000';

const MESSAGE = 'My top-up to 08031234567 has not arrived.\nIs <b>this</b> normal? =1+1';

const openConsolePage = (page: Page, path: string) => openConsoleAt(page, `${app.server.url}${path}`);

/** A message as the contact page sends it, from the page's browser. */
const sendContactMessage = (page: Page, body: Record<string, string>) =>
  page.evaluate(async (payload) => {
    const response = await fetch('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(payload) });
    if (response.status !== 201) throw new Error(`contact: ${response.status} ${await response.text()}`);
  }, body);

/** The language and theme as this browser keeps them too, so the next page opens in them from its first paint. */
const keepLocally = (page: Page, settings: { language: string; theme: string }) =>
  page.evaluate((entries) => Object.entries(entries).forEach(([key, value]) => window.localStorage.setItem(key, value)), settings);

let admin: Page;
let customerId: string;
let delivered: string;
let failed: string;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInAdmin(admin, app.server.url, ADMIN);
  const customer = await openPage(app.browser, app.server.url);
  await signedInPage(customer, app.server.url, CUSTOMER);
  delivered = (await placeOrder(customer, DELIVERED_NG)).intent.orderId;
  failed = (await placeOrder(customer, FAILS_NG)).intent.orderId;
  customerId = await customer.evaluate(async () => ((await (await fetch('/api/user')).json()) as { user: { id: string } }).user.id);
  await customer.context().close();
});

describe('contact messages', () => {
  it('a visitor’s message reaches the console unread; the admin opens it, reads it as text, and marks it handled with a note', async () => {
    const visitor = await openPage(app.browser, `${app.server.url}/contact`);
    await visitor.getByLabel('Your name').fill('Amina Yusuf');
    // The account's address in other letters: the console still finds the account.
    await visitor.getByLabel('Your email').fill('Amina@Example.com');
    await visitor.getByLabel('Message').fill(MESSAGE);
    await visitor.getByRole('button', { name: 'Send message' }).click();
    await visitor.getByTestId('toast').waitFor();
    await visitor.context().close();

    await openConsolePage(admin, '/admin/messages');
    const nav = admin.getByRole('navigation', { name: 'Operations console' });
    await expect.poll(() => nav.getByTestId('unread-messages-count').textContent()).toBe('1');
    const row = admin.getByTestId('message-row').first();
    expect(await row.getByTestId('message-state').textContent()).toBe('Unread');
    expect(await row.getByRole('link', { name: 'Customer account' }).getAttribute('href')).toBe(`/admin/customers/${customerId}`);

    await row.getByRole('link', { name: 'Amina Yusuf' }).click();
    await admin.getByRole('heading', { level: 1, name: 'Message from Amina Yusuf' }).waitFor();
    const text = admin.getByTestId('message-text');
    expect(await text.innerText()).toBe(MESSAGE);
    expect(await text.locator('b').count()).toBe(0);
    expect(await admin.getByTestId('message-email').textContent()).toBe('Amina@Example.com');
    expect(await admin.getByRole('link', { name: 'An account has this address: open it' }).getAttribute('href')).toBe(
      `/admin/customers/${customerId}`,
    );
    // Opened: read, and the navigation's count goes.
    await expect.poll(() => nav.getByTestId('unread-messages-count').count()).toBe(0);
    expect(await admin.getByTestId('message-state').textContent()).toBe('Read');

    await admin.getByRole('button', { name: 'Mark handled' }).click();
    expect(await admin.getByRole('alert').filter({ hasText: 'Say what was done.' }).count()).toBe(1);
    await admin.getByLabel('What was done').fill('Checked the order: it was delivered at 10:02. Answered by e-mail.');
    await admin.getByRole('button', { name: 'Mark handled' }).click();
    await admin.getByTestId('message-handled-note').waitFor();
    expect(await admin.getByTestId('message-handled-note').textContent()).toBe('Checked the order: it was delivered at 10:02. Answered by e-mail.');
    expect(await admin.getByTestId('message-handled-by').textContent()).toBe(ADMIN);
    expect(await admin.getByTestId('message-state').textContent()).toBe('Handled');

    await openConsolePage(admin, '/admin/messages?filter=handled');
    expect(await admin.getByTestId('message-row').getByTestId('message-state').allTextContents()).toEqual(['Handled']);
    await openConsolePage(admin, '/admin/audit?action=message.handle');
    expect(await admin.getByTestId('audit-row').count()).toBe(1);
    expect(await admin.getByTestId('audit-row').textContent()).toContain('Message marked handled');
  });

  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('the list and the reader have no axe violations in %s (%s theme)', async (language, theme) => {
    // An open message beside the handled one, so the reader is seen with its form as well as with its note.
    await sendContactMessage(admin, {
      name: 'Kofi Mensah',
      email: 'kofi@example.com',
      topic: 'payment',
      message: 'كم يستغرق استرداد المبلغ؟',
      language,
    });
    await useSettings(admin, { language, theme });
    await keepLocally(admin, { language, theme });
    try {
      const found: Record<string, string[]> = {};
      for (const [name, filter] of [
        ['open', 'open'],
        ['handled', 'handled'],
      ]) {
        await openConsolePage(admin, `/admin/messages?filter=${filter}`);
        expect(await admin.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
          language,
          language === 'ar' ? 'rtl' : 'ltr',
        ]);
        found[`list of ${name}`] = await axeViolations(admin);
        await admin.getByTestId('message-row').first().getByRole('link').first().click();
        await admin.getByTestId('message-text').waitFor();
        expect(await admin.getByTestId(name === 'open' ? 'handle-note' : 'message-handled-note').count()).toBe(1);
        found[`reader of ${name}`] = await axeViolations(admin);
      }
      expect(found).toEqual({ 'list of open': [], 'reader of open': [], 'list of handled': [], 'reader of handled': [] });
    } finally {
      await useSettings(admin, { language: 'en', theme: 'light' });
      await keepLocally(admin, { language: 'en', theme: 'light' });
    }
  });
});

describe('the orders CSV export', () => {
  it('downloads the orders of the list’s current filters as a CSV file', async () => {
    await openConsolePage(admin, `/admin/orders?q=${encodeURIComponent(CUSTOMER)}&status=completed`);
    expect(await admin.getByTestId('order-row').count()).toBe(1);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    // The browser runs beside the tests (one for the run): the file is copied here from it.
    const saved = path.join(mkdtempSync(path.join(tmpdir(), 'topup-export-')), download.suggestedFilename());
    await download.saveAs(saved);
    const [header, ...rows] = parseCsv(readFileSync(saved, 'utf8').replace(/^\uFEFF/, ''));
    const column = (name: string) => rows.map((row) => row[header!.indexOf(name)]);
    expect(column('order_id')).toEqual([delivered]);
    expect(column('status')).toEqual(['completed']);
    expect(column('customer_email')).toEqual([CUSTOMER]);
    expect(column('total')[0]).toMatch(/^\d+\.\d{2}$/);
    expect(column('order_id')).not.toContain(failed);

    await openConsolePage(admin, '/admin/audit?action=orders.export');
    expect(await admin.getByTestId('audit-row').textContent()).toContain(`status=completed&q=${encodeURIComponent(CUSTOMER)}`);
  });
});
