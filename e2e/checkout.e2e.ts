import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../src/shared/api/orders';
import { register, PASSWORD } from './account-helpers';
import { openPage, useServerAndBrowser } from './fixtures';
import { countryBox, currentStep, enterRecipient, nextButton, phoneInput, pickCountry, plain, sendNowOnCard, text, toastText } from './top-up-helpers';

const app = useServerAndBrowser();

/** Sandbox numbers (docs/sandbox-topups.md): delivery fails for 0000 and stays PROCESSING for a while for 0001. */
const FAILING_NG = '08031230000';
const PROCESSING_NG = '08031230001';
/** A number may be topped up once every 2 minutes, so each test sends to its own. */
const numberFor = (test: number) => `0803124560${test}`;

const SUCCESS_CARD = '4242424242424242';
const DECLINED_CARD = '4000000000000002';

const resultTitle = (page: Page) => page.getByTestId('topup-result-title').textContent();
const resultView = (page: Page) => page.getByTestId('topup-result').getAttribute('data-view');
const pendingData = (page: Page) =>
  page.evaluate(() => [localStorage.getItem('pendingTransactionData'), localStorage.getItem('pendingAuthAction')]);

/** A signed-in visitor on the home page; the account is made through the API, as a returning customer would have it. */
async function signedInHome(email: string): Promise<Page> {
  const page = await openPage(app.browser, app.server.url);
  await page.evaluate(
    async ({ email, password }) => {
      const response = await fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, name: email.split('@')[0] }),
      });
      if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
    },
    { email, password: PASSWORD },
  );
  await page.reload();
  await page.getByTestId('user-menu').waitFor();
  await countryBox(page).waitFor();
  return page;
}

/** From the recipient step to the payment form for a $10.00 Nigerian top-up. */
async function checkout(page: Page, phone: string) {
  await pickCountry(page, 'Nigeria');
  await phoneInput(page).fill(phone);
  await nextButton(page).click();
  await page.getByTestId('amount-card').first().waitFor();
  await sendNowOnCard(page, '$10.00');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByLabel('Card number').waitFor();
}

async function payByCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration date').fill('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay $10.63' }).click();
}

