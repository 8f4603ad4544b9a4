import { describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder } from './top-up-helpers';
import ar from '../src/client/i18n/locales/pages/ar.json';
import en from '../src/client/i18n/locales/pages/en.json';

const app = useServerAndBrowser();

describe('auto top-up', () => {
  it('is set up from a completed top-up in the profile and listed, in English and in Arabic on a phone, with no axe finding', async () => {
    const page = await openPage(app.browser, app.server.url, { bypassCSP: true });
    await signedInPage(page, app.server.url, 'kwame@example.com');
    // Paid with "Save this card for next time" ticked.
    await placeOrder(page, '08031234581', '4242424242424242', { saveCard: true });

    await page.goto(`${app.server.url}/profile`);
    await page.getByTestId('order-auto-topup').filter({ visible: true }).first().click();
    const form = page.getByTestId('auto-topup-form');
    await form.waitFor();
    await form.getByLabel(en.profile.autoTopups.form.interval).selectOption('14');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('auto-topup-submit').click();
    const listed = page.getByTestId('auto-topup');
    await listed.waitFor();
    expect(await listed.textContent()).toContain('every 14 days');
    expect(await page.getByTestId('auto-topup-state').textContent()).toMatch(/^Next charge: /);
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() =>
      fetch('/api/user/settings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"language":"ar"}' }),
    );
    await page.reload();
    await page.getByTestId('auto-topup').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByRole('button', { name: ar.profile.autoTopups.pause, exact: true }).click();
    await page.getByTestId('auto-topup-state').filter({ hasText: ar.profile.autoTopups.paused }).waitFor();
    await page.getByTestId('auto-topup-new').click();
    await page.getByTestId('auto-topup-form').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`${app.server.url}/auto-topup?token=tampered.link`);
    await page.getByRole('heading', { name: ar.autoTopupLink.invalidTitle }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(ar.apiErrors.autoTopupLinkInvalid);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
