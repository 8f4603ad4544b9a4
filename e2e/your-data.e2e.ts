import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, PASSWORD } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder, NUMBERS } from './top-up-helpers';

const app = useServerAndBrowser();

const section = (page: Page) => page.getByTestId('your-data-section');
const dialog = (page: Page) => page.getByTestId('delete-account-dialog');

/** A new customer signed in on the profile, in `language` (saved to the account, which the page then follows). */
async function customerOnProfile(email: string, language = 'en', theme = 'light'): Promise<Page> {
  // axe is added to the page as a script, which the page's Content-Security-Policy would refuse.
  const page = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await createAccount(page, email);
  await page.evaluate(
    async (settings) => {
      const response = await fetch('/api/user/settings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(settings),
      });
      if (!response.ok) throw new Error(`settings: ${response.status}`);
    },
    { language, theme },
  );
  await page.goto(`${app.server.url}/profile`);
  await section(page).waitFor();
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  return page;
}

const userStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/user')).status);

describe('your data on the profile', () => {
  it('downloads everything about the customer as a JSON file', async () => {
    const page = await customerOnProfile('yara@example.com');
    const { orderId } = (await placeOrder(page, NUMBERS.NG.phone)).intent;
    await page.goto(`${app.server.url}/profile`);
    const downloading = page.waitForEvent('download');
    await section(page).getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^globaltopup-data-\d{4}-\d{2}-\d{2}\.json$/);
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    const data = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      account: { email: string };
      orders: Array<{ id: string; recipientPhone: string }>;
    };
    expect(data.account.email).toBe('yara@example.com');
    expect(data.orders.map((order) => order.id)).toEqual([orderId]);
    expect(data.orders[0]!.recipientPhone).toBe(NUMBERS.NG.phone);
    await page.context().close();
  });

  it('deletes the account through the dialog: a wrong password is refused, then it signs out everywhere', async () => {
    const page = await customerOnProfile('zuri@example.com');
    await section(page).getByRole('button', { name: 'Delete my account' }).click();
    await dialog(page).waitFor();
    expect(await dialog(page).textContent()).toContain('What we keep');

    await dialog(page).getByLabel('Password').fill('not-the-password-1');
    await dialog(page).getByRole('button', { name: 'Delete my account for good' }).click();
    await expect.poll(() => dialog(page).getByRole('alert').textContent()).toBe('That password is not correct.');
    expect(await dialog(page).getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    await dialog(page).getByLabel('Password').fill(PASSWORD);
    await dialog(page).getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account-deleted');
    await page.getByRole('link', { name: 'Login / Register' }).waitFor();
    expect(await userStatus(page)).toBe(401);
    expect(await axeViolations(page)).toEqual([]);

    // The address is free again.
    await createAccount(page, 'zuri@example.com');
    expect(await userStatus(page)).toBe(200);
    await page.context().close();
  });

  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('has no axe violations in %s (%s): the section, the dialog and the confirmation', async (language, theme) => {
    const page = await customerOnProfile(`axe-${language}@example.com`, language, theme);
    if (language === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await section(page).getByRole('button').nth(1).click();
    await dialog(page).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog(page).locator('input[type="password"]').fill(PASSWORD);
    await dialog(page).locator('button[type="submit"]').click();
    await page.getByTestId('account-deleted').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('a Google-only account', () => {
  it('signs in with Google again from the dialog, comes back to it, and deletes the account', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email').fill('ngozi@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('user-menu').waitFor();
    // The account's sign-in methods are held back: until they arrive, the dialog asks for nothing and cannot be sent.
    let release = () => undefined as void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/list-accounts', async (route) => {
      await holding;
      await route.continue();
    });
    await page.goto(`${app.server.url}/profile`);
    await section(page).getByRole('button', { name: 'Delete my account' }).click();
    await dialog(page).waitFor();
    expect(await dialog(page).getByLabel('Password').count()).toBe(0);
    expect(await dialog(page).getByRole('button', { name: 'Delete my account for good' }).isDisabled()).toBe(true);
    release();
    // Once they are known, the dialog offers Google and asks for no password.
    const googleAgain = dialog(page).getByRole('button', { name: 'Sign in with Google again' });
    await googleAgain.waitFor();
    expect(await dialog(page).getByLabel('Password').count()).toBe(0);
    await page.unroute('**/api/auth/list-accounts');

    await googleAgain.click();
    // The provider may remember the sign-in of a moment ago and send the browser straight back.
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/interaction/') || url.pathname === '/profile');
    if (new URL(page.url()).pathname !== '/profile') {
      await page.getByLabel('Email').fill('ngozi@example.com');
      await page.getByRole('button', { name: 'Continue' }).click();
    }
    // Back on the profile, the dialog opens by itself.
    await dialog(page).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await dialog(page).getByRole('button', { name: 'Delete my account for good' }).click();
    await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
    expect(await userStatus(page)).toBe(401);
    await page.context().close();
  });
});
