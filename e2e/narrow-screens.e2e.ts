import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount } from './account-helpers';
import { openConsoleAt, signedInAdmin, useSettings } from './admin-helpers';
import { openPage, useServerAndBrowser } from './fixtures';

/** A phone's screen, where the audits found texts cut or pages scrolling sideways. */
const PHONE = { width: 390, height: 844 };
const LANGUAGES = ['en', 'es', 'fr', 'ar'] as const;
const ADMIN = 'narrow-limits@example.com';

const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

/** The texts inside `selector` that their box cuts: clipped sideways, or hidden behind an ellipsis. */
function cutTexts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const cut: string[] = [];
    for (const root of document.querySelectorAll(selector)) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const style = getComputedStyle(element);
        const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
        if (clips && element.scrollWidth > element.clientWidth + 1) cut.push(element.textContent ?? '');
      }
    }
    return cut;
  }, selector);
}

/** How far the page scrolls sideways, in CSS pixels. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function toAmounts(page: Page) {
  const box = page.locator('[role="combobox"]').first();
  await box.fill('Nigeria');
  await page.locator('[role="option"]').filter({ hasText: '+234' }).first().click();
  await page.locator('#recipient-phone').fill('08031234567');
  await page.locator('form button[type="submit"]').first().click();
  await page.getByTestId('amount-card').first().waitFor();
  await page.getByTestId('recipient-number').waitFor();
}

describe('on a phone (390 px)', () => {
  it.each(LANGUAGES)('%s: the recipient’s number and operator above the amounts wrap, never cut', async (language) => {
    const page = await openPage(app.browser, `${app.server.url}/top-up`, { viewport: PHONE, storage: { language } });
    await toAmounts(page);
    const summary = page.getByTestId('recipient-number').locator('xpath=../..');
    expect(await summary.textContent()).toContain('MTN');
    expect(await cutTexts(page, '[data-testid="recipient-number"], :has(> [data-testid="operator-name"])')).toEqual([]);
    expect(await sidewaysScroll(page)).toBe(0);
  });

  it.each(LANGUAGES)('%s: country names in the country list are shown whole', async (language) => {
    const page = await openPage(app.browser, `${app.server.url}/top-up`, { viewport: PHONE, storage: { language } });
    const box = page.locator('[role="combobox"]').first();
    await box.waitFor();
    await box.click();
    await page.locator('[role="option"]').first().waitFor();
    const options = await page.locator('[role="option"]').count();
    expect(options).toBeGreaterThan(100);
    expect(await cutTexts(page, '[role="option"]')).toEqual([]);
  });

  it.each([
    ['the header’s user menu (desktop)', '[data-testid="user-menu"]', { width: 1280, height: 800 }],
    ['the phone’s menu', '[data-testid="mobile-menu"]', PHONE],
  ])('ar: a long Latin name in %s is cut at its end, not its start', async (_where, container, viewport) => {
    const page = await openPage(app.browser, app.server.url, { viewport, storage: { language: 'ar' } });
    const name = `maximilianwolfgangamadeusbartholomewfitzgerald${viewport.width}`;
    await createAccount(page, `${name}@example.com`);
    await page.goto(app.server.url);
    if (viewport === PHONE) {
      await page.getByTestId('menu-button').click();
      await page.getByTestId('mobile-menu').getByText(name).waitFor();
    } else {
      await page.getByTestId('user-menu').waitFor();
    }
    const shown = await page.evaluate(
      ({ name, container }) => {
        const root = document.querySelector(container)!;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
          const node = walker.currentNode as Text;
          const at = node.data.indexOf(name);
          if (at < 0) continue;
          const letter = (index: number) => {
            const range = document.createRange();
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            return range.getBoundingClientRect();
          };
          // The box that cuts the text: the nearest one that hides what overflows it.
          let clip = node.parentElement!;
          while (getComputedStyle(clip).overflowX === 'visible' && clip.parentElement) clip = clip.parentElement;
          const box = clip.getBoundingClientRect();
          const inside = (rect: DOMRect) => rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
          return { first: inside(letter(at)), last: inside(letter(at + name.length - 1)) };
        }
        return null;
      },
      { name, container },
    );
    // The name is too long for its place: its start is read, its end gives way to the ellipsis.
    expect(shown).toEqual({ first: true, last: false });
  });

  it('fr: the console’s Limits page does not scroll sideways, and its values are not squeezed', async () => {
    const page = await openPage(app.browser, app.server.url, { viewport: PHONE, bypassCSP: true });
    await signedInAdmin(page, app.server.url, ADMIN);
    await useSettings(page, { language: 'fr', theme: 'light' });
    await page.evaluate(() => localStorage.setItem('language', 'fr'));
    await openConsoleAt(page, `${app.server.url}/admin/limits`);
    await page.getByTestId('limits-current-daily').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
    expect(await sidewaysScroll(page)).toBe(0);
    // Each value holds at least one line of a few letters: "1 440" is not written a letter a line.
    const heights = await page.locator('[data-testid^="limits-current-"]').evaluateAll((values) =>
      values
        .filter((value) => value.tagName === 'DD')
        .map((value) => ({
          id: value.getAttribute('data-testid'),
          lines: Math.round(value.getBoundingClientRect().height / parseFloat(getComputedStyle(value).lineHeight)),
        })),
    );
    for (const { id, lines } of heights) expect(lines, id ?? '').toBeLessThanOrEqual(3);
  });
});
