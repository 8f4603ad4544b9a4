import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useServerAndBrowser } from './fixtures';

// The tests below run in order: each looks at the tab the one before it gave back.
const app = useServerAndBrowser();

let previous: Page | undefined;
/** Messages the first test's console listener heard. */
let heard = 0;

/** Logs a line in the page, and answers how many lines the first test's listener has heard once it is delivered. */
async function sayAnyoneThere(page: Page): Promise<number> {
  const delivered = page.waitForEvent('console', (message) => message.text() === 'anyone there?');
  await page.evaluate(() => console.log('anyone there?'));
  await delivered;
  return heard;
}

/** What a customer's tab holds: cookies, storage, and what a test set up on the page. */
async function traces(page: Page) {
  return {
    cookies: (await page.context().cookies()).map((cookie) => cookie.name),
    local: await page.evaluate(() => window.localStorage.getItem('left-behind')),
    session: await page.evaluate(() => window.sessionStorage.getItem('left-behind')),
    initScript: await page.evaluate(() => (window as unknown as { leftBehind?: string }).leftBehind ?? null),
    binding: await page.evaluate(() => typeof (window as unknown as { leftBehindBinding?: unknown }).leftBehindBinding),
    consoleHeard: await sayAnyoneThere(page),
    headers: await page.evaluate(() => fetch('/api/health').then((response) => response.status)),
  };
}

describe('a tab lent to a test', () => {
  it('is a new customer’s: the tab a test leaves behind has its cookies, storage and set-up taken away', async () => {
    const page = await openPage(app.browser, app.server.url);
    await page.evaluate(() => {
      document.cookie = 'left-behind=1; path=/';
      window.localStorage.setItem('left-behind', '1');
      window.sessionStorage.setItem('left-behind', '1');
    });
    await page.addInitScript(() => ((window as unknown as { leftBehind: string }).leftBehind = '1'));
    await page.exposeBinding('leftBehindBinding', () => 1);
    page.on('console', (message) => message.text() === 'anyone there?' && (heard += 1));
    await page.route('**/api/health', (route) => route.fulfill({ status: 418 }));
    await page.reload();
    expect(await traces(page)).toEqual({
      cookies: ['left-behind'],
      local: '1',
      session: '1',
      initScript: '1',
      binding: 'function',
      consoleHeard: 1,
      headers: 418,
    });
    previous = page;
  });

  it('comes back clean to the next test, in the same tab', async () => {
    const page = await openPage(app.browser, app.server.url);
    expect(page).toBe(previous);
    expect(await traces(page)).toEqual({
      cookies: [],
      local: null,
      session: null,
      initScript: null,
      binding: 'undefined',
      consoleHeard: 1,
      headers: 200,
    });
  });

  it('is given back when the test closes its context, and lent again', async () => {
    const page = await openPage(app.browser, app.server.url);
    await page.context().close();
    expect(page.isClosed()).toBe(false);
    expect(await openPage(app.browser, app.server.url)).toBe(page);
  });

  it('is closed instead of lent again when the test changed what cannot be put back: its clock', async () => {
    const page = await openPage(app.browser, app.server.url);
    await page.clock.install();
    previous = page;
  });

  it('so the next test gets a new tab', async () => {
    expect(previous!.isClosed()).toBe(true);
    const page = await openPage(app.browser, app.server.url);
    expect(page).not.toBe(previous);
  });

  it('with other context options, is a tab of its own', async () => {
    const desktop = await openPage(app.browser, app.server.url);
    await desktop.context().close();
    const dark = await openPage(app.browser, app.server.url, { colorScheme: 'dark' });
    expect(dark).not.toBe(desktop);
    expect(await dark.evaluate(() => window.matchMedia('(prefers-color-scheme: dark)').matches)).toBe(true);
  });
});
