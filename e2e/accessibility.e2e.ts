import { describe, expect, it } from 'vitest';
import { register, signedInPage } from './account-helpers';
import { axeViolations } from './axe';
import { newContext, openPage, useServerAndBrowser } from './fixtures';
import { auditAdminEmails, auditCombination, type Combination } from './screen-audit';

const app = useServerAndBrowser({ ADMIN_EMAILS: auditAdminEmails() });

describe('accessibility of the home page', () => {
  it.each([
    ['en', 'light'],
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ])('%s in the %s theme has no axe violations', async (language, theme) => {
    // axe is injected as an inline script, which the app's Content-Security-Policy rightly forbids.
    const page = await openPage(app.browser, app.server.url, { storage: { language, theme }, bypassCSP: true });
    await page.locator('footer').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('motion', () => {
  it.each([
    ['no-preference', 1000, 'infinite'],
    ['reduce', 1, '1'],
  ] as const)(
    'a visitor whose system asks for %s motion: a spinner turns for %s ms, %s times, a fade takes its time or none',
    async (reducedMotion, duration, iterations) => {
      const page = await openPage(app.browser, app.server.url, { reducedMotion });
      const timing = await page.evaluate(() => {
        const spinner = document.createElement('div');
        spinner.className = 'animate-spin transition-opacity';
        document.body.append(spinner);
        const { duration, iterations } = spinner.getAnimations()[0]!.effect!.getTiming();
        return { duration, iterations: String(iterations), transition: getComputedStyle(spinner).transitionDuration };
      });
      expect(timing).toEqual({
        duration,
        iterations: iterations === 'infinite' ? 'Infinity' : iterations,
        transition: reducedMotion === 'reduce' ? '0.001s' : '0.15s',
      });
      await page.context().close();
    },
  );
});

describe('the menu of a phone', () => {
  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('in %s (%s theme) at 390 px opens from its side with the navigation, has no axe violations and closes on Escape', async (language, theme) => {
    const page = await openPage(app.browser, app.server.url, {
      storage: { language, theme },
      bypassCSP: true,
      viewport: { width: 390, height: 844 },
    });
    await page.locator('footer').waitFor();
    expect(await page.getByRole('navigation', { name: language === 'en' ? 'Main navigation' : 'التنقل الرئيسي' }).count()).toBe(0);
    const button = page.getByTestId('menu-button');
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    await button.click();
    const menu = page.getByRole('dialog');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);
    expect(await menu.getByRole('navigation').getByRole('link').count()).toBe(4);
    // It slides in from the side of its button: the right, or the left in Arabic.
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]')?.getAnimations().length);
    const box = (await menu.boundingBox())!;
    if (language === 'ar') expect(box.x).toBe(0);
    else expect(box.x + box.width).toBe(390);
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('closes when one of its links is followed, and holds the account items', async () => {
    const page = await openPage(app.browser, app.server.url, { viewport: { width: 390, height: 844 } });
    const menu = page.getByRole('dialog');
    await page.getByTestId('menu-button').click();
    await menu.getByRole('link', { name: 'About' }).click();
    await page.waitForURL(`${app.server.url}/about`);
    await menu.waitFor({ state: 'detached' });

    await page.getByTestId('menu-button').click();
    await menu.getByRole('link', { name: 'Login / Register' }).click();
    await page.waitForURL(`${app.server.url}/auth`);
    expect(await menu.count()).toBe(0);
    await register(page, 'phone-menu@example.com');
    await page.waitForURL(`${app.server.url}/`);

    await page.getByTestId('menu-button').click();
    expect(await menu.getByText('Welcome, phone-menu').count()).toBe(1);
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.getByTestId('logout-overlay').waitFor();
    await page.getByTestId('logout-overlay').waitFor({ state: 'detached' });
    await page.getByTestId('menu-button').click();
    await menu.getByRole('link', { name: 'Login / Register' }).waitFor();
    await page.context().close();
  });
});

describe('the user menu', () => {
  it.each(['light', 'dark'])('outlines the item the keyboard is on, at least 3:1 against its background, in the %s theme', async (theme) => {
    const page = await openPage(app.browser, app.server.url, { storage: { language: 'en', theme } });
    await signedInPage(page, app.server.url, `focus-ring-${theme}@example.com`);
    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'menuitem');
    const ring = await page.evaluate(() => {
      const item = document.activeElement as HTMLElement;
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      // Any CSS colour as sRGB bytes and alpha: drawn on a canvas and read back.
      const rgba = (color: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = color;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data];
      };
      const luminance = ([r, g, b]: number[]) =>
        [r!, g!, b!]
          .map((v) => v / 255)
          .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
          .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
      // The outline is drawn inside the item: what it stands out from is the item's background, or the first one behind it.
      let behind: HTMLElement | null = item;
      while (behind && rgba(getComputedStyle(behind).backgroundColor)[3] === 0) behind = behind.parentElement;
      const style = getComputedStyle(item);
      const [a, b] = [luminance(rgba(style.outlineColor)), luminance(rgba(getComputedStyle(behind ?? document.body).backgroundColor))];
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) };
    });
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(ring.contrast).toBeGreaterThanOrEqual(3);
    await page.context().close();
  });
});

