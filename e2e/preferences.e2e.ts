import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import esCore from '../src/client/i18n/locales/es.json';
import es from '../src/client/i18n/locales/pages/es.json';
import { openTab, PASSWORD, signIn } from './account-helpers';
import { newContext, openPage, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();

describe('splash', () => {
  it('is painted by the HTML before the app loads and goes away after about 1.5 s', async () => {
    // A visitor who did not ask for reduced motion: the splash fades.
    const context = await newContext(app.browser, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    // Hold the app's code back: the splash must still be on screen without it.
    let releaseScripts: () => void = () => undefined;
    const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await scriptsReleased;
      await route.continue();
    });
    // When the splash starts to fade, in the page's own clock: the app's code held back or not, that is 1.5 s after the
    // navigation started, whatever the machine's load does to how long the code then takes to arrive.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const splash = document.getElementById('splash');
        if (!splash?.classList.contains('splash-hidden')) return;
        (window as unknown as { splashHiddenAt: number }).splashHiddenAt = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.goto(app.server.url, { waitUntil: 'commit' });
    await page.locator('#splash').waitFor({ state: 'visible' });
    // The page itself is there under it, pre-rendered (ADR 016), so it is ready when the splash lifts.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Send mobile recharges anywhere in the world, in seconds');
    // It fades without the app's code (the page under it is readable), then the app removes it once it runs.
    const hiddenAt = await page.waitForFunction(() => (window as unknown as { splashHiddenAt?: number }).splashHiddenAt, undefined, {
      timeout: 10_000,
    });
    const fadedAt = (await hiddenAt.jsonValue()) as number;
    expect(fadedAt).toBeGreaterThanOrEqual(1500);
    expect(fadedAt).toBeLessThan(3000);
    releaseScripts();
    await page.locator('#splash').waitFor({ state: 'detached', timeout: 30_000 });
    await context.close();
  });

  it('does not shift the layout when it goes away', async () => {
    const context = await newContext(app.browser, { reducedMotion: 'no-preference' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      (window as unknown as { layoutShift: number }).layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(app.server.url);
    await page.locator('#splash').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.1);
    await context.close();
  });
});

describe('language', () => {
  it('switching to Arabic translates the page, sets dir="rtl" and lasts across reloads', async () => {
    const page = await openPage(app.browser, app.server.url);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('language-select').selectOption('ar');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.getByRole('link', { name: 'تسجيل الدخول / إنشاء حساب' }).isVisible()).toBe(true);
    // Mirrored: the logo sits on the right in Arabic.
    const logoBox = await page
      .getByRole('link', { name: /GlobalTopUp/ })
      .first()
      .boundingBox();
    expect(logoBox!.x).toBeGreaterThan(640);

    await page.reload();
    await page.locator('#splash').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.getByTestId('language-select').inputValue()).toBe('ar');
    await page.context().close();
  });

  it('the language select steps with an arrow key and applies the language shown only on Enter', async () => {
    const page = await openPage(app.browser, app.server.url);
    const select = page.getByTestId('language-select');
    await select.focus();
    await page.keyboard.press('ArrowDown');
    expect(await select.inputValue()).toBe('es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.context().close();
  });

  it('gives each page a title of its own in the interface language', async () => {
    const page = await openPage(app.browser, `${app.server.url}/about`, { storage: { language: 'es' } });
    await expect.poll(() => page.title()).toBe(es.pageTitle.about);
    await page.getByRole('navigation', { name: esCore.nav.mainNavigation }).getByRole('link', { name: esCore.nav.contact }).click();
    await expect.poll(() => page.title()).toBe(es.pageTitle.contact);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(es.pageDescription.contact);
    await page.context().close();
  });

  it.each([
    ['es', 'Acerca de GlobalTopUp'],
    ['fr', 'À propos de GlobalTopUp'],
  ])('the %s texts of a lazily loaded page are translated', async (language, heading) => {
    const page = await openPage(app.browser, `${app.server.url}/about`, { storage: { language } });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.context().close();
  });
});

