/**
 * The pre-rendered public pages in the browser (ADR 016): painted in the saved language and theme before any of the
 * app's code runs, then taken over by the app as they are, without a console message or a failed request.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../src/shared/routes';
import { newContext, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();

/** A new visitor whose saved language (and theme) the server knows from the cookies the app writes with them. */
async function visitor(preferences: { language: string; theme?: string }): Promise<BrowserContext> {
  const context = await newContext(app.browser, { viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
  await context.addCookies(Object.entries(preferences).map(([name, value]) => ({ name, value, url: app.server.url })));
  await context.addInitScript((saved) => {
    for (const [key, value] of Object.entries(saved)) localStorage.setItem(key, value);
    // The splash's 1.5 s are not what these tests are about (fixtures.ts skipSplashWait).
    const sinceNavigation = performance.now.bind(performance);
    performance.now = () => sinceNavigation() + 1500;
  }, preferences);
  return context;
}

/** Holds the app's code back until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('hydration', () => {
  it.each(['en', 'ar'])('every public page in %s is taken over as rendered, with nothing on the console and no failed request', async (language) => {
    const context = await visitor({ language });
    for (const { path } of PRERENDERED_PAGES) {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => problems.push(`${message.type()}: ${message.text()}`));
      page.on('pageerror', (error) => problems.push(`error: ${error.message}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      const release = await holdScripts(page);
      // The document is parsed but its module scripts (which DOMContentLoaded waits for) are held back.
      await page.goto(`${app.server.url}${path}`, { waitUntil: 'commit' });
      await page.locator('#root[data-language] h1').waitFor({ state: 'attached' });
      // Marks the pre-rendered heading: a page the app rendered again would have lost the mark with the element.
      await page.locator('h1').evaluate((heading) => heading.setAttribute('data-before-app', ''));
      release();
      await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
      await page.waitForLoadState('networkidle');
      expect(await page.locator('h1[data-before-app]').count(), path).toBe(1);
      expect(problems, `${path} in ${language}`).toEqual([]);
      await page.close();
    }
    await context.close();
  });

  it('a saved dark theme and Arabic are in the page before the app runs', async () => {
    const context = await visitor({ language: 'ar', theme: 'dark' });
    const page = await context.newPage();
    const release = await holdScripts(page);
    await page.goto(`${app.server.url}/about`, { waitUntil: 'commit' });
    await page.locator('#root[data-language] h1').waitFor({ state: 'attached' });
    await page.evaluate(() => document.getElementById('splash')?.remove());
    const state = await page.evaluate(() => ({
      dir: document.documentElement.dir,
      dark: document.documentElement.classList.contains('dark'),
      background: getComputedStyle(document.body).backgroundColor,
      heading: document.querySelector('h1')?.textContent,
    }));
    expect(state).toEqual({ dir: 'rtl', dark: true, background: 'rgb(11, 17, 32)', heading: 'عن GlobalTopUp' });
    release();
    await context.close();
  });

  it('/ on a phone does not move as it is taken over and the countries arrive, and reads its icons from one sprite', async () => {
    const context = await newContext(app.browser, { viewport: { width: 412, height: 823 } });
    await context.addInitScript(() => {
      const shifts: number[] = ((window as unknown as { shifts: number[] }).shifts = []);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    const images: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.svg')) images.push(pathname);
    });
    const release = await holdScripts(page);
    await page.goto(`${app.server.url}/`, { waitUntil: 'commit' });
    // Before the app runs, the popular destinations already hold their place (ADR 049), not yet pressable.
    const popular = page.getByRole('region', { name: 'Popular destinations' }).getByRole('button');
    await popular.first().waitFor();
    expect(await popular.count()).toBe(8);
    expect(await popular.first().isDisabled()).toBe(true);
    // What is measured is the app taking the page over and the countries arriving. Before that, on a starved CPU,
    // Chromium may paint the document half parsed under the splash (a header with one of its two buttons, a stepper with
    // its first step centred), which moves nothing anyone sees; those shifts are left out.
    await page.evaluate(() => ((window as unknown as { shifts: number[] }).shifts.length = 0));
    release();
    await expect.poll(() => popular.first().isEnabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    // The icons: one sprite, no file each, and every one drawn.
    const icons = images.filter((image) => image.startsWith('/assets/') && !/\/(logo|favicon)-/.test(image));
    expect(icons).toEqual([expect.stringMatching(/^\/assets\/icons-[\w-]+\.svg$/)]);
    const drawn = await page
      .locator('main use, header use')
      .evaluateAll((uses) => uses.map((use) => (use as SVGGraphicsElement).getBBox().width > 0));
    expect(drawn.length).toBeGreaterThanOrEqual(4);
    expect(drawn).not.toContain(false);
    await context.close();
  });
});