describe('every screen state, the console’s too', () => {
  it('in Arabic, dark, on a phone and in English, light, on a desktop has no axe violation, no raw key and nothing spilling sideways', async () => {
    const combinations: Combination[] = [
      { language: 'ar', theme: 'dark', size: 'phone' },
      { language: 'en', theme: 'light', size: 'desktop' },
    ];
    // The two run side by side, each in its own context (screen-audit.ts: the full matrix is `npm run audit:a11y`).
    const runs = await Promise.all(combinations.map((combination) => auditCombination(app.browser, app.server.url, combination)));
    const problems = runs.flatMap((reports, index) =>
      reports.flatMap(({ screen, axe, rawKeys, overflowPx, spills }) => {
        const where = `${combinations[index]!.language}-${combinations[index]!.theme}-${combinations[index]!.size} ${screen}`;
        return [
          ...axe.map((finding) => `${where}: ${finding.line}`),
          ...rawKeys.map((key) => `${where}: raw key ${key}`),
          ...(overflowPx > 0 ? [`${where}: scrolls sideways by ${overflowPx}px`] : []),
          ...spills.map((spill) => `${where}: ${spill} spills out of its box`),
        ];
      }),
    );
    expect(runs.map((reports) => reports.length)).toEqual([runs[0]!.length, runs[0]!.length]);
    // The customer product's 27 states, then the console's 13, signed in as an admin.
    expect(runs[0]!.length).toBeGreaterThanOrEqual(40);
    expect(runs[0]!.some(({ screen }) => screen === 'profile: receipt')).toBe(true);
    expect(runs[0]!.some(({ screen }) => screen === 'console: audit log')).toBe(true);
    expect(problems).toEqual([]);
    // About 80 screens audited by axe: under a minute on a quiet machine, four or more when the other end-to-end files
    // share both cores with it.
  }, 600_000);
});

describe('texts arriving late', () => {
  /** Texts shaped like a translation key, seen at any moment since the page started. */
  const recordKeys = () => {
    const seen = new Set<string>();
    (window as unknown as { keysSeen: Set<string> }).keysSeen = seen;
    const scan = () => {
      if (!document.body) return;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (/^[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9]+)+$/.test(text) && !node.parentElement?.closest('script, style')) seen.add(text);
      }
    };
    new MutationObserver(scan).observe(document, { subtree: true, childList: true, characterData: true });
  };

  it.each(['en', 'es'])('in %s, no public page ever shows a raw key while its page texts are 2.5 s late, nor after', async (language) => {
    const context = await newContext(app.browser, { viewport: { width: 1280, height: 900 } });
    await context.addInitScript((language) => window.localStorage.setItem('language', language), language);
    await context.addInitScript(recordKeys);
    // The page texts of each language are chunks named after it (en-…, es-…): held back, as on a slow connection.
    await context.route(/\/assets\/(en|es|fr|ar)-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await route.continue();
    });
    const paths = ['/', '/top-up', '/about', '/contact', '/terms', '/auth'];
    const seen = await Promise.all(
      paths.map(async (path) => {
        const page = await context.newPage();
        await page.goto(`${app.server.url}${path}`);
        await page.locator('footer').waitFor({ timeout: 15_000 });
        return (await page.evaluate(() => [...(window as unknown as { keysSeen: Set<string> }).keysSeen])).map((key) => `${path}: ${key}`);
      }),
    );
    expect(seen.flat()).toEqual([]);
    await context.close();
  });
});
