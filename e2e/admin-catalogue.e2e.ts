import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin, signInWithCode } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { toastText } from './top-up-helpers';

const ADMIN = 'catalogue-ops@example.com';
// Cuba is one of the home page's quick picks, so a blocked destination is one click away there too.
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN, BLOCKED_DESTINATIONS: 'CU,IR' });

let admin: Page;
let totpUri: string;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  totpUri = (await signedInAdmin(admin, app.server.url, ADMIN))!;
});
afterAll(async () => {
  await admin?.context().close();
});

/** Opens a console page and waits until its h1 is there and nothing is loading any more. */
async function openConsolePage(page: Page, path: string) {
  await page.goto(`${app.server.url}${path}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="admin-loading"]'));
}

/** The account's language and theme, saved on the server as the settings save them (they follow the account). */
async function useSettings(page: Page, settings: { language: string; theme: string }) {
  await page.evaluate(async (body) => {
    const response = await fetch('/api/user/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`settings: ${response.status}`);
  }, settings);
}

/** Gives a reason in the dialog that every switch opens, and sends it. */
async function confirmWithReason(page: Page, reason: string, submit: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: submit }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A visitor on the home page presses a quick pick: answers the toast it raises, or the calling code of the country taken. */
async function quickPick(country: string): Promise<{ toast: string | null; phoneCode: string | null }> {
  const visitor = await openPage(app.browser, app.server.url);
  try {
    await visitor.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: country }).click();
    await visitor.waitForFunction(() => document.querySelector('[data-testid="toast"]') || document.querySelector('#recipient-phone'));
    if (await visitor.getByTestId('toast').count()) return { toast: await toastText(visitor), phoneCode: null };
    return { toast: null, phoneCode: await visitor.getByLabel('Country calling code').inputValue() };
  } finally {
    await visitor.context().close();
  }
}

describe('the catalogue', () => {
  it('an admin disables Nigeria and the home page refuses it with Country Unavailable; enabled again, it is offered', async () => {
    await openConsolePage(admin, '/admin/catalogue');
    await admin.getByTestId('catalogue-search').fill('nigeria');
    await admin.getByRole('button', { name: 'Apply' }).click();
    await admin.waitForURL(`${app.server.url}/admin/catalogue?q=nigeria`);
    await admin.getByRole('link', { name: 'Nigeria' }).click();
    await admin.waitForURL(`${app.server.url}/admin/catalogue/NG`);
    await admin.getByRole('button', { name: 'Disable the country' }).click();
    await confirmWithReason(admin, 'Operator outage across Nigeria', 'Disable the country');
    await expect.poll(() => admin.getByTestId('catalogue-country-badge').textContent()).toBe('Disabled');
    expect(await admin.getByTestId('catalogue-country-reason').textContent()).toBe('Operator outage across Nigeria');

    const refused = await quickPick('Nigeria');
    expect(refused.toast).toContain('Country Unavailable');
    expect(refused.toast).toContain('This country is currently not available for service.');

    await admin.getByRole('button', { name: 'Enable the country' }).click();
    await confirmWithReason(admin, 'Outage over', 'Enable the country');
    await expect.poll(() => admin.getByTestId('catalogue-country-badge').textContent()).toBe('Enabled');
    expect(await quickPick('Nigeria')).toEqual({ toast: null, phoneCode: '+234' });
  });

  it('a blocked destination shows as blocked, offers no way to enable it, and the home page refuses it', async () => {
    await openConsolePage(admin, '/admin/catalogue?status=blocked');
    const rows = admin.getByTestId('catalogue-row');
    expect(await rows.evaluateAll((found) => found.map((row) => row.getAttribute('data-iso')))).toEqual(['CU', 'IR']);
    await openConsolePage(admin, '/admin/catalogue/CU');
    await admin.getByTestId('catalogue-blocked-notice').waitFor();
    expect(await admin.getByRole('button', { name: /^Enable/ }).count()).toBe(0);
    expect((await quickPick('Cuba')).toast).toContain('Country Unavailable');
  });

  it('switches one operator off with a reason, shown in its row, and on again', async () => {
    await openConsolePage(admin, '/admin/catalogue/NG');
    const mtn = admin.getByTestId('operator-row').filter({ hasText: 'MTN' });
    expect(await mtn.getByTestId('operator-fx-rate').textContent()).toMatch(/^1 USD = [\d,.]+ NGN$/);
    await mtn.getByRole('button', { name: 'Disable MTN' }).click();
    await confirmWithReason(admin, 'MTN top-ups failing', 'Disable MTN');
    await expect.poll(() => mtn.getByTestId('operator-status').textContent()).toBe('Disabled');
    expect(await mtn.getByTestId('operator-reason').textContent()).toContain('MTN top-ups failing');
    // The focus is back on the row's switch, which now turns the operator on again.
    await expect.poll(() => admin.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Enable MTN');
    await mtn.getByRole('button', { name: 'Enable MTN' }).click();
    await confirmWithReason(admin, 'MTN is back', 'Enable MTN');
    await expect.poll(() => mtn.getByTestId('operator-status').textContent()).toBe('Enabled');
  });
});

describe('accessibility', () => {
  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('the catalogue’s pages in %s (%s theme) have no axe violations', async (language, theme) => {
    const page = await openPage(app.browser, app.server.url, { storage: { language, theme }, bypassCSP: true });
    await signInWithCode(page, ADMIN, totpUri);
    await useSettings(page, { language, theme });
    try {
      const found: Record<string, string[]> = {};
      // Names with "an": enabled, disabled (Argentina) and blocked (Iran) rows, fewer than the whole list for axe to read.
      for (const path of ['/admin/catalogue?q=an', '/admin/catalogue?q=zz', '/admin/catalogue/NG', '/admin/catalogue/CU']) {
        await openConsolePage(page, path);
        expect(await page.evaluate(() => document.documentElement.dir), path).toBe(language === 'ar' ? 'rtl' : 'ltr');
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(theme === 'dark');
        found[path] = await axeViolations(page);
      }
      await page.getByTestId('operator-disable').first().click();
      await page.getByRole('dialog').waitFor();
      found.dialog = await axeViolations(page);
      expect(found).toEqual({
        '/admin/catalogue?q=an': [],
        '/admin/catalogue?q=zz': [],
        '/admin/catalogue/NG': [],
        '/admin/catalogue/CU': [],
        dialog: [],
      });
    } finally {
      // The settings are the account's: the other tests read the console in English.
      await useSettings(page, { language: 'en', theme: 'light' });
      await page.context().close();
    }
  });
});
