import type { Page } from 'playwright-core';
import type { CreatePaymentIntentResponse, TopupResponse } from '../src/shared/api/orders';

/** Steps and selectors of the home page's top-up flow, shared by the end-to-end tests. */

/** Sandbox numbers (docs/sandbox-topups.md). */
export const NUMBERS = {
  IN: { country: 'India', phone: '9812345678', code: '+91', operator: 'Idea', international: '+91 98123 45678' },
  NG: { country: 'Nigeria', phone: '08031234567', code: '+234', operator: 'MTN', international: '+234 803 123 4567' },
  CU: { country: 'Cuba', phone: '52123456', code: '+53', operator: 'etecsa', international: '+53 5 2123456' },
  ET: { country: 'Ethiopia', phone: '912345678', code: '+251', operator: 'Ethio Telecom', international: '+251 91 234 5678' },
} as const;

/** Valid Nigerian shape, but no operator owns the prefix. */
export const UNDETECTABLE_NG = '07001234567';

export const countryBox = (page: Page) => page.getByRole('combobox', { name: 'Country' });
export const countryOptions = (page: Page) => page.getByRole('listbox', { name: 'Countries' }).getByRole('option');
export const phoneInput = (page: Page) => page.getByLabel('Phone number', { exact: true });
export const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' });
export const toastText = (page: Page) => page.getByTestId('toast').textContent();
export const currentStep = (page: Page) => page.getByRole('list', { name: 'Top-up progress' }).locator('[aria-current="step"]').textContent();
export const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
export const plain = (value: string | null) => value?.replace(/\s/g, ' ');

export async function pickCountry(page: Page, name: string) {
  await countryBox(page).fill(name);
  await countryOptions(page)
    .filter({ hasText: new RegExp(`^${name}\\+`) })
    .click();
}

export async function enterRecipient(page: Page, key: keyof typeof NUMBERS) {
  const { country, phone } = NUMBERS[key];
  await pickCountry(page, country);
  await phoneInput(page).fill(phone);
  await nextButton(page).click();
  await page.getByTestId('amount-card').first().waitFor();
}

export async function sendNowOnCard(page: Page, youPay: string) {
  const card = page.getByTestId('amount-card').filter({ has: page.getByTestId('you-pay').getByText(youPay, { exact: true }) });
  await card.locator('button[aria-pressed]').click();
  await card.getByRole('button', { name: 'Send Now' }).click();
  await reviewPriced(page);
}

/** Waits until the review shows a price (the fee configuration loads with the review). */
export async function reviewPriced(page: Page) {
  await page.getByTestId('review-total').waitFor();
  await page.waitForFunction(() => /\$\d/.test(document.querySelector('[data-testid="review-total"]')?.textContent ?? ''));
}

/** A visitor takes a Nigerian top-up to the review and presses Confirm; answers the total shown before signing in. */
export async function confirmAsVisitor(page: Page) {
  await countryBox(page).waitFor();
  await enterRecipient(page, 'NG');
  await sendNowOnCard(page, (await text(page, 'you-pay'))!);
  const total = await text(page, 'review-total');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(/\/auth\?returnTo=topup$/);
  return total;
}

let recorders = 0;

/**
 * Every text the page shows in elements matching `selector`, from now on and across reloads: a view that flashes
 * between two polls is caught too. Elements without text are recorded as ''.
 */
export async function recordTexts(page: Page, selector: string): Promise<string[]> {
  const seen: string[] = [];
  const binding = `recordText${++recorders}`;
  await page.exposeBinding(binding, (_source, text: string) => void seen.push(text));
  const observe = ({ selector, binding }: { selector: string; binding: string }) => {
    const report = () =>
      document
        .querySelectorAll(selector)
        .forEach((element) => void (window as unknown as Record<string, (text: string) => void>)[binding]!(element.textContent ?? ''));
    new MutationObserver(report).observe(document, { subtree: true, childList: true, characterData: true });
    report();
  };
  await page.context().addInitScript(observe, { selector, binding });
  await page.evaluate(observe, { selector, binding });
  return seen;
}

export interface PlacedOrder {
  amount: string;
  intent: CreatePaymentIntentResponse;
  result: TopupResponse;
}

/**
 * Pays for a Nigerian top-up through the API from the signed-in page, as the checkout does: payment intent, sandbox
 * card confirmation (4242…, or `card`), then the top-up call. Answers what each step returned.
 */
export function placeOrder(page: Page, phone: string, card = '4242424242424242', { saveCard = false } = {}): Promise<PlacedOrder> {
  const order = { phone, card, saveCard };
  return page.evaluate(async ({ phone, card, saveCard }) => {
    const call = async <T>(path: string, body?: unknown): Promise<T> => {
      const response = await fetch(
        path,
        body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (!response.ok && response.status !== 402) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const { data: operator } = await call<{ data: { operatorId: number; name: string; fixedAmounts: number[]; suggestedAmounts: number[] } }>(
      `/api/reloadly/operator-detect/${phone}/NG`,
    );
    const amount = (operator.fixedAmounts[0] ?? operator.suggestedAmounts[0]!).toFixed(2);
    const intent = await call<CreatePaymentIntentResponse>('/api/create-payment-intent', {
      amount,
      orderKey: `history-${phone}-${Date.now()}`,
      operatorId: operator.operatorId,
      countryCode: 'NG',
      phone,
      ...(saveCard ? { saveCard } : {}),
    });
    await call(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      paymentMethod: { type: 'card', number: card, expMonth: 12, expYear: 34, cvc: '123' },
    });
    const result = await call<TopupResponse>('/api/reloadly/topup', {
      paymentIntentId: intent.paymentIntentId,
      operatorId: String(operator.operatorId),
      amount,
      useLocalAmount: false,
      customIdentifier: `topup-${Date.now()}`,
      recipientPhone: { countryCode: 'NG', number: phone },
      operatorName: operator.name,
    });
    return { amount, intent, result };
  }, order);
}
