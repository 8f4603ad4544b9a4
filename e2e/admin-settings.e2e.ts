import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { signedInAdmin } from './admin-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { enterRecipient, reviewPriced, sendNowOnCard, text } from './top-up-helpers';

const ADMIN = 'pricing-ops@example.com';
const app = useServerAndBrowser({ ADMIN_EMAILS: ADMIN });

let admin: Page;

beforeAll(async () => {
  admin = await openPage(app.browser, app.server.url, { bypassCSP: true });
  await signedInAdmin(admin, app.server.url, ADMIN);
});

/** Opens a console page and waits until its h1 is there and nothing is loading any more. */
async function openConsolePage(page: Page, path: string) {
  await page.goto(`${app.server.url}${path}`);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="admin-loading"]'));
}

/** Saves settings through the API from the admin's page, as a second admin in another browser would. */
async function putSettings(path: string, body: Record<string, unknown>) {
  await admin.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    },
    { path, body },
  );
}

/** The account's language and theme, saved on the server and in the browser as the settings save them. */
async function useSettings(page: Page, settings: { language: string; theme: string }) {
  await page.evaluate(async (body) => {
    const response = await fetch('/api/user/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`settings: ${response.status}`);
    localStorage.setItem('language', body.language);
    localStorage.setItem('theme', body.theme);
  }, settings);
}

const field = (page: Page, name: string) => page.getByTestId(`setting-${name}`);
/** A field of the global fees' form (the Pricing page also holds the fee rules' and the referral settings' forms). */
const pricingField = (name: string) => admin.getByTestId('pricing-edit-form').getByTestId(`setting-${name}`);

describe('pricing', () => {
  it('an admin raises the fees after previewing them, and a customer’s review shows the new total', async () => {
    // A customer reviews a $10.00 top-up at the fees of the installation: 3 % and $0.33.
    const customer = await openPage(app.browser, app.server.url);
    await signedInPage(customer, app.server.url, 'amaka@example.com');
    await enterRecipient(customer, 'NG');
    await sendNowOnCard(customer, '$10.00');
    expect(await text(customer, 'review-total')).toBe('$10.63');

    await openConsolePage(admin, '/admin/pricing');
    expect(await text(admin, 'pricing-current-airtime-fee')).toBe('3.00 %');
    expect(await text(admin, 'pricing-current-standard-fee')).toBe('$0.33');
    await pricingField('airtimeFeePercent').fill('30');
    await pricingField('reason').fill('Supplier costs went up');
    await admin.getByTestId('pricing-edit-save').click();
    const refusal = admin.getByText('The percentage fee must be a number from 0 to 25 (percent), with at most 2 decimals.');
    await refusal.waitFor();
    expect(await pricingField('airtimeFeePercent').getAttribute('aria-invalid')).toBe('true');

    // The preview prices the sample amounts with the fees as typed, before anything is saved.
    await pricingField('airtimeFeePercent').fill('5');
    await pricingField('standardFee').fill('0.50');
    const tenDollars = admin.getByTestId('pricing-preview-row').nth(1);
    await expect.poll(() => tenDollars.getByTestId('pricing-preview-new').textContent()).toBe('$11.00');
    expect(await tenDollars.textContent()).toContain('$10.63');
    expect(await text(admin, 'pricing-current-airtime-fee')).toBe('3.00 %');

    await admin.getByTestId('pricing-edit-save').click();
    expect(await admin.getByTestId('settings-saved').textContent()).toBe('New fees saved (version 1).');
    await expect.poll(() => text(admin, 'pricing-current-airtime-fee')).toBe('5.00 %');
    expect(await text(admin, 'pricing-current-standard-fee')).toBe('$0.50');
    const history = admin.getByTestId('pricing-history-row');
    await expect.poll(() => history.count()).toBe(1);
    expect(await history.first().textContent()).toContain(ADMIN);
    expect(await history.first().textContent()).toContain('Supplier costs went up');

    // The customer's browser still shows the old total: confirming it is refused, and the review shows the new one.
    await customer.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => customer.getByTestId('review-error').textContent())
      .toBe('The price has changed: the total is now $11.00 (fee $1.00). Please review it and confirm again.');
    await expect.poll(() => text(customer, 'review-total')).toBe('$11.00');
    await customer.getByRole('button', { name: 'Confirm' }).click();
    await customer.getByRole('button', { name: 'Pay $11.00' }).waitFor();
    await customer.context().close();
  });

  it('a save on fees someone else changed meanwhile is refused with the fees in force, and saved once the admin confirms', async () => {
    await openConsolePage(admin, '/admin/pricing');
    const version = Number(await text(admin, 'pricing-current-version'));
    await putSettings('/api/admin/pricing', { version, airtimeFeePercent: '4.00', standardFee: '0.40', reason: 'Another admin' });

    await pricingField('airtimeFeePercent').fill('6');
    await pricingField('reason').fill('Mine');
    await admin.getByTestId('pricing-edit-save').click();
    const conflict = admin.getByTestId('settings-conflict');
    await conflict.waitFor();
    expect(await conflict.textContent()).toContain('Someone else saved these settings while you were editing them.');
    expect(await admin.getByTestId('pricing-conflict-airtime-fee').textContent()).toBe('4.00 %');
    expect(await admin.getByTestId('pricing-conflict-changed').textContent()).toContain(ADMIN);
    // The admin's values stay in the form; saving again replaces the values in force knowingly.
    expect(await pricingField('airtimeFeePercent').inputValue()).toBe('6');
    await admin.getByTestId('pricing-edit-save').click();
    expect(await admin.getByTestId('settings-saved').textContent()).toBe(`New fees saved (version ${version + 2}).`);
    expect(await conflict.count()).toBe(0);
    await expect.poll(() => text(admin, 'pricing-current-airtime-fee')).toBe('6.00 %');
  });
});

