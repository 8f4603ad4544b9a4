import { request, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecipientListResponse, RecipientResponse } from '../src/shared/api/recipients';
import { signedInPage } from './account-helpers';
import { axeViolations } from './axe';
import { newContext, openPage, type VisitOptions, useServerAndBrowser } from './fixtures';
import { currentStep, NUMBERS, phoneInput, placeOrder, toastText } from './top-up-helpers';

const app = useServerAndBrowser();

/** Three Nigerian numbers topped up in this order (the sandbox delivers each), the first named "Mum". */
const TOPPED_UP = ['08031234567', '08031234568', '08031234569'] as const;
/** Four numbers the customer saved by hand, never topped up. */
const ADDED = [
  { countryCode: 'IN', phone: NUMBERS.IN.phone },
  { countryCode: 'CU', phone: NUMBERS.CU.phone },
  { countryCode: 'ET', phone: NUMBERS.ET.phone },
  { countryCode: 'NG', phone: '08051234567' },
] as const;

const picks = (page: Page) => page.getByTestId('saved-recipient-picks');
const sendAgain = (page: Page) => page.getByTestId('send-again');
const recipientsSection = (page: Page) => page.getByTestId('recipients-section');
const rows = (page: Page) => recipientsSection(page).getByTestId('saved-recipient');

/** A call from the signed-in page, as the browser's own code makes it. */
function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { method, path, body },
  );
}

async function saveAccountSettings(storageState: BrowserContextOptions['storageState'], language: string, theme: string) {
  const api = await request.newContext({ baseURL: app.server.url, storageState });
  expect((await api.post('/api/user/settings', { data: { language, theme } })).status()).toBe(200);
  await api.dispose();
}

interface Visit extends VisitOptions {
  language?: string;
  theme?: string;
}

async function visit(browser: Browser, path: string, { language = 'en', theme = 'light', ...options }: Visit): Promise<Page> {
  await saveAccountSettings(options.storageState, language, theme);
  return openPage(browser, `${app.server.url}${path}`, options);
}

/** A number the repeat test tops up with an operator of its own choosing. */
const REPEATED = '08031234570';

/**
 * Pays for a Nigerian top-up from the signed-in page with an operator the number's detection does not answer and
 * the second amount it offers, as a customer who picked both in the flow. Answers the operator's name and the amount.
 */
function topUpWithOtherOperator(page: Page, phone: string): Promise<{ status: string; operatorName: string; amount: string }> {
  return page.evaluate(async (phone) => {
    const call = async <T>(path: string, body?: unknown): Promise<T> => {
      const response = await fetch(
        path,
        body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      );
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    type Operator = { operatorId: number; name: string; denominationType: string; fixedAmounts: number[]; suggestedAmounts: number[] };
    const { data: detected } = await call<{ data: Operator }>(`/api/reloadly/operator-detect/${phone}/NG`);
    const { operators } = await call<{ operators: Operator[] }>('/api/operators/NG');
    const operator = operators.find((one) => one.operatorId !== detected.operatorId && (one.fixedAmounts[1] ?? one.suggestedAmounts[1]))!;
    const amount = (operator.fixedAmounts[1] ?? operator.suggestedAmounts[1]!).toFixed(2);
    const intent = await call<{ paymentIntentId: string; clientSecret: string }>('/api/create-payment-intent', {
      amount,
      orderKey: `repeat-${phone}-${Date.now()}`,
      operatorId: operator.operatorId,
      countryCode: 'NG',
      phone,
    });
    await call(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, {
      clientSecret: intent.clientSecret,
      paymentMethod: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 34, cvc: '123' },
    });
    const result = await call<{ status: string }>('/api/reloadly/topup', {
      paymentIntentId: intent.paymentIntentId,
      operatorId: String(operator.operatorId),
      amount,
      useLocalAmount: false,
      customIdentifier: `topup-${Date.now()}`,
      recipientPhone: { countryCode: 'NG', number: phone },
      operatorName: operator.name,
    });
    return { status: result.status, operatorName: operator.name, amount };
  }, phone);
}

