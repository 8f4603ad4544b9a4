import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import fr from '../src/client/i18n/locales/pages/fr.json';
import { createAccount, openTab, register, signIn } from './account-helpers';
import { openPage, useServerAndBrowser } from './fixtures';
import { countryBox, nextButton, phoneInput, pickCountry, sendNowOnCard, UNDETECTABLE_NG } from './top-up-helpers';

const app = useServerAndBrowser();

const alertIn = (page: Page) => openTab(page).getByRole('alert');

describe('errors stay beside the action until the customer changes something', () => {
  it('a wrong password on /auth', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await signIn(page, 'nobody-here@example.com', 'not-the-password-1');
    await expect
      .poll(() => alertIn(page).locator('p').allTextContents())
      .toEqual(['Could not sign you in', 'The e-mail or password is not correct.']);
    // Told once, there: no toast says it again over the page.
    expect(await page.getByTestId('toast').count()).toBe(0);

    await openTab(page).getByLabel('Password', { exact: true }).fill('another-try-1');
    expect(await alertIn(page).count()).toBe(0);
    await page.context().close();
  });

  it('registering an e-mail that already has an account, titled as a registration error', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await createAccount(page, 'taken@example.com');
    await page.context().clearCookies();
    await register(page, 'taken@example.com');
    await expect
      .poll(() => alertIn(page).locator('p').allTextContents())
      .toEqual(['Could not create your account', 'An account with this e-mail already exists. Log in, or register with another e-mail.']);
    expect(await page.getByTestId('toast').count()).toBe(0);

    await openTab(page).getByLabel('Email', { exact: true }).fill('free@example.com');
    expect(await alertIn(page).count()).toBe(0);
    await page.context().close();
  });

  it('a refusal on the review: the same number within 2 minutes', async () => {
    const phone = '08031239876';
    const page = await openPage(app.browser, app.server.url);
    await createAccount(page, 'twice@example.com');
    // The first top-up to the number, paid and sent through the API as an earlier visit would have done.
    await page.evaluate(async (phone) => {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      const { data: operator } = await (await fetch(`/api/reloadly/operator-detect/${phone}/NG`)).json();
      const intent = await post('/api/create-payment-intent', {
        amount: '10.00',
        orderKey: crypto.randomUUID(),
        operatorId: operator.operatorId,
        countryCode: 'NG',
        phone,
      });
      await post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
        clientSecret: intent.clientSecret,
        paymentMethod: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
      });
      await post('/api/reloadly/topup', { paymentIntentId: intent.paymentIntentId });
    }, phone);
    await page.reload();
    await countryBox(page).waitFor();
    await pickCountry(page, 'Nigeria');
    await phoneInput(page).fill(phone);
    await nextButton(page).click();
    await page.getByTestId('amount-card').first().waitFor();
    await sendNowOnCard(page, '$10.00');
    await page.getByRole('button', { name: 'Confirm' }).click();

    const refusal = 'This number was topped up less than 2 minutes ago. Please wait a few minutes before sending it another top-up.';
    const alert = page.getByTestId('review-error');
    await alert.waitFor();
    // Told once, beside Confirm (ADR 065): no toast over the review.
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.innerText()).toBe(refusal);

    await page.getByRole('button', { name: 'Cancel' }).click();
    const otherAmount = (await page.getByTestId('you-pay').allTextContents()).find((amount) => amount !== '$10.00')!;
    await sendNowOnCard(page, otherAmount);
    expect(await page.getByTestId('review-error').count()).toBe(0);
    await page.context().close();
  });
});

describe("server refusals in the customer's language", () => {
  it('a number whose operator cannot be detected, in French', async () => {
    const page = await openPage(app.browser, app.server.url, { storage: { language: 'fr' } });
    await page.getByRole('group', { name: fr.topup.country.quick }).getByRole('button', { name: /^Nig/ }).click();
    await page.locator('#recipient-phone').fill(UNDETECTABLE_NG);
    await page.getByRole('button', { name: fr.topup.recipient.next }).click();
    await expect.poll(() => page.locator('#recipient-phone-error').textContent()).toBe(fr.apiErrors.operatorNotDetected);
    await page.context().close();
  });
});
