import { describe, expect, it } from 'vitest';
import { register, signedInPage, signIn } from './account-helpers';
import { openPage, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();
const isDark = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe('settings of a signed-in user', () => {
  it('saves theme and language to the account and applies them at sign-in on another device', async () => {
    const first = await openPage(app.browser, `${app.server.url}/auth`, { colorScheme: 'light' });
    await register(first, 'nadia@example.com', 'nadia');
    await first.getByTestId('user-menu').waitFor();
    const saved = first.waitForResponse((response) => response.url().endsWith('/api/user/settings') && response.request().method() === 'POST');
    await first.getByTestId('theme-toggle').click();
    expect((await saved).status()).toBe(200);
    const savedLanguage = first.waitForResponse(
      (response) => response.url().endsWith('/api/user/settings') && response.request().method() === 'POST',
    );
    await first.getByTestId('language-select').selectOption('fr');
    expect((await savedLanguage).status()).toBe(200);
    await first.context().close();

    // Another browser: nothing stored locally, light system theme, English.
    const second = await openPage(app.browser, `${app.server.url}/auth`, { colorScheme: 'light' });
    expect(await isDark(second)).toBe(false);
    await signIn(second, 'nadia@example.com');
    await second.getByTestId('user-menu').waitFor();
    await expect.poll(() => isDark(second)).toBe(true);
    await expect.poll(() => second.evaluate(() => document.documentElement.lang)).toBe('fr');
    await second.context().close();
  });

  it('applies the account’s settings on a device that had others, and leaves them as they are', async () => {
    const first = await openPage(app.browser, app.server.url, { colorScheme: 'light' });
    await signedInPage(first, app.server.url, 'leila@example.com');
    await first.evaluate(async () => {
      await fetch('/api/user/settings', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ language: 'fr', theme: 'dark' }),
      });
    });
    // The same account on a device that remembers English and the light theme.
    const second = await openPage(app.browser, app.server.url, {
      colorScheme: 'light',
      storageState: await first.context().storageState(),
      storage: { language: 'en', theme: 'light' },
    });
    await first.context().close();
    const saved: string[] = [];
    second.on('request', (request) => {
      if (request.url().endsWith('/api/user/settings') && request.method() === 'POST') saved.push(request.postData() ?? '');
    });
    await second.goto(`${app.server.url}/profile`);
    await expect.poll(() => second.evaluate(() => document.documentElement.lang), { timeout: 10_000 }).toBe('fr');
    await expect.poll(() => isDark(second)).toBe(true);
    await second.waitForLoadState('networkidle');
    expect(saved).toEqual([]);
    expect(await second.evaluate(async () => (await fetch('/api/user/settings')).json())).toEqual({
      language: 'fr',
      theme: 'dark',
      receiptEmails: true,
    });
    await second.context().close();
  });

  it.each([
    ['the account’s settings were still on their way', '**/api/user/settings', 'samir'],
    ['the code that syncs the settings had not loaded yet', '**/assets/settings-sync-*.js', 'lina'],
  ])('keeps and saves a theme chosen while %s', async (_whileHeld, held, username) => {
    const page = await openPage(app.browser, app.server.url, { colorScheme: 'light' });
    await signedInPage(page, app.server.url, `${username}@example.com`, { username });
    await page.waitForLoadState('networkidle');
    let release = () => undefined as void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    await page.route(held, async (route) => {
      if (route.request().method() === 'GET') await holding;
      await route.continue();
    });
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/user/settings') && request.method() === 'POST');
    await page.getByTestId('theme-toggle').click();
    expect(await isDark(page)).toBe(true);
    release();
    expect(JSON.parse((await saved).postData()!)).toEqual({ theme: 'dark', language: 'en' });
    await expect
      .poll(() => page.evaluate(async () => (await fetch('/api/user/settings')).json()))
      .toEqual({ language: 'en', theme: 'dark', receiptEmails: true });
    expect(await isDark(page)).toBe(true);
    await page.context().close();
  });

  it('says so when the theme cannot be saved', async () => {
    const page = await openPage(app.browser, app.server.url, { colorScheme: 'light' });
    await signedInPage(page, app.server.url, 'tariq@example.com', { username: 'tariq' });
    await page.waitForLoadState('networkidle');
    await page.route('**/api/user/settings', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: 'down' }) : route.continue(),
    );
    await page.getByTestId('theme-toggle').click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Failed to save theme preference');
    expect(await page.getByTestId('toast').textContent()).toContain('Your theme preference will reset when you reload the page');
    await page.context().close();
  });
});