describe('saved recipients', () => {
  const owner = {} as { storageState: BrowserContextOptions['storageState']; other: BrowserContextOptions['storageState'] };

  beforeAll(async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'rosa@example.com', { username: 'rosa' });
    for (const phone of TOPPED_UP) expect((await placeOrder(page, phone)).result.status).toBe('SUCCESSFUL');
    for (const added of ADDED) expect((await call(page, 'POST', '/api/recipients', added)).status).toBe(201);
    const { body } = await call<RecipientListResponse>(page, 'GET', '/api/recipients');
    const mum = body.recipients.find((recipient) => recipient.nationalNumber === TOPPED_UP[0])!;
    expect((await call<RecipientResponse>(page, 'PATCH', `/api/recipients/${mum.id}`, { name: 'Mum' })).status).toBe(200);
    owner.storageState = await page.context().storageState();
    await page.context().close();

    const other = await openPage(app.browser, app.server.url);
    await signedInPage(other, app.server.url, 'tomas@example.com');
    owner.other = await other.context().storageState();
    await other.context().close();
  });

  it('the recipient step lists the most recent five first, Show all the rest, and one click fills the flow and detects the operator', async () => {
    const page = await visit(app.browser, '/', { storageState: owner.storageState });
    const choices = picks(page).getByRole('listitem');
    await choices.first().waitFor();
    expect(await choices.count()).toBe(5);
    // Most recently topped up first, then those saved by hand, newest first.
    const firstLines = await choices.evaluateAll((items) => items.map((item) => item.querySelector('.font-semibold')?.textContent));
    expect(firstLines).toEqual(['+234 803 123 4569', '+234 803 123 4568', 'Mum', '+234 805 123 4567', '+251 91 234 5678']);
    await picks(page).getByRole('button', { name: 'Show all (7)' }).click();
    expect(await choices.count()).toBe(7);

    const detection = page.waitForResponse((response) => response.url().includes(`/api/reloadly/operator-detect/${TOPPED_UP[0]}/NG`));
    await picks(page).getByRole('button', { name: /^Mum/ }).click();
    expect((await detection).status()).toBe(200);
    await page.getByTestId('amount-card').first().waitFor();
    expect(await currentStep(page)).toContain('Amount');
    await page.getByRole('button', { name: 'Change number' }).click();
    expect(await phoneInput(page).inputValue()).toBe(TOPPED_UP[0]);
    await page.context().close();
  });

  it('the home page offers Send again for the last three topped up, which opens the review of the same top-up', async () => {
    const page = await visit(app.browser, '/', { storageState: owner.storageState });
    const shortcuts = sendAgain(page).getByRole('button');
    await shortcuts.first().waitFor();
    expect(await shortcuts.allTextContents()).toEqual(['+234 803 123 4569', '+234 803 123 4568', 'Mum']);
    await sendAgain(page).getByRole('button', { name: 'Send again to \u2066+234 803 123 4568\u2069' }).click();
    await page.getByTestId('review-confirm').waitFor();
    expect(await page.getByTestId('recipient-number').textContent()).toBe('+234 803 123 4568');
    expect(await currentStep(page)).toContain('Review');
    await page.context().close();
  });

  it('Send again reaches the review with the operator chosen for the last top-up and its amount in two clicks, desktop en and phone ar', async () => {
    // A customer who topped up a number with an operator other than the one its detection answers, and not the first amount.
    const setup = await openPage(app.browser, app.server.url);
    await signedInPage(setup, app.server.url, 'amara@example.com', { username: 'amara' });
    const chosen = await topUpWithOtherOperator(setup, REPEATED);
    expect(chosen.status).toBe('SUCCESSFUL');
    const storageState = await setup.context().storageState();
    await setup.context().close();

    for (const variant of [{ language: 'en' }, { language: 'ar', viewport: { width: 390, height: 844 } }]) {
      const page = await visit(app.browser, '/', { storageState, ...variant });
      const shortcut = sendAgain(page).getByRole('button').first();
      await shortcut.click();
      await page.getByTestId('review-confirm').waitFor();
      expect(await page.getByTestId('operator-name').textContent()).toBe(chosen.operatorName);
      expect(await page.getByTestId('review-you-pay').textContent()).toContain(chosen.amount);
      expect(await page.getByTestId('recipient-number').textContent()).toBe('+234 803 123 4570');
      // A new top-up copied from the last one: nothing was restored, so no notice says so.
      expect(await page.getByTestId('flow-notice').count()).toBe(0);
      await page.context().close();
    }
  });

  it('recipients are private: another customer sees none of them, and cannot rename or delete them', async () => {
    const page = await visit(app.browser, '/profile', { storageState: owner.other });
    await recipientsSection(page).getByTestId('recipients-empty').waitFor();
    const { body } = await call<RecipientListResponse>(page, 'GET', '/api/recipients');
    expect(body.recipients).toEqual([]);

    const ownerPage = await visit(app.browser, '/profile', { storageState: owner.storageState });
    const mine = (await call<RecipientListResponse>(ownerPage, 'GET', '/api/recipients')).body.recipients[0]!;
    expect((await call(page, 'PATCH', `/api/recipients/${mine.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await call(page, 'DELETE', `/api/recipients/${mine.id}`)).status).toBe(404);
    expect((await call<RecipientListResponse>(ownerPage, 'GET', '/api/recipients')).body.recipients[0]).toEqual(mine);

    await page.goto(app.server.url);
    await page.getByTestId('user-menu').waitFor();
    await phoneInput(page)
      .or(page.getByRole('combobox', { name: 'Country' }))
      .first()
      .waitFor();
    expect(await picks(page).count()).toBe(0);
    expect(await sendAgain(page).count()).toBe(0);
    await page.context().close();
    await ownerPage.context().close();
  });

  it('a visitor downloads neither the recipients’ code nor their list', async () => {
    const context = await newContext(app.browser);
    const page = await context.newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.goto(app.server.url);
    await page.getByRole('combobox', { name: 'Country' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => /saved-recipient|recipient-summary|send-again|\/api\/recipients/.test(path))).toEqual([]);
    await context.close();
  });

  it('the profile adds (once), renames and deletes a recipient, with the refusals shown beside their field', async () => {
    const page = await openPage(app.browser, app.server.url);
    await signedInPage(page, app.server.url, 'ines@example.com', { path: '/profile' });
    const section = recipientsSection(page);
    await section.getByTestId('recipients-empty').waitFor();

    await section.getByLabel('Country', { exact: true }).selectOption('IN');
    await section.getByLabel('Phone number (without the country code)').fill('1234567890');
    await section.getByRole('button', { name: 'Add recipient' }).click();
    expect(await section.getByRole('alert').first().textContent()).toBe('Invalid phone number format. Expected format: 10 digits (e.g., 9876543210)');

    await section.getByLabel('Phone number (without the country code)').fill(NUMBERS.IN.phone);
    await section.getByLabel('Name (optional)').fill('Grandpa');
    await section.getByRole('button', { name: 'Add recipient' }).click();
    await rows(page).first().waitFor();
    expect(await toastText(page)).toContain('Recipient added');
    expect(await rows(page).first().textContent()).toContain('Grandpa');
    expect(await rows(page).first().textContent()).toContain(NUMBERS.IN.international);
    expect(await rows(page).first().textContent()).toContain('Not topped up yet');

    // The same number again: the one kept is answered, nothing is added.
    await section.getByLabel('Country', { exact: true }).selectOption('IN');
    await section.getByLabel('Phone number (without the country code)').fill(NUMBERS.IN.phone);
    await section.getByRole('button', { name: 'Add recipient' }).click();
    await page.getByTestId('toast').filter({ hasText: 'This number is already saved' }).waitFor();
    expect(await rows(page).count()).toBe(1);

    await section.getByRole('button', { name: 'Rename Grandpa' }).click();
    const renameDialog = page.getByRole('dialog', { name: 'Rename recipient' });
    await renameDialog.getByLabel('Name (optional)').fill('G'.repeat(41));
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    expect(await renameDialog.getByRole('alert').textContent()).toBe('A recipient name can be at most 40 characters.');
    await renameDialog.getByLabel('Name (optional)').fill('  Grandpa Raj  ');
    await renameDialog.getByRole('button', { name: 'Save' }).click();
    await renameDialog.waitFor({ state: 'detached' });
    await rows(page).filter({ hasText: 'Grandpa Raj' }).waitFor();

    await section.getByRole('button', { name: 'Delete Grandpa Raj' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this recipient?' });
    expect(await confirm.textContent()).toContain(NUMBERS.IN.international);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await section.getByTestId('recipients-empty').waitFor();
    const { body } = await call<RecipientListResponse>(page, 'GET', '/api/recipients');
    expect(body.recipients).toEqual([]);
    await page.context().close();
  });

  describe.each([
    ['en', 'light'],
    ['ar', 'dark'],
  ])('in %s (%s theme)', (language, theme) => {
    it('the recipient step, Send again and the profile’s recipients have no axe violations', async () => {
      const home = await visit(app.browser, '/', { storageState: owner.storageState, language, theme, bypassCSP: true });
      await picks(home).getByRole('listitem').first().waitFor();
      await sendAgain(home).getByRole('button').first().waitFor();
      expect(await home.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await axeViolations(home)).toEqual([]);
      await home.context().close();

      const profile = await visit(app.browser, '/profile', { storageState: owner.storageState, language, theme, bypassCSP: true });
      await rows(profile).first().waitFor();
      expect(await axeViolations(profile)).toEqual([]);
      await rows(profile).first().getByRole('button').first().click();
      await profile.getByRole('dialog').waitFor();
      expect(await axeViolations(profile)).toEqual([]);
      await profile.context().close();
    });
  });
});
