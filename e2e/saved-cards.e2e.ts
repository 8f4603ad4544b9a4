import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInPage } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import { placeOrder } from './top-up-helpers';
import ar from '../src/client/i18n/locales/pages/ar.json';
import en from '../src/client/i18n/locales/pages/en.json';

const app = useServerAndBrowser();

/** Numbers the sandbox delivers to, one per top-up (a number topped up a moment ago waits its cool-down). */
const NUMBERS = { en: ['08031234571', '08031234572'], ar: ['08031234573', '08031234574'] } as const;

/** A text of the payment step and the profile in the page's language, with its `{{…}}` left as a pattern to match. */
function label(texts: typeof en, pick: (texts: typeof en) => string): RegExp {
  const escaped = pick(texts).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\\{\\\{\w+\\\}\\\}/g, '.*')}$`);
}

/** The review of a Nigerian number's first amount, as 'Top up again' opens it (the operator detected, the amount chosen). */
async function openReview(page: Page, phone: string) {
  const target = await page.evaluate(async (phone) => {
    const { data: operator } = await (await fetch(`/api/reloadly/operator-detect/${phone}/NG`)).json();
    const amount = (operator.fixedAmounts[0] ?? operator.suggestedAmounts[0]).toFixed(2);
    const query = new URLSearchParams({ restore: 'summary', country: 'NG', phone, amount, operatorInfo: JSON.stringify(operator) });
    return `/?${query.toString()}`;
  }, phone);
  await page.goto(`${app.server.url}${target}`);
  await page.getByTestId('review-you-pay').waitFor();
}

/** 'Top up again' in Arabic (src/client/i18n/locales/pages/ar.json history.topUpAgain). */
const TOP_UP_AGAIN_AR = 'اشحن مرة أخرى';

const resultMethod = (page: Page) => page.getByTestId('result-payment-method').textContent();

describe('saved cards', () => {
  let storageState: BrowserContextOptions['storageState'];
  let firstOrderId = '';

  beforeAll(async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'nadia@example.com');
    firstOrderId = (await placeOrder(page, '08031234570')).intent.orderId;
    storageState = await page.context().storageState();
    await page.context().close();
  });

  const VARIANTS = [
    { name: 'on a desktop in English', language: 'en', texts: en, options: {} },
    { name: 'on a phone in Arabic', language: 'ar', texts: ar as typeof en, options: { viewport: { width: 390, height: 844 } } },
  ] as const;

  it.each(VARIANTS)(
    '$name, a card saved when paying pays the next order with its security code, and is removed in the profile',
    async ({ language, texts, options }) => {
      const [first, second] = NUMBERS[language];
      const page = await openPage(app.browser, app.server.url, { storageState, bypassCSP: true, ...options });
      await page.evaluate(
        (language) =>
          fetch('/api/user/settings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ language }) }),
        language,
      );
      const pay = () => page.getByRole('button', { name: label(texts, (t) => t.payment.pay) });
      await openReview(page, first);
      await page.getByRole('button', { name: texts.topup.review.confirm, exact: true }).click();
      await page.getByLabel(texts.payment.card.number, { exact: true }).fill('4242424242424242');
      await page.getByLabel(texts.payment.card.expiry, { exact: true }).fill('1234');
      await page.getByLabel(texts.payment.card.cvc, { exact: true }).fill('123');
      await page.getByLabel(texts.payment.savedCards.save).check();
      await pay().click();
      await page.getByTestId('result-payment-method').waitFor();

      await openReview(page, second);
      await page.getByRole('button', { name: texts.topup.review.confirm, exact: true }).click();
      const saved = page.getByRole('radio', { name: /4242/ });
      await saved.waitFor();
      expect(await saved.isChecked()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByLabel(label(texts, (t) => t.payment.savedCards.cvcFor)).fill('123');
      await pay().click();
      await page.getByTestId('result-payment-method').waitFor();
      expect(await resultMethod(page)).toMatch(/4242/);

      await page.goto(`${app.server.url}/profile`);
      const section = page.getByTestId('saved-cards-section');
      await section.getByTestId('saved-card').waitFor();
      expect(await section.getByTestId('saved-card').textContent()).toMatch(/4242.*12\/34/);
      expect(await axeViolations(page)).toEqual([]);
      await section.getByRole('button', { name: label(texts, (t) => t.profile.savedCards.removeLabel) }).click();
      const dialog = page.getByRole('alertdialog');
      expect(await dialog.getByText(texts.profile.savedCards.confirmTitle).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: texts.profile.savedCards.confirm, exact: true }).click();
      await section.getByTestId('saved-cards-empty').waitFor();
      await page.context().close();
    },
  );

  it("on a phone in Arabic, 'Top up again' lands on the review of the same number and amount in one click", async () => {
    const page = await openPage(app.browser, `${app.server.url}/profile`, { storageState, viewport: { width: 390, height: 844 }, bypassCSP: true });
    await page.evaluate(() =>
      fetch('/api/user/settings', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"language":"ar"}' }),
    );
    await page.reload();
    const again = page.locator(`[data-order-id="${firstOrderId}"]:visible`).getByRole('button', { name: TOP_UP_AGAIN_AR });
    await again.waitFor();
    await again.click();
    await page.getByTestId('review-you-pay').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