describe('fee rules per corridor', () => {
  it('an admin prices one operator with its own rule, previewing the margin, and the customer’s custom amount and review show its price', async () => {
    await openConsolePage(admin, '/admin/pricing');
    const ruleField = (name: string) => admin.getByTestId('fee-rule-editor').getByTestId(`setting-${name}`);
    await admin.getByTestId('fee-rule-country').fill('in');
    await admin.getByRole('button', { name: 'Show its operators' }).click();
    await admin.getByTestId('fee-rule-operator').selectOption({ label: 'Idea' });
    await ruleField('airtimeFeePercent').fill('8.50');
    await ruleField('standardFee').fill('1.00');
    // $10.00 at 8.5 % + $1.00 is $11.85; the margin column prices it at Idea's commission less the card fee.
    const row = admin.getByTestId('fee-rule-preview-row').filter({ hasText: '$10.00' }).first();
    await expect.poll(() => row.getByTestId('fee-rule-preview-new').textContent()).toBe('$11.85');
    expect(await row.getByTestId('fee-rule-preview-margin').textContent()).toMatch(/^\$\d+\.\d\d$/);
    await ruleField('reason').fill('Idea costs us more');
    await admin.getByTestId('fee-rule-edit-save').click();
    expect(await admin.getByTestId('settings-saved').textContent()).toBe('Fee rule saved (version 1).');
    const rule = admin.getByTestId('fee-rule-row');
    await expect.poll(() => rule.count()).toBe(1);
    expect(await rule.textContent()).toContain('8.50 %');

    const customer = await openPage(app.browser, app.server.url);
    await signedInPage(customer, app.server.url, 'ravi@example.com');
    await enterRecipient(customer, 'IN');
    await customer.getByLabel('Or enter an amount (USD)').fill('10');
    await expect.poll(() => text(customer, 'custom-total')).toContain('$11.85');
    await customer.locator('form:has(#custom-amount)').getByRole('button', { name: 'Send Now' }).click();
    await reviewPriced(customer);
    expect(await text(customer, 'review-total')).toBe('$11.85');
    expect(await text(customer, 'review-service-fee')).toBe('$1.85');
    await customer.context().close();
  });
});

describe('limits', () => {
  it('starts from the defaults and saves new limits', async () => {
    await openConsolePage(admin, '/admin/limits');
    expect(await admin.getByTestId('limits-defaults-apply').count()).toBe(1);
    expect(await text(admin, 'limits-current-attempts')).toBe('5');
    expect(await text(admin, 'limits-current-daily')).toBe('$200.00');
    await field(admin, 'checkoutAttemptsPerMinute').fill('0');
    await field(admin, 'recipientCooldownMinutes').fill('5');
    // The Limits page also holds the alerts' thresholds, with a reason field of their own.
    await admin.getByTestId('limits-edit-form').getByTestId('setting-reason').fill('Card testing last night');
    await admin.getByTestId('limits-edit-save').click();
    await admin.getByText('Checkout attempts per minute must be a whole number from 1 to 60.').waitFor();

    await field(admin, 'checkoutAttemptsPerMinute').fill('8');
    await admin.getByTestId('limits-edit-save').click();
    expect(await admin.getByTestId('settings-saved').textContent()).toBe('New limits saved (version 1).');
    await expect.poll(() => text(admin, 'limits-current-attempts')).toBe('8');
    expect(await text(admin, 'limits-current-cooldown')).toBe('5');
    expect(await admin.getByTestId('limits-defaults-apply').count()).toBe(0);
    expect(await text(admin, 'limits-defaults-attempts')).toBe('5');
  });
});

describe('accessibility', () => {
  it.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('the Pricing and Limits pages in %s (%s theme) have no axe violations', async (language, theme) => {
    // The admin's own choice, as the settings save it (it follows the account) and as the browser keeps it.
    await useSettings(admin, { language, theme });
    try {
      const found: Record<string, string[]> = {};
      for (const path of ['/admin/pricing', '/admin/limits']) {
        await openConsolePage(admin, path);
        expect(await admin.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
          language,
          language === 'ar' ? 'rtl' : 'ltr',
        ]);
        expect(await admin.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
        if (path === '/admin/pricing') {
          // With the fee rule editor open on a country's operators and its margin preview drawn.
          await admin.getByTestId('fee-rule-country').fill('NG');
          await admin.getByTestId('fee-rule-country').press('Enter');
          await admin.getByTestId('fee-rule-preview').waitFor();
        }
        found[path] = await axeViolations(admin);
      }
      expect(found).toEqual({ '/admin/pricing': [], '/admin/limits': [] });
    } finally {
      await useSettings(admin, { language: 'en', theme: 'light' });
    }
  });
});
