import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, signedInPage } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { enterRecipient, sendNowOnCard, text } from './top-up-helpers';

const app = useServerAndBrowser();

/** The page in Arabic, as the settings save it (the account's, and the browser's copy). */
async function inArabic(page: Page) {
  await page.evaluate(async () => {
    const response = await fetch('/api/user/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"language":"ar"}',
    });
    if (!response.ok) throw new Error(`settings: ${response.status}`);
    localStorage.setItem('language', 'ar');
  });
  await page.reload();
}

describe('refer a friend', () => {
  it('the profile shows the link, a friend who opens it signs up and sees the welcome discount on the review, in English and Arabic', async () => {
    const referrer = await openPage(app.browser, app.server.url, { bypassCSP: true });
    await signedInPage(referrer, app.server.url, 'amina-refers@example.com', { path: '/profile' });
    const section = referrer.getByTestId('referral-section');
    await section.getByTestId('referral-link').waitFor();
    const link = await section.getByTestId('referral-link').inputValue();
    expect(link).toMatch(/\/\?ref=[0-9A-Z]{8}$/);
    expect(await text(referrer, 'referral-friends')).toBe('0');
    expect(await text(referrer, 'referral-credit')).toBe('$0.00');
    expect(await axeViolations(referrer)).toEqual([]);

    // The friend opens the link, then makes an account: they joined, and their first top-up's review takes $5.00 off.
    const friend = await openPage(app.browser, link.replace(/^https?:\/\/[^/]+/, app.server.url));
    await friend.getByTestId('hero-title').or(friend.locator('h1')).first().waitFor();
    await createAccount(friend, 'kofi-referred@example.com');
    await friend.reload();
    await friend.getByTestId('user-menu').waitFor();
    await enterRecipient(friend, 'NG');
    await sendNowOnCard(friend, '$10.00');
    await expect.poll(() => text(friend, 'review-discount')).toBe('−$5.00');
    expect(await friend.getByText('Welcome discount from a friend').count()).toBe(1);
    expect(await text(friend, 'review-total')).toBe('$5.63');

    await referrer.reload();
    await expect.poll(() => text(referrer, 'referral-friends')).toBe('1');

    // Arabic: the section right to left, with its texts and no finding.
    await inArabic(referrer);
    await referrer.getByTestId('referral-link').waitFor();
    expect(await referrer.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await text(referrer, 'referral-section')).toContain('ادعُ صديقًا');
    expect(await axeViolations(referrer)).toEqual([]);
  });
});