describe('checkout', () => {
  it('takes a visitor from home to the Transaction Summary, registering on the way', async () => {
    const page = await openPage(app.browser, app.server.url);
    await countryBox(page).waitFor();
    await enterRecipient(page, 'NG');
    await sendNowOnCard(page, '$10.00');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/auth\?returnTo=topup$/);
    await register(page, 'journey@example.com', 'journey');

    await expect.poll(() => text(page, 'review-total')).toBe('$10.63');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await currentStep(page)).toBe('4Payment');
    expect(await text(page, 'payment-total')).toBe('$10.63');
    expect(await page.getByTestId('test-mode-notice').textContent()).toContain('Test mode.');
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Card', 'Cash App Pay']);

    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => toastText(page)).toContain('Payment Successful');
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    expect(await currentStep(page)).toBe('5Done');
    expect(await text(page, 'result-recipient')).toBe('+234 8031234567');
    expect(await text(page, 'result-operator')).toBe('MTN');
    expect(await text(page, 'result-amount-paid')).toBe('$10.63');
    expect(plain(await text(page, 'result-delivered'))).toBe('NGN 14,600');
    expect(await text(page, 'result-transaction-id')).toMatch(/^\d+$/);
    expect(await pendingData(page)).toEqual([null, null]);

    await page.getByRole('button', { name: 'Make Another Top-up' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await expect.poll(() => currentStep(page)).toBe('1Recipient');
    await page.context().close();
  });

  it('shows why a card was declined, and takes another card for the same payment', async () => {
    const page = await signedInHome('declined@example.com');
    await checkout(page, numberFor(1));
    await payByCard(page, DECLINED_CARD);
    const declined = 'Your card was declined. Please check your card details or try another card.';
    await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe(declined);
    expect(await toastText(page)).toContain('Payment Failed');
    expect(await toastText(page)).toContain(declined);

    // Another card is a new attempt: the message about the last one goes as soon as it is typed.
    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    expect(await page.getByTestId('payment-error').count()).toBe(0);
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    await page.context().close();
  });

  it('every declining sandbox test card shows its own message, and the payment can still be made', async () => {
    const page = await signedInHome('test-cards@example.com');
    await checkout(page, numberFor(8));
    const expected: Array<[string, string]> = [
      ['4000000000000002', 'Your card was declined. Please check your card details or try another card.'],
      ['4000000000009995', 'Your card has insufficient funds. Please use a different card or add funds.'],
      ['4000000000000069', 'Your card has expired. Please use a different card.'],
      ['4000000000000127', 'The security code (CVC) is incorrect. Please check and try again.'],
      ['4000000000000119', 'An error occurred while processing your payment. Please try again in a few moments.'],
      ['4000002500003155', 'This payment requires authentication. Please complete the verification process.'],
    ];
    for (const [card, message] of expected) {
      await payByCard(page, card);
      await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe(message);
    }
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    await page.context().close();
  });

  it('checks the card in the browser before sending it', async () => {
    const page = await signedInHome('typo@example.com');
    await checkout(page, numberFor(2));
    await page.getByLabel('Card number').fill('4242424242424241');
    await page.getByRole('button', { name: 'Pay $10.63' }).click();
    await expect.poll(() => page.getByRole('tabpanel').getByRole('alert').allTextContents()).toEqual([
      'The card number is invalid. Please check and try again.',
      "Your card's expiration date is incomplete.",
      "Your card's security code is incomplete.",
    ]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('card-number');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4241');
    await page.context().close();
  });

  it('Cancel in the payment form goes back to the amounts', async () => {
    const page = await signedInHome('cancel@example.com');
    await checkout(page, numberFor(3));
    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByTestId('amount-card').first().waitFor();
    expect(await currentStep(page)).toBe('2Amount');
    await page.context().close();
  });

  it('a number the operator cannot top up ends in Top-up Failed, with the reason and its code', async () => {
    const page = await signedInHome('failing@example.com');
    await checkout(page, FAILING_NG);
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Top-up Failed');
    const screen = page.getByTestId('topup-result');
    expect(await screen.textContent()).toContain("We couldn't process your top-up. Your payment was successful, but we couldn't deliver the airtime.");
    expect(await screen.textContent()).toContain('Your payment has not been processed. Our team will review this transaction and contact you if needed.');
    expect(await page.getByTestId('result-error-code').textContent()).toMatch(/^Error code: \S+/);
    expect(await pendingData(page)).toEqual([null, null]);
    // The authorisation was released: the order is cancelled, not charged.
    const orders = await page.evaluate(async () => (await (await fetch('/api/orders')).json()).orders as Array<{ status: string }>);
    expect(orders.map((order) => order.status)).toEqual(['canceled']);

    await page.getByRole('button', { name: 'Back To Home' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await expect.poll(() => currentStep(page)).toBe('1Recipient');
    await page.context().close();
  });

  it('follows a top-up that is still processing until it is delivered', async () => {
    const page = await signedInHome('processing@example.com');
    await checkout(page, PROCESSING_NG);
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Processing Top-up');
    await expect.poll(() => resultTitle(page), { timeout: 30_000, interval: 500 }).toBe('Transaction Summary');
    await page.context().close();
  });

  it('Cash App leaves for /payment-complete like a redirect, which sends the top-up', async () => {
    const page = await signedInHome('cashapp@example.com');
    await checkout(page, numberFor(4));
    await page.getByRole('tab', { name: 'Cash App Pay' }).click();
    await page.getByLabel('Approve').check();
    await page.getByRole('button', { name: 'Pay $10.63' }).click();
    await page.waitForURL(/\/payment-complete\?payment_intent=pi_\w+&payment_intent_client_secret=\w+&redirect_status=succeeded$/);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Transaction Summary');
    await expect.poll(() => text(page, 'result-amount-paid')).toBe('$10.63');
    await page.context().close();
  });

  it('a declined Cash App payment comes back as Payment Failed', async () => {
    const page = await signedInHome('cashapp-declined@example.com');
    await checkout(page, numberFor(5));
    await page.getByRole('tab', { name: 'Cash App Pay' }).click();
    await page.getByLabel('Decline').check();
    await page.getByRole('button', { name: 'Pay $10.63' }).click();
    await page.waitForURL(/redirect_status=failed$/);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Something went wrong with your payment. Please try again or contact support if the issue persists.').waitFor();
    await page.context().close();
  });
});

describe('returning from sign-in (SPEC §4 post-auth)', () => {
  /** The NG operator as detection answers it, for a URL that carries the top-up. */
  const detectedOperator = (page: Page, phone: string) =>
    page.evaluate(async (phone) => (await (await fetch(`/api/reloadly/operator-detect/${phone}/NG`)).json()).data as unknown, phone);

  it('step=steps.payment restores the top-up and opens the payment form by itself', async () => {
    const page = await signedInHome('resume-payment@example.com');
    const phone = numberFor(6);
    const query = new URLSearchParams({ 'post-auth': 'true', step: 'steps.payment', country: 'NG', phone, amount: '10', operatorInfo: JSON.stringify(await detectedOperator(page, phone)) });
    await page.goto(`${app.server.url}/?${query.toString()}`);
    await page.getByLabel('Card number').waitFor();
    expect(await text(page, 'payment-total')).toBe('$10.63');
    expect(page.url()).toBe(`${app.server.url}/`);
    await page.context().close();
  });

  it('payment_intent_id sends the top-up of an authorised payment by itself', async () => {
    const page = await signedInHome('resume-topup@example.com');
    const phone = numberFor(7);
    const operator = (await detectedOperator(page, phone)) as { operatorId: number };
    const paymentIntentId = await page.evaluate(
      async ({ phone, operatorId, card }) => {
        const post = async (path: string, body: unknown) =>
          (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })).json();
        const intent = (await post('/api/create-payment-intent', { amount: '10.00', orderKey: `resume-${Date.now()}`, operatorId, countryCode: 'NG', phone })) as CreatePaymentIntentResponse;
        await post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
          clientSecret: intent.clientSecret,
          paymentMethod: { type: 'card', number: card, expMonth: 12, expYear: 2034, cvc: '123' },
        });
        return intent.paymentIntentId;
      },
      { phone, operatorId: operator.operatorId, card: SUCCESS_CARD },
    );
    await page.goto(`${app.server.url}/?post-auth=true&payment_intent_id=${paymentIntentId}`);
    await expect.poll(() => resultView(page)).toBe('successful');
    expect(await text(page, 'result-recipient')).toBe(`+234 ${phone.slice(1)}`);
    await expect.poll(() => text(page, 'result-amount-paid')).toBe('$10.63');
    await page.context().close();
  });
});
