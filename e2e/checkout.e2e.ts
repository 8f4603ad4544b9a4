import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreatePaymentIntentResponse } from '../src/shared/api/orders';
import { createAccount, register } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser } from './fixtures';
import {
  countryBox,
  currentStep,
  enterRecipient,
  nextButton,
  phoneInput,
  pickCountry,
  plain,
  recordTexts,
  sendNowOnCard,
  text,
} from './top-up-helpers';

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
const pendingData = (page: Page) => page.evaluate(() => [localStorage.getItem('pendingTransactionData'), localStorage.getItem('pendingAuthAction')]);
const ordersOf = (page: Page) =>
  page.evaluate(
    async () =>
      (await (await fetch('/api/orders')).json()).orders as Array<{ id: string; status: string; displayStatus: string; paymentIntentId: string }>,
  );

/** A signed-in visitor on the home page; the account is made through the API, as a returning customer would have it. */
/** `bypassCSP` for a test that runs axe, which is injected as an inline script the app's Content-Security-Policy forbids. */
async function signedInHome(email: string, { bypassCSP = false } = {}): Promise<Page> {
  const page = await openPage(app.browser, app.server.url, { bypassCSP });
  await createAccount(page, email);
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

    const accepted = await recordTexts(page, '[data-testid="payment-accepted"]');
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    // 'Payment Successful' was said beside the Pay button, then the result took its place (ADR 065).
    expect(accepted.some((said) => said.startsWith('Payment Successful'))).toBe(true);
    expect(await currentStep(page)).toBe('5Done');
    expect(await text(page, 'result-recipient')).toBe('+234 803 123 4567');
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
    await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe(`Payment Failed${declined}`);
    // Told once, beside the card: no toast says it again (ADR 065).
    expect(await page.getByTestId('toast').count()).toBe(0);

    // Another card is a new attempt: the message about the last one goes as soon as it is typed.
    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    expect(await page.getByTestId('payment-error').count()).toBe(0);
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    await page.context().close();
  });

  it('a refusal for too many attempts counts down to when Confirm works again', async () => {
    const page = await signedInHome('hurried@example.com');
    // As the server answers a spent checkout limit (its own count is tested in src/server/security/abuse-limits.test.ts).
    await page.route('**/api/create-payment-intent', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '3', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          success: false,
          code: 'RATE_LIMITED',
          message: 'Too many payment attempts. Please wait a moment before trying again.',
          messageKey: 'payment.messages.rate_limit',
        }),
      }),
    );
    await pickCountry(page, 'Nigeria');
    await phoneInput(page).fill('08031245611');
    await nextButton(page).click();
    await page.getByTestId('amount-card').first().waitFor();
    await sendNowOnCard(page, '$10.00');
    const confirm = page.getByTestId('review-confirm');
    await confirm.click();
    await expect.poll(() => text(page, 'review-error')).toContain('Too many payment attempts.');
    expect(await text(page, 'retry-countdown')).toMatch(/^You can try again in 0:0[23]$/);
    expect(await confirm.isDisabled()).toBe(true);
    const seen = await recordTexts(page, '[data-testid="retry-countdown"]');
    await expect.poll(() => text(page, 'retry-countdown')).toBe('You can try again now.');
    expect(await confirm.isEnabled()).toBe(true);
    expect(seen).toContain('You can try again in 0:01');
    await page.unroute('**/api/create-payment-intent');
    await confirm.click();
    await page.getByLabel('Card number').waitFor();
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
    ];
    for (const [card, message] of expected) {
      await payByCard(page, card);
      await expect.poll(() => page.getByTestId('payment-error').textContent()).toBe(`Payment Failed${message}`);
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
    await expect
      .poll(() => page.getByRole('tabpanel').getByRole('alert').allTextContents())
      .toEqual([
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
    // The hold was released: the view says nothing was charged, and the 'Payment Successful' toast does not linger.
    await expect.poll(() => page.getByTestId('toast').count(), { timeout: 1500 }).toBe(0);
    expect(await page.getByTestId('result-money').textContent()).toBe(
      "We couldn't deliver your top-up, so nothing was charged: the hold on your card has been released. Your bank may take a few days to show the amount as available again.",
    );
    const screen = page.getByTestId('topup-result');
    expect(await screen.textContent()).not.toContain('Your payment was successful');
    expect(await screen.textContent()).not.toContain('Your payment has not been processed');
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

  it('a top-up whose answer is lost is followed by its order, through a reload, to Transaction Summary — never Top-up Failed', async () => {
    const page = await signedInHome('lost-answer@example.com');
    const titles = await recordTexts(page, '[data-testid="topup-result-title"]');
    await checkout(page, numberFor(9));
    // The connection drops: the top-up call and every look at the order are lost on the way.
    let lostReads = 0;
    await page.route('**/api/reloadly/topup', (route) => route.abort('connectionreset'));
    await page.route('**/api/orders/*', (route) => {
      lostReads += 1;
      return route.abort('connectionreset');
    });
    await payByCard(page, SUCCESS_CARD);
    await expect.poll(() => resultTitle(page)).toBe('Processing Top-up');
    await expect.poll(() => lostReads, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await resultView(page)).toBe('processing');

    await page.unrouteAll();
    await page.reload();
    await expect.poll(() => resultTitle(page), { timeout: 20_000, interval: 250 }).toBe('Transaction Summary');
    expect(titles).toContain('Processing Top-up');
    expect(titles).not.toContain('Top-up Failed');
    await expect.poll(() => text(page, 'result-amount-paid')).toBe('$10.63');
    expect((await ordersOf(page)).map((order) => order.status)).toEqual(['completed']);
    expect(await pendingData(page)).toEqual([null, null]);
    await page.context().close();
  });

  it('a bundle says which plan each amount buys; a PIN product shows its PIN behind Show PIN, after paying and in the history', async () => {
    const page = await signedInHome('pin-and-plan@example.com', { bypassCSP: true });
    await pickCountry(page, 'Haiti');
    await phoneInput(page).fill('37999123');
    await nextButton(page).click();
    await page.getByTestId('amount-card').first().waitFor();
    expect(await page.getByTestId('they-get').allTextContents()).toEqual([
      'Small Plan - 2GB, 7 Days',
      'Medium Plan - 6GB, 15 Days',
      'Large Plan - 15GB, 30 Days',
    ]);

    await page.goto(`${app.server.url}/?reset=true`);
    await pickCountry(page, 'United Kingdom');
    await phoneInput(page).fill('07304991234');
    await nextButton(page).click();
    await page.getByTestId('amount-card').first().waitFor();
    await sendNowOnCard(page, '$5.00');
    const total = (await text(page, 'review-total'))!;
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByLabel('Card number').fill(SUCCESS_CARD);
    await page.getByLabel('Expiration date').fill('1234');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    expect(await page.getByTestId('order-pin-code').count()).toBe(0);
    await page.getByRole('button', { name: 'Show PIN' }).click();
    await expect.poll(() => text(page, 'order-pin-code')).toMatch(/^\d{12}$/);
    // The PIN's details are a valid definition list under a heading one level below the result's.
    expect(await axeViolations(page)).toEqual([]);
    const pin = await text(page, 'order-pin-code');
    await page.getByRole('button', { name: 'Hide PIN' }).click();
    expect(await page.getByTestId('order-pin-code').count()).toBe(0);

    await page.goto(`${app.server.url}/profile`);
    await page.getByTestId('order-details').first().click();
    await page.getByTestId('order-details-dialog').getByRole('button', { name: 'Show PIN' }).click();
    await expect.poll(() => text(page, 'order-pin-code')).toBe(pin);
    // In the dialog too, whose title is an h2.
    expect(await axeViolations(page)).toEqual([]);
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

  it('a declined Cash App payment comes back as Payment Failed, and Try again pays the same top-up once', async () => {
    const page = await signedInHome('cashapp-declined@example.com');
    await checkout(page, numberFor(5));
    await page.getByRole('tab', { name: 'Cash App Pay' }).click();
    await page.getByLabel('Decline').check();
    await page.getByRole('button', { name: 'Pay $10.63' }).click();
    await page.waitForURL(/redirect_status=failed$/);
    const declinedIntent = new URL(page.url()).searchParams.get('payment_intent');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
    await page.getByText('Something went wrong with your payment. Please try again or contact support if the issue persists.').waitFor();
    // Never paid: history does not list it as pending.
    expect((await ordersOf(page)).map((order) => order.displayStatus)).toEqual(['not_paid']);

    await page.getByRole('link', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    expect(await text(page, 'payment-total')).toBe('$10.63');
    await page.getByRole('tab', { name: 'Cash App Pay' }).click();
    await page.getByLabel('Approve').check();
    await page.getByRole('button', { name: 'Pay $10.63' }).click();
    await page.waitForURL(/redirect_status=succeeded$/);
    expect(new URL(page.url()).searchParams.get('payment_intent')).toBe(declinedIntent);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    // One order, paid with the same intent, captured once.
    const orders = await ordersOf(page);
    expect(orders.map(({ status, paymentIntentId }) => ({ status, paymentIntentId }))).toEqual([
      { status: 'completed', paymentIntentId: declinedIntent },
    ]);
    await page.context().close();
  });
});

describe("3-D Secure: the sandbox's challenge page (Stripe's 3-D Secure test cards)", () => {
  const challengeTitle = (page: Page) => page.getByRole('heading', { name: '3D Secure 2 Test Page' });

  /** Pays with a card that asks for 3-D Secure and waits on the challenge page. */
  async function payIntoChallenge(page: Page, number: string) {
    await payByCard(page, number);
    await page.waitForURL(/\/api\/sandbox-payments\/pi_sandbox_\w+\/authenticate\?client_secret=\w+&lang=en$/);
    await challengeTitle(page).waitFor();
  }

  it('4000 0027 6000 3184 always asks: the challenge page is accessible in English and Arabic, and Complete sends the top-up', async () => {
    const page = await signedInHome('three-d-secure@example.com', { bypassCSP: true });
    await checkout(page, '08031245710');
    await payIntoChallenge(page, '4000002760003184');
    expect(await page.getByText('Payment of $10.63').count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    const english = page.url();
    await page.goto(english.replace('lang=en', 'lang=ar'));
    await page.getByRole('button', { name: 'إتمام المصادقة' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'إتمام المصادقة' }).click();
    await page.waitForURL(/\/payment-complete\?payment_intent=pi_\w+&payment_intent_client_secret=\w+&redirect_status=succeeded$/);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    await page.context().close();
  });

  it('a failed challenge, then 4000 0084 0000 1629 declined after authenticating, then 4000 0025 0000 3155 completed: one order, paid once', async () => {
    const page = await signedInHome('three-d-secure-retry@example.com');
    await checkout(page, '08031245711');
    await payIntoChallenge(page, '4000000000003220');
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL(/redirect_status=failed$/);
    const intentId = new URL(page.url()).searchParams.get('payment_intent');
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();

    await page.getByRole('link', { name: 'Try Again' }).click();
    await payIntoChallenge(page, '4000008400001629');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/redirect_status=failed$/);
    await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();

    await page.getByRole('link', { name: 'Try Again' }).click();
    await payIntoChallenge(page, '4000002500003155');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await page.waitForURL(/redirect_status=succeeded$/);
    await expect.poll(() => resultTitle(page)).toBe('Transaction Summary');
    expect((await ordersOf(page)).map(({ status, paymentIntentId }) => ({ status, paymentIntentId }))).toEqual([
      { status: 'completed', paymentIntentId: intentId },
    ]);
    await page.context().close();
  });
});

describe('returning from sign-in (docs/product.md §4 post-auth)', () => {
  /** The NG operator as detection answers it, for a URL that carries the top-up. */
  const detectedOperator = (page: Page, phone: string) =>
    page.evaluate(async (phone) => (await (await fetch(`/api/reloadly/operator-detect/${phone}/NG`)).json()).data as unknown, phone);

  it('step=steps.payment restores the top-up and opens the payment form by itself', async () => {
    const page = await signedInHome('resume-payment@example.com');
    const phone = numberFor(6);
    const query = new URLSearchParams({
      'post-auth': 'true',
      step: 'steps.payment',
      country: 'NG',
      phone,
      amount: '10',
      operatorInfo: JSON.stringify(await detectedOperator(page, phone)),
    });
    await page.goto(`${app.server.url}/?${query.toString()}`);
    await page.getByLabel('Card number').waitFor();
    expect(await text(page, 'payment-total')).toBe('$10.63');
    expect(page.url()).toBe(`${app.server.url}/`);
    await page.context().close();
  });

  it('an incomplete top-up fills the form after sign-in; complete saved data opens the summary, with no empty form first', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth?returnTo=topup`);
    const phone = numberFor(6);
    const nigeria = { code: 'NG', name: 'Nigeria', flag: '/flags/ng.svg', phoneCode: '+234' };
    await page.evaluate(
      ({ data }) => {
        localStorage.setItem('pendingTransactionData', JSON.stringify(data));
        localStorage.setItem('pendingAuthAction', JSON.stringify({ type: 'topup', data, timestamp: data.timestamp }));
      },
      { data: { selectedCountry: nigeria, phoneNumber: phone, timestamp: Date.now() } },
    );
    await register(page, 'restore-incomplete@example.com');
    await page.waitForURL(`${app.server.url}/`);
    await expect.poll(() => page.getByTestId('flow-notice').textContent()).toBe('You can continue your transaction where you left off.');
    await expect.poll(() => countryBox(page).inputValue()).toBe('Nigeria');
    expect(await phoneInput(page).inputValue()).toBe(phone);

    const operator = await detectedOperator(page, phone);
    await page.evaluate(({ data }) => localStorage.setItem('pendingTransactionData', JSON.stringify({ ...data, timestamp: Date.now() })), {
      data: {
        selectedCountry: nigeria,
        phoneNumber: phone,
        operatorInfo: operator,
        selectedAmount: 10,
        localAmount: 14600,
        fee: 0.3,
        standardFee: 0.33,
        totalChargeAmount: 10.63,
        senderCurrencyCode: 'USD',
        destinationCurrencyCode: 'NGN',
      },
    });
    await page.goto('about:blank');
    const loaders = await recordTexts(page, '#send-top-up [role="status"]');
    const countryPickers = await recordTexts(page, '#send-top-up [role="combobox"]');
    await page.goto(app.server.url);
    await expect.poll(() => text(page, 'review-total')).toBe('$10.63');
    expect(await currentStep(page)).toBe('3Review');
    expect(loaders).toContain('Restoring your payment');
    expect(countryPickers).toEqual([]);
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
        const intent = (await post('/api/create-payment-intent', {
          amount: '10.00',
          orderKey: `resume-${Date.now()}`,
          operatorId,
          countryCode: 'NG',
          phone,
        })) as CreatePaymentIntentResponse;
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
    expect(await text(page, 'result-recipient')).toBe(`+234 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
    await expect.poll(() => text(page, 'result-amount-paid')).toBe('$10.63');
    await page.context().close();
  });
});
