import { describe, expect, it } from 'vitest';
import { register } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();

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
