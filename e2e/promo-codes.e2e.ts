import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './account-helpers';
import { openConsoleAt, signedInAdmin } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { enterRecipient, sendNowOnCard, text } from './top-up-helpers';

const ADMIN = 'promo-ops@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

let admin: Page;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInAdmin(admin, app.server.url, ADMIN);
});

/** The page's language and theme, as the settings save them (the account's, and the browser's copy). */
async function useLanguage(page: Page, language: string) {
  await page.evaluate(async (language) => {
    const response = await fetch('/api/user/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ language }),
    });
    if (!response.ok) throw new Error(`settings: ${response.status}`);
    localStorage.setItem('language', language);
  }, language);
  await page.reload();
}

/** A signed-in customer on the review of a $10.00 Nigerian top-up (3 % + $0.33: $10.63). */
async function customerOnReview(email: string): Promise<Page> {
  const page = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await createAccount(page, email);
  await page.reload();
  await page.getByTestId('user-menu').waitFor();
  await enterRecipient(page, 'NG');
  await sendNowOnCard(page, '$10.00');
  return page;
}

async function applyCode(page: Page, typed: string) {
  await page.getByTestId('promo-code-input').fill(typed);
  await page.getByTestId('promo-code-apply').click();
}

describe('promo codes', () => {
  it('an admin creates a code, a customer applies it on the review in English and Arabic, and pays the discounted total', async () => {
    await openConsoleAt(admin, `${app.server.url}/admin/promos`);
    await admin.getByTestId('promo-form-code').fill('spring-30');
    await admin.getByTestId('promo-form-kind').selectOption('fixed');
    await admin.getByTestId('promo-form-value').fill('0.30');
    await admin.getByTestId('promo-form-reason').fill('Spring campaign');
    await admin.getByTestId('promo-form-submit').click();
    await admin.getByTestId('promo-row-SPRING30').waitFor();
    expect(await axeViolations(admin)).toEqual([]);

    // English: an unknown code is refused beside the field; the code typed in lower case with a space is applied.
    const amina = await customerOnReview('amina-promo@example.com');
    expect(await text(amina, 'review-total')).toBe('$10.63');
    await applyCode(amina, 'nope');
    await expect.poll(() => text(amina, 'promo-code-error')).toBe("We don't know this promo code. Please check it and try again.");
    await applyCode(amina, ' spring 30');
    await amina.getByTestId('promo-applied').waitFor();
    expect(await text(amina, 'review-discount')).toBe('−$0.30');
    expect(await text(amina, 'review-total')).toBe('$10.33');
    expect(await axeViolations(amina)).toEqual([]);
    await amina.getByRole('button', { name: 'Confirm' }).click();
    expect(await text(amina, 'payment-total')).toBe('$10.33');
    await amina.getByLabel('Card number').fill('4242424242424242');
    await amina.getByLabel('Expiration date').fill('1234');
    await amina.getByLabel('Security code').fill('123');
    await amina.getByRole('button', { name: 'Pay $10.33' }).click();
    await amina.getByTestId('result-amount-paid').waitFor({ timeout: 20_000 });
    await expect.poll(() => text(amina, 'result-amount-paid')).toBe('$10.33');

    // Arabic: the refusal in Arabic, then the discount.
    const omar = await customerOnReview('omar-promo@example.com');
    await omar.getByTestId('language-select').selectOption('ar');
    await omar.waitForFunction(() => document.documentElement.dir === 'rtl');
    await applyCode(omar, 'nope');
    await expect.poll(() => text(omar, 'promo-code-error')).toBe('لا نعرف رمز الخصم هذا. يُرجى التحقق منه والمحاولة مرة أخرى.');
    await applyCode(omar, 'SPRING-30');
    await omar.getByTestId('promo-applied').waitFor();
    expect(await text(omar, 'review-total')).toBe('$10.33');
    expect(await axeViolations(omar)).toEqual([]);

    // The console counts the paid use and its discount; in Arabic too, without a finding.
    await openConsoleAt(admin, `${app.server.url}/admin/promos`);
    expect(await text(admin, 'promo-uses-SPRING30')).toMatch(/^1/);
    expect(await text(admin, 'promo-discount-SPRING30')).toBe('$0.30');
    await useLanguage(admin, 'ar');
    await admin.locator('main h1').first().waitFor();
    await admin.getByTestId('promo-row-SPRING30').waitFor();
    expect(await axeViolations(admin)).toEqual([]);
  });
});
