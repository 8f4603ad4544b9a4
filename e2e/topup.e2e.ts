import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ar from '../src/client/i18n/locales/pages/ar.json';
import { axeFindings } from './axe';
import { openPage, useServerAndBrowser, type VisitOptions } from './fixtures';
import {
  countryBox,
  countryOptions,
  currentStep,
  enterRecipient,
  nextButton,
  NUMBERS,
  phoneInput,
  pickCountry,
  plain,
  sendNowOnCard,
  text,
  toastText,
  UNDETECTABLE_NG,
} from './top-up-helpers';

const app = useServerAndBrowser();

async function openFlow(path = '/', options: VisitOptions = {}): Promise<Page> {
  const page = await openPage(app.browser, `${app.server.url}${path}`, options);
  await countryBox(page).waitFor();
  return page;
}

describe('top-up flow: recipient to review', () => {
  it.each(Object.keys(NUMBERS) as Array<keyof typeof NUMBERS>)('a visitor reaches the review for a %s number', async (key) => {
    const { operator } = NUMBERS[key];
    const page = await openFlow();
    expect(await currentStep(page)).toBe('1Recipient');
    await enterRecipient(page, key);
    expect(await currentStep(page)).toBe('2Amount');
    expect(await text(page, 'operator-name')).toBe(operator);
    expect(await text(page, 'recipient-number')).toBe(NUMBERS[key].international);
    const firstYouPay = await text(page, 'you-pay');
    await sendNowOnCard(page, firstYouPay!);
    expect(await currentStep(page)).toBe('3Review');
    expect(await text(page, 'review-you-pay')).toBe(firstYouPay);
    await page.context().close();
  });

  it('the phone field shows each validation message once typed, ignores letters and strips pasted non-digits', async () => {
    const page = await openFlow();
    await pickCountry(page, 'India');
    expect(await page.getByLabel('Country calling code').inputValue()).toBe('+91');
    const phone = phoneInput(page);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await nextButton(page).isDisabled()).toBe(true);

    await phone.pressSequentially('9a8b1-');
    expect(await phone.inputValue()).toBe('981');
    expect(await page.getByRole('alert').textContent()).toBe('Phone number must be at least 10 digits. Current: 3 digits');
    expect(await nextButton(page).isDisabled()).toBe(true);

    await phone.fill('');
    expect(await page.getByRole('alert').textContent()).toBe('Phone number is required');

    await phone.fill('98123456789');
    expect(await page.getByRole('alert').textContent()).toBe('Phone number cannot exceed 10 digits. Current: 11 digits');

    await phone.fill('1234567890');
    expect(await page.getByRole('alert').textContent()).toBe('Invalid phone number format. Expected format: 10 digits (e.g., 9876543210)');
    expect(await nextButton(page).isDisabled()).toBe(true);

    await phone.fill('');
    await phone.evaluate((input) => {
      const data = new DataTransfer();
      data.setData('text', '+91 98-123 456 78');
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await phone.inputValue()).toBe('919812345678');
    await phone.fill('9812345678');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await nextButton(page).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('Next shows "Detecting operator…" and stays disabled while detection runs', async () => {
    const page = await openFlow();
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/reloadly/operator-detect/**', async (route) => {
      await released;
      await route.continue();
    });
    await pickCountry(page, 'Nigeria');
    await phoneInput(page).fill(NUMBERS.NG.phone);
    await nextButton(page).click();
    const detecting = page.getByRole('button', { name: 'Detecting operator…' });
    await detecting.waitFor();
    expect(await detecting.isDisabled()).toBe(true);
    release();
    await page.getByTestId('amount-card').first().waitFor();
    await page.context().close();
  });

  it('an undetectable number shows the reason beside the number only, keeping what was typed, with the focus on it', async () => {
    const page = await openFlow('/top-up');
    await pickCountry(page, 'Nigeria');
    await phoneInput(page).fill(UNDETECTABLE_NG);
    await nextButton(page).click();
    const reason = 'We could not find the operator of this phone number. Please check the number and try again.';
    await expect.poll(() => page.locator('#recipient-phone-error').textContent()).toBe(reason);
    // Once, in place (ADR 065): no toast repeats it.
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await phoneInput(page).inputValue()).toBe(UNDETECTABLE_NG);
    expect(await phoneInput(page).evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await currentStep(page)).toBe('1Recipient');
    await phoneInput(page).press('Backspace');
    expect(await page.locator('#recipient-phone-error', { hasText: reason }).count()).toBe(0);
    await page.context().close();
  });
});

describe('choosing the operator and the total on every card (ADR 055)', () => {
  const operatorOption = (page: Page, name: string | RegExp) => page.getByTestId('operator-picker').getByRole('radio', { name });

  it('a number detection cannot place is topped up by choosing MTN; a wrong operator is changed on the amount step; the cards’ totals are the review’s', async () => {
    const page = await openFlow('/top-up');
    await pickCountry(page, 'Nigeria');
    await phoneInput(page).fill(UNDETECTABLE_NG);
    await nextButton(page).click();
    await page.getByRole('group', { name: 'Airtime' }).waitFor();
    await operatorOption(page, /^MTN/).check();
    await page.getByRole('button', { name: /^Continue with MTN/ }).click();
    await page.getByTestId('amount-card').first().waitFor();
    expect(await text(page, 'operator-name')).toMatch(/^MTN/);
    expect(await text(page, 'recipient-number')).toBe('+234 700 123 4567');

    // "Not MTN?": another of the country's operators, and the amounts are its own.
    await page.getByRole('button', { name: /^Not MTN.*\? Change operator$/ }).click();
    const other = (await page.getByTestId('operator-option').locator('span[dir="auto"]').allTextContents()).find((name) => !name.startsWith('MTN'))!;
    await operatorOption(page, other).check();
    await page.getByRole('button', { name: `Continue with ${other}` }).click();
    await expect.poll(() => text(page, 'operator-name')).toBe(other);

    const card = page.getByTestId('amount-card').first();
    await expect.poll(() => card.getByTestId('card-total').textContent()).toMatch(/^Total \$\d+\.\d\d$/);
    const cardTotal = (await card.getByTestId('card-total').textContent())!.replace('Total ', '');
    await sendNowOnCard(page, (await card.getByTestId('you-pay').textContent())!);
    expect(await text(page, 'review-total')).toBe(cardTotal);
    await page.context().close();
  });

  it('on a phone in Arabic the operators are a named radio group with no accessibility findings, and the cards show their total', async () => {
    const page = await openPage(app.browser, `${app.server.url}/top-up`, {
      viewport: { width: 390, height: 844 },
      storage: { language: 'ar' },
      bypassCSP: true,
    });
    await page
      .getByRole('group', { name: ar.topup.country.quick })
      .getByRole('button', { name: /نيجيريا/ })
      .click();
    await page.locator('#recipient-phone').fill(UNDETECTABLE_NG);
    await page.getByRole('button', { name: ar.topup.recipient.next }).click();
    const picker = page.getByTestId('operator-picker');
    await picker.getByRole('radio').first().waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await picker.getByRole('group', { name: ar.topup.operator.groups.airtime }).count()).toBe(1);
    expect((await axeFindings(page)).map((finding) => finding.line)).toEqual([]);
    await picker.getByRole('radio').first().press('Space');
    await picker.getByRole('radio').first().press('ArrowDown');
    expect(await picker.getByRole('radio').nth(1).isChecked()).toBe(true);
    await picker.getByTestId('operator-continue').click();
    const total = page.getByTestId('amount-card').first().getByTestId('card-total');
    await expect.poll(() => total.textContent()).toContain(ar.topup.amount.total);
    expect(await total.locator('bdi').textContent()).toMatch(/^\$\d+\.\d\d$/);
    expect((await axeFindings(page)).map((finding) => finding.line)).toEqual([]);
    await page.context().close();
  });
});

describe('popular destinations', () => {
  it('show whole country names on a phone', async () => {
    const page = await openFlow('/', { viewport: { width: 390, height: 844 } });
    const name = page
      .getByRole('region', { name: 'Popular destinations' })
      .getByRole('button', { name: 'Dominican Republic' })
      .locator('span')
      .last();
    expect(await name.textContent()).toBe('Dominican Republic');
    expect(await name.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    await page.context().close();
  });
});

describe('top-up flow: amounts and review', () => {
  it('starts with 5 amount cards and Show More adds the rest', async () => {
    const page = await openFlow();
    await enterRecipient(page, 'NG');
    const cards = page.getByTestId('amount-card');
    expect(await cards.count()).toBe(5);
    await page.getByRole('button', { name: 'Show More' }).click();
    expect(await cards.count()).toBe(9);
    expect(await page.getByRole('button', { name: 'Show More' }).count()).toBe(0);
    expect(await page.locator('#custom-amount').count()).toBe(0);
    await page.context().close();
  });

  it('a card shows They Get and You Pay, and Send Now appears only on the chosen card', async () => {
    const page = await openFlow();
    await enterRecipient(page, 'NG');
    const card = page.getByTestId('amount-card').nth(3);
    expect(plain(await card.getByTestId('they-get').textContent())).toBe('NGN 14,600');
    expect(await card.getByTestId('you-pay').textContent()).toBe('$10.00');
    expect(await page.getByRole('button', { name: 'Send Now' }).count()).toBe(0);
    await card.locator('button[aria-pressed]').click();
    expect(await page.getByRole('button', { name: 'Send Now' }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Send Now' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('a RANGE operator takes a custom amount within its bounds and previews the local amount', async () => {
    const page = await openFlow();
    await enterRecipient(page, 'IN');
    const custom = page.locator('form').filter({ has: page.locator('#custom-amount') });
    await page.locator('#custom-amount').fill('150');
    expect(await custom.getByRole('alert').textContent()).toBe('Enter an amount from $1.00 to $100.00.');
    expect(await custom.getByRole('button', { name: 'Send Now' }).isDisabled()).toBe(true);

    await page.locator('#custom-amount').fill('12.5');
    expect(await custom.getByRole('alert').count()).toBe(0);
    expect(await page.getByTestId('custom-they-get').textContent()).toBe('They Get: ₹1,106.25');
    await custom.getByRole('button', { name: 'Send Now' }).click();

    expect(await text(page, 'review-you-pay')).toBe('$12.50');
    expect(await text(page, 'review-they-get')).toBe('₹1,106.25');
    // 12.50 × 3% = 0.375 → 0.38, plus the flat 0.33.
    expect(await text(page, 'review-service-fee')).toBe('$0.71');
    expect(await text(page, 'review-total')).toBe('$13.21');
    await page.context().close();
  });

  it('the review prices $10.00 with the default fees, Cancel returns to the amounts, Confirm asks to log in', async () => {
    const page = await openFlow();
    await enterRecipient(page, 'NG');
    await sendNowOnCard(page, '$10.00');
    expect(await page.getByRole('heading', { name: 'Review your top-up' }).isVisible()).toBe(true);
    expect(await text(page, 'review-you-pay')).toBe('$10.00');
    expect(plain(await text(page, 'review-they-get'))).toBe('NGN 14,600');
    expect(await text(page, 'review-service-fee')).toBe('$0.63');
    expect(await text(page, 'review-total')).toBe('$10.63');

    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await currentStep(page)).toBe('2Amount');
    expect(await page.getByTestId('amount-card').count()).toBe(5);

    await sendNowOnCard(page, '$10.00');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => toastText(page)).toContain('Authentication Required');
    expect(await toastText(page)).toContain('Please log in to continue with this transaction.');

    const stored = await page.evaluate(() => ({
      data: JSON.parse(localStorage.getItem('pendingTransactionData') ?? 'null'),
      action: JSON.parse(localStorage.getItem('pendingAuthAction') ?? 'null'),
    }));
    expect(stored.data).toMatchObject({
      selectedCountry: { code: 'NG', name: 'Nigeria', phoneCode: '+234', flag: '/flags/ng.svg' },
      phoneNumber: NUMBERS.NG.phone,
      operatorInfo: { name: 'MTN' },
      selectedAmount: 10,
      localAmount: 14600,
      fee: 0.3,
      standardFee: 0.33,
      totalChargeAmount: 10.63,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
    });
    expect(stored.action).toMatchObject({ type: 'topup', data: stored.data, timestamp: stored.data.timestamp });
    await page.context().close();
  });

  it('Change number goes back to the recipient step with the number kept', async () => {
    const page = await openFlow();
    await enterRecipient(page, 'CU');
    await page.getByRole('button', { name: 'Change number' }).click();
    expect(await currentStep(page)).toBe('1Recipient');
    expect(await phoneInput(page).inputValue()).toBe(NUMBERS.CU.phone);
    await page.context().close();
  });
});

describe('operator promotions (ADR 069)', () => {
  const promotionTitle = 'MTN Nigeria double data on $10 and more';

  it("MTN Nigeria's running promotion labels the cards from $10 and shows on the review as the operator's offer, without accessibility findings in English and Arabic", async () => {
    const page = await openFlow('/', { bypassCSP: true });
    await enterRecipient(page, 'NG');
    const labelOf = (youPay: string) =>
      page
        .getByTestId('amount-card')
        .filter({ has: page.getByTestId('you-pay').getByText(youPay, { exact: true }) })
        .getByTestId('amount-promotion');
    await expect.poll(() => labelOf('$10.00').textContent()).toBe(`Promotion${promotionTitle}`);
    expect(await labelOf('$5.00').count()).toBe(0);
    await sendNowOnCard(page, '$10.00');
    const offer = page.getByTestId('operator-offer');
    await offer.waitFor();
    expect(await offer.getByRole('heading').textContent()).toBe("The operator's offer");
    expect(await offer.getByTestId('operator-offer-heading').textContent()).toBe(`Double data · ${promotionTitle}`);
    expect(await offer.getByTestId('operator-offer-heading').getAttribute('dir')).toBe('auto');
    expect(await offer.getByTestId('operator-offer-dates').textContent()).toMatch(/^From \w{3} \d{1,2}, \d{4}, .+ to \w{3} \d{1,2}, \d{4}, /);
    expect((await axeFindings(page)).map((finding) => finding.line)).toEqual([]);
    await page.context().close();

    const arabic = await openPage(app.browser, `${app.server.url}/top-up`, {
      viewport: { width: 390, height: 844 },
      storage: { language: 'ar' },
      bypassCSP: true,
    });
    await arabic
      .getByRole('group', { name: ar.topup.country.quick })
      .getByRole('button', { name: /نيجيريا/ })
      .click();
    await arabic.locator('#recipient-phone').fill(NUMBERS.NG.phone);
    await arabic.getByRole('button', { name: ar.topup.recipient.next }).click();
    const card = arabic.getByTestId('amount-card').filter({ has: arabic.getByTestId('you-pay').getByText('$10.00', { exact: true }) });
    await expect.poll(() => card.getByTestId('amount-promotion').textContent()).toBe(`${ar.promotions.label}${promotionTitle}`);
    await card.locator('button[aria-pressed]').click();
    await card.getByRole('button', { name: ar.topup.amount.sendNow }).click();
    const arabicOffer = arabic.getByTestId('operator-offer');
    await arabicOffer.waitFor();
    expect(await arabicOffer.getByRole('heading').textContent()).toBe(ar.promotions.offer.title);
    expect(await arabicOffer.getByTestId('operator-offer-dates').textContent()).not.toMatch(/[A-Za-z]/);
    expect((await axeFindings(arabic)).map((finding) => finding.line)).toEqual([]);
    await arabic.context().close();
  });
});

describe('top-up flow: reset link', () => {
  it.each(['/', '/top-up'])('%s?reset=true clears the saved top-up and leaves the URL', async (path) => {
    const saved = JSON.stringify({ phoneNumber: '08031234567', timestamp: Date.now() });
    const page = await openFlow(`${path}?reset=true`, {
      storage: { pendingTransactionData: saved, pendingAuthAction: JSON.stringify({ type: 'topup', data: {}, timestamp: Date.now() }) },
    });
    await page.waitForURL(`${app.server.url}${path}`);
    const stored = await page.evaluate(() => [localStorage.getItem('pendingTransactionData'), localStorage.getItem('pendingAuthAction')]);
    expect(stored).toEqual([null, null]);
    await page.context().close();
  });
});

describe('country picker', () => {
  it('is a combobox: typing filters, ArrowDown and Enter select, Escape closes', async () => {
    const page = await openFlow();
    const box = countryBox(page);
    await box.fill('nige');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const names = await countryOptions(page).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.toLowerCase().includes('nige'))).toBe(true);
    await box.press('ArrowDown');
    const activeId = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${activeId}"]`).textContent()).toBe('Nigeria+234');
    expect(await page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Nigeria');
    expect(await page.getByLabel('Country calling code').inputValue()).toBe('+234');
    expect(await phoneInput(page).evaluate((input) => input === document.activeElement)).toBe(true);

    await box.focus();
    expect(await box.inputValue()).toBe('');
    expect(await phoneInput(page).count()).toBe(0);
    await box.fill('zzzz');
    expect(await page.getByText('No countries found matching your search').isVisible()).toBe(true);
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('closes shortly after it loses focus and lists flag, name and calling code', async () => {
    const page = await openFlow();
    const box = countryBox(page);
    await box.fill('ethiop');
    expect(await countryOptions(page).allTextContents()).toEqual(['Ethiopia+251']);
    await page.getByRole('heading', { name: 'Send a top-up', level: 2 }).click();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('loads flags in the list only when they scroll into view', async () => {
    const page = await openFlow();
    await countryBox(page).focus();
    const list = page.getByRole('listbox', { name: 'Countries' });
    const options = countryOptions(page);
    await options.first().waitFor();
    const total = await options.count();
    await expect.poll(() => list.locator('img').count()).toBeGreaterThan(0);
    const before = await list.locator('img').count();
    expect(before).toBeLessThan(total / 4);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[role="listbox"]')!).maxHeight)).toBe('240px');

    await list.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await expect.poll(() => list.locator('[src$="/flags/zw.svg"]').count()).toBe(1);
    expect(await list.locator('img').count()).toBeLessThan(total / 2);
    await page.context().close();
  });

  it('quick buttons pick India, Nigeria and Cuba, and pressing the chosen one again deselects it', async () => {
    const page = await openFlow();
    const nigeria = page.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: 'Nigeria' });
    expect(await page.getByRole('group', { name: 'Quick picks' }).getByRole('button').allTextContents()).toEqual(['India', 'Nigeria', 'Cuba']);
    await nigeria.click();
    expect(await nigeria.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByLabel('Country calling code').inputValue()).toBe('+234');
    await nigeria.click();
    expect(await nigeria.getAttribute('aria-pressed')).toBe('false');
    expect(await phoneInput(page).count()).toBe(0);
    expect(await countryBox(page).inputValue()).toBe('');
    await page.context().close();
  });

  it('offers the enabled popular destinations, and the flag button goes back to the picker', async () => {
    const page = await openFlow();
    const popular = page.getByRole('region', { name: 'Popular destinations' });
    const names = await popular.getByRole('button').allTextContents();
    expect(names).toEqual(expect.arrayContaining(['Philippines', 'India', 'Nigeria', 'Ghana']));
    await popular.getByRole('button', { name: 'Ghana' }).click();
    expect(await page.getByLabel('Country calling code').inputValue()).toBe('+233');
    await page.getByRole('button', { name: 'Change country (Ghana)' }).click();
    expect(await countryBox(page).inputValue()).toBe('');
    expect(await countryBox(page).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe('top-up carried in the URL', () => {
  it('post-auth=true with phone, amount, operatorInfo and flag restores the review, then leaves the URL', async () => {
    const setup = await openPage(app.browser, app.server.url);
    const detection = await setup.request.get(`${app.server.url}/api/reloadly/operator-detect/08031234567/NG`);
    const { data: operator } = (await detection.json()) as { data: { suggestedAmounts: number[] } };
    await setup.context().close();
    const amount = String(operator.suggestedAmounts[0]);
    const query = new URLSearchParams({
      'post-auth': 'true',
      country: 'NG',
      phone: '08031234567',
      amount,
      operatorInfo: JSON.stringify(operator),
      flag: '/flags/ng.svg',
    });
    const page = await openPage(app.browser, `${app.server.url}/?${query.toString()}`);
    await page.getByTestId('review-total').waitFor();
    expect(await text(page, 'review-you-pay')).toBe(`$${Number(amount).toFixed(2)}`);
    expect(await text(page, 'recipient-number')).toBe('+234 803 123 4567');
    await page.waitForURL(`${app.server.url}/`);
    await page.context().close();
  });
});