describe('theme', () => {
  it('the header toggle switches light and dark and the choice lasts across reloads', async () => {
    const page = await openPage(app.browser, app.server.url, { colorScheme: 'light' });
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByTestId('theme-toggle').click();
    expect(await isDark()).toBe(true);
    // Both logos are in the page; the theme's class shows one, so the dark header never flashes the light logo.
    expect(await page.getByTestId('logo').filter({ visible: true }).getAttribute('src')).toMatch(/^\/assets\/logo-dark-[\w-]+\.svg$/);
    await page.reload();
    await page.locator('#splash').waitFor({ state: 'detached' });
    expect(await isDark()).toBe(true);
    await page.getByTestId('theme-toggle').click();
    expect(await isDark()).toBe(false);
    expect(await page.getByTestId('logo').filter({ visible: true }).getAttribute('src')).toMatch(/^\/assets\/logo-light-[\w-]+\.svg$/);
    await page.context().close();
  });

  it('follows the system setting until a theme is chosen', async () => {
    const page = await openPage(app.browser, app.server.url, { colorScheme: 'dark' });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.context().close();
  });

  it('applies a saved dark theme and Arabic before the first paint', async () => {
    const context = await newContext(app.browser, { colorScheme: 'light' });
    await context.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('language', 'ar');
      // Record the document state as the body is parsed, before any of the app's modules run.
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        const root = document.documentElement;
        (window as unknown as { firstPaintState: string }).firstPaintState = `${root.classList.contains('dark')}|${root.dir}`;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    const page = await context.newPage();
    await page.goto(app.server.url);
    expect(await page.evaluate(() => (window as unknown as { firstPaintState: string }).firstPaintState)).toBe('true|rtl');
    await context.close();
  });
});

describe('the language and theme of an account', () => {
  const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

  it('a Spanish visitor who registers at the gate stays in Spanish through payment, and still after logging out', async () => {
    const page = await openPage(app.browser, app.server.url, { storage: { language: 'es' } });
    await page.locator('[role="combobox"]').first().fill('Nigeria');
    await page.locator('[role="option"]').filter({ hasText: '+234' }).first().click();
    await page.locator('#recipient-phone').fill('08031239871');
    await page.locator('form button[type="submit"]').first().click();
    const card = page.getByTestId('amount-card').first();
    await card.locator('button[aria-pressed]').click();
    await card.locator('button:not([aria-pressed])').click();
    await page.getByTestId('review-confirm').click();
    await page.waitForURL(/\/auth\?returnTo=topup$/);
    expect(await lang(page)).toBe('es');
    // Sent by the gate: the focus starts on the page's heading.
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');

    await page.getByRole('tab', { name: es.auth.registerTab }).click();
    await openTab(page).locator('input[type="email"]').fill('spanish-visitor@example.com');
    await openTab(page).locator('input[type="password"]').fill(PASSWORD);
    await openTab(page).getByRole('button', { name: es.auth.registerSubmit }).click();
    // The account's settings arrive with it: they are the visitor's, so nothing switches to English.
    await page.getByTestId('review-confirm').click();
    await page.locator('input[autocomplete="cc-number"]').waitFor();
    expect(await lang(page)).toBe('es');
    expect(await page.evaluate(() => fetch('/api/user/settings').then((response) => response.json()))).toEqual({
      language: 'es',
      theme: 'system',
      receiptEmails: true,
    });
    await page.locator('input[autocomplete="cc-number"]').fill('4242424242424242');
    await page.locator('input[autocomplete="cc-exp"]').fill('1234');
    await page.locator('input[autocomplete="cc-csc"]').fill('123');
    await page.locator('form:has(input[autocomplete="cc-number"]) button[type="submit"]').click();
    await page.getByTestId('result-recipient').waitFor({ timeout: 20_000 });
    expect(await lang(page)).toBe('es');

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: es.nav.logout }).click();
    await page.getByTestId('logout-overlay').waitFor({ state: 'detached' });
    await page.getByRole('link', { name: esCore.nav.loginRegister }).waitFor();
    expect(await lang(page)).toBe('es');
    await page.reload();
    await page.locator('#splash').waitFor({ state: 'detached' });
    expect(await lang(page)).toBe('es');
    await page.context().close();
  });

  it("a signed-in customer's next visit paints the account's Arabic and dark theme first", async () => {
    const setup = await openPage(app.browser, app.server.url);
    await setup.evaluate(async (password) => {
      const body = { email: 'arabic-reader@example.com', password, name: 'reader', language: 'ar', theme: 'dark' };
      await fetch('/api/auth/sign-up/email', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    }, PASSWORD);
    await setup.context().close();

    // Another browser, in English and light: signing in brings the account's settings, and the next visit starts in them.
    const page = await openPage(app.browser, `${app.server.url}/auth`, { colorScheme: 'light' });
    await page.context().addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        const root = document.documentElement;
        (window as unknown as { firstPaintState: string }).firstPaintState = `${root.lang}|${root.dir}|${root.classList.contains('dark')}`;
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await signIn(page, 'arabic-reader@example.com');
    await expect.poll(() => lang(page)).toBe('ar');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => (window as unknown as { firstPaintState: string }).firstPaintState)).toBe('ar|rtl|true');
    await page.context().close();
  });
});
