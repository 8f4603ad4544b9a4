import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openConsoleAt, signedInAdmin } from './admin-helpers';
import { openPage, useServerAndBrowser } from './fixtures';

const ADMIN = 'night.shift@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

let admin: Page;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url);
  await signedInAdmin(admin, app.server.url, ADMIN);
});

describe('the console’s own shell', () => {
  it.each(['/admin', '/admin/orders', '/admin/audit'])('%s has the console’s header and none of the shop’s footer', async (path) => {
    await openConsoleAt(admin, `${app.server.url}${path}`);
    const header = admin.getByRole('banner');
    expect(await header.getByTestId('admin-user').textContent()).toBe('Signed in as night.shift');
    expect(await header.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('combobox', { name: 'Language' }).inputValue()).toBe('en');
    expect(await header.getByTestId('theme-toggle').getAttribute('aria-label')).toBe('Switch to dark theme');
    expect(await header.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    // The shop's header and footer are not there: no main navigation, no payment methods, no currency.
    expect(await admin.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await admin.locator('footer').count()).toBe(0);
    expect(await admin.getByText('We accept').count()).toBe(0);
    expect(await admin.getByRole('combobox', { name: 'Currency' }).count()).toBe(0);
    expect(await admin.locator('main h1').count()).toBe(1);
  });

  it('switches the language and the theme from its header', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/orders`);
    await admin.getByRole('banner').getByTestId('theme-toggle').click();
    await expect.poll(() => admin.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await admin.getByRole('banner').getByRole('combobox', { name: 'Language' }).selectOption('ar');
    await expect.poll(() => admin.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await admin.getByRole('banner').getByTestId('admin-sign-out').textContent()).toBe('تسجيل الخروج');
    await admin.getByRole('banner').getByRole('combobox').selectOption('en');
    await admin.getByRole('banner').getByTestId('theme-toggle').click();
    await expect.poll(() => admin.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });

  it('leads back to the shop, whose footer is there again', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin`);
    await admin.getByRole('link', { name: 'Back to the shop' }).click();
    await admin.locator('footer').waitFor();
    expect(new URL(admin.url()).pathname).toBe('/');
    expect(await admin.getByTestId('admin-header').count()).toBe(0);
  });

  it('signs the admin out', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin`);
    await admin.getByRole('button', { name: 'Sign out' }).click();
    await admin.waitForURL(`${app.server.url}/`);
    await admin.getByRole('link', { name: 'Login / Register' }).waitFor();
  });
});
