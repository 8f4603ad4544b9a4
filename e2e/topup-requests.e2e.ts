import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CreateTopupRequestResponse } from '../src/shared/api/topup-requests';
import { createAccount } from './account-helpers';
import { axeViolations } from './axe';
import { openPage, useServerAndBrowser, type VisitOptions } from './fixtures';
import { NUMBERS, nextButton, phoneInput, pickCountry, placeOrder } from './top-up-helpers';

/** "Request a top-up" links (ADR 022): made on /request, opened at /r/<token> in another browser. */
const app = useServerAndBrowser();

const MARKUP_NOTE = '<img src=x onerror="window.__ran=1"> <b>bold?</b> & thanks';

/** A link made through the API, as the page makes it (same origin, so the cross-site check lets it through). */
async function makeLink(page: Page, origin: string, body: object): Promise<CreateTopupRequestResponse> {
  const response = await page.request.post(`${origin}/api/topup-requests`, { data: body, headers: { origin } });
  expect(response.status()).toBe(201);
  return response.json();
}

let makers = 0;
const makerEmails = new WeakMap<Page, string>();

/** A signed-in customer with a confirmed address on `path`: only they make links (ADR 058). */
async function makerOn(path: string, options: VisitOptions = {}, name = 'Kofi Mensah'): Promise<Page> {
  const page = await openPage(app.browser, app.server.url, options);
  const email = `maker${++makers}-${Date.now()}@example.com`;
  await createAccount(page, email);
  await app.server.runSql(`update "user" set email_verified = true, name = '${name}' where email = '${email}'`);
  await page.goto(`${app.server.url}${path}`);
  makerEmails.set(page, email);
  return page;
}

/** The amounts the sandbox's MTN sells, so the suggested one is one the sender can be offered. */
async function mtnAmounts(page: Page, origin: string): Promise<number[]> {
  const response = await page.request.get(`${origin}/api/reloadly/operator-detect/${NUMBERS.NG.phone}/NG`);
  return (await response.json()).data.fixedAmounts;
}

describe('request-a-top-up links', () => {
  it('a link made on /request opens in another browser with the number filled, the note shown and the amount chosen', async () => {
    const maker = await makerOn('/request', { permissions: ['clipboard-read', 'clipboard-write'], bypassCSP: true }, 'Amina Bello');
    await maker.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.url });
    expect(await maker.getByRole('heading', { level: 1 }).textContent()).toBe('Request a top-up');
    expect(await axeViolations(maker)).toEqual([]);
    const suggested = (await mtnAmounts(maker, app.server.url))[1]!;

    await pickCountry(maker, 'Nigeria');
    await maker.getByLabel('Your phone number').fill(NUMBERS.NG.phone);
    await maker.getByLabel('Suggested amount in USD (optional)').fill(String(suggested));
    const note = maker.getByLabel('Note for the sender (optional)');
    await note.fill('Running low, thank you!');
    expect(await maker.getByText('23 / 140 characters').count()).toBe(1);
    await note.fill('x'.repeat(141));
    expect(await maker.getByText('Your note can be at most 140 characters.').count()).toBe(1);
    expect(await maker.getByRole('button', { name: 'Make my link' }).isDisabled()).toBe(true);
    await note.fill('Running low, thank you!');
    await maker.getByRole('button', { name: 'Make my link' }).click();

    const linkBox = maker.getByLabel('Your request link');
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${app.server.url}/r/[A-Za-z0-9_-]{43}$`));
    expect(await axeViolations(maker)).toEqual([]);
    await maker.getByRole('button', { name: 'Copy link' }).click();
    await maker.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await maker.evaluate(() => navigator.clipboard.readText())).toBe(link);

    const sender = await openPage(app.browser, link, { bypassCSP: true });
    const banner = sender.getByTestId('request-banner');
    await banner.waitFor();
    // The maker's first name, isolated so that it cannot reorder the sentence around it.
    expect(await sender.getByTestId('request-banner-title').textContent()).toBe('\u2068Amina\u2069 asks you for a top-up');
    expect(await sender.getByTestId('request-note').innerText()).toContain('Running low, thank you!');
    // The number is written as typed until the countries arrive, then with its calling code.
    await expect.poll(() => sender.getByTestId('request-number').textContent()).toBe(NUMBERS.NG.international);
    await phoneInput(sender).waitFor();
    expect(await phoneInput(sender).inputValue()).toBe(NUMBERS.NG.phone);
    expect(await sender.getByRole('button', { name: 'Change country (Nigeria)' }).count()).toBe(1);
    expect(await axeViolations(sender)).toEqual([]);

    await nextButton(sender).click();
    const chosen = sender.getByTestId('amount-card').filter({ has: sender.locator('button[aria-pressed="true"]') });
    await chosen.waitFor();
    expect(await chosen.getByTestId('you-pay').textContent()).toBe(`$${suggested.toFixed(2)}`);
    expect(await chosen.getByRole('button', { name: 'Send Now' }).count()).toBe(1);
  });

  it('shares the link through the system share sheet where the browser has one', async () => {
    const maker = await makerOn('/request');
    await maker.context().addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: async (data: ShareData) => {
          (window as unknown as { shared: ShareData }).shared = data;
        },
      });
    });
    await maker.reload();
    await pickCountry(maker, 'India');
    await maker.getByLabel('Your phone number').fill(NUMBERS.IN.phone);
    await maker.getByRole('button', { name: 'Make my link' }).click();
    const link = await maker.getByLabel('Your request link').inputValue();
    await maker.getByRole('button', { name: 'Share' }).click();
    await maker.waitForFunction(() => 'shared' in window);
    expect(await maker.evaluate(() => (window as unknown as { shared: ShareData }).shared)).toEqual({
      title: 'Top up my phone',
      text: 'Could you top up my phone? This link has my number ready.',
      url: link,
    });
  });

  it('its maker is e-mailed once someone else tops the number up, sees it answered in the profile, and revokes it', async () => {
    const maker = await makerOn('/');
    const phone = '08031246101';
    const { path: linkPath } = await makeLink(maker, app.server.url, { countryCode: 'NG', phone, note: 'For data' });
    // A web address is refused in a note, in the customer's words.
    const refused = await maker.request.post(`${app.server.url}/api/topup-requests`, {
      data: { countryCode: 'NG', phone, note: 'pay at bit.ly/x' },
      headers: { origin: app.server.url },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('Your note cannot contain a web address. Please remove it.');

    const payer = await openPage(app.browser, app.server.url);
    await createAccount(payer, `payer-${Date.now()}@example.com`);
    expect((await placeOrder(payer, phone)).result.status).toBe('SUCCESSFUL');
    const mail = async () => {
      const answer = await maker.request.get(`${app.server.url}/api/dev/outbox?to=${encodeURIComponent(makerEmails.get(maker)!)}`);
      return answer.ok() ? ((await answer.json()) as { message: { subject: string; text: string } }).message : null;
    };
    await expect.poll(async () => (await mail())?.subject).toBe('Your top-up request was answered');
    expect((await mail())!.text).toContain('+234 803 124 6101 was topped up through your request link');

    await maker.goto(`${app.server.url}/profile`);
    const link = maker.getByTestId('request-link');
    await expect.poll(() => link.getByTestId('request-link-status').textContent()).toMatch(/^Answered on .+: the airtime arrived$/);
    await link.getByRole('button', { name: 'Revoke the link for +234 803 124 6101' }).click();
    await link.getByRole('button', { name: 'Revoke link' }).click();
    await maker.getByTestId('request-links-empty').waitFor();
    const sender = await openPage(app.browser, `${app.server.url}${linkPath}`);
    await sender.getByTestId('request-unavailable').waitFor();
  });

  it('shows a note with markup as the text it is, and runs nothing in it', async () => {
    const maker = await makerOn('/');
    const { path: linkPath } = await makeLink(maker, app.server.url, { countryCode: 'NG', phone: NUMBERS.NG.phone, note: MARKUP_NOTE });
    // The page's CSP would stop an inline handler anyway: without it, this proves the note is never markup.
    const sender = await openPage(app.browser, `${app.server.url}${linkPath}`, { bypassCSP: true });
    const dialogs: string[] = [];
    sender.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const note = sender.getByTestId('request-note');
    await note.waitFor();
    expect(await note.innerText()).toContain(MARKUP_NOTE);
    expect(await note.locator('img, b').count()).toBe(0);
    expect(await sender.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it.each(['en', 'ar'] as const)('the request page and a request link have no axe violations in %s, light and dark', async (language) => {
    const maker = await makerOn('/');
    const { path: linkPath } = await makeLink(maker, app.server.url, {
      countryCode: 'IN',
      phone: NUMBERS.IN.phone,
      suggestedAmount: '10',
      note: 'شكرًا — thanks',
    });
    for (const theme of ['light', 'dark']) {
      const form = await makerOn('/request', { storage: { language, theme }, bypassCSP: true });
      // The page itself, past the sign-in guard's loading state, with its form.
      await form.getByRole('heading', { level: 1 }).waitFor();
      await form.locator('#request-amount').waitFor();
      expect(await form.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await axeViolations(form)).toEqual([]);

      const sender = await openPage(app.browser, `${app.server.url}${linkPath}`, { storage: { language, theme }, bypassCSP: true });
      await sender.getByTestId('request-banner').waitFor();
      await phoneInput(sender).or(sender.locator('#recipient-phone')).first().waitFor();
      expect(await axeViolations(sender)).toEqual([]);
    }
  });

  it('an unknown link says so and offers an ordinary top-up', async () => {
    const sender = await openPage(app.browser, `${app.server.url}/r/${'A'.repeat(43)}`, { bypassCSP: true });
    const message = sender.getByTestId('request-unavailable');
    await message.waitFor();
    expect(await message.innerText()).toContain('This top-up request link is not valid or has expired. Request links work for 30 days.');
    expect(await axeViolations(sender)).toEqual([]);
    // The card's own link to an ordinary top-up (the hero's "Send a top-up" only scrolls to the form).
    await sender.locator('a[href="/"]', { hasText: 'Send a top-up' }).click();
    await sender.getByRole('combobox', { name: 'Country' }).waitFor();
    expect(new URL(sender.url()).pathname).toBe('/');
  });

  it('a link whose request is lost on the way says so, not that the link is bad, and opens once tried again', async () => {
    const maker = await makerOn('/');
    const { path: linkPath } = await makeLink(maker, app.server.url, { countryCode: 'NG', phone: NUMBERS.NG.phone, note: 'Thanks' });
    const sender = await openPage(app.browser, `${app.server.url}/about`);
    let dropped = 0;
    await sender.route('**/api/topup-requests/**', (route) => {
      dropped += 1;
      return route.abort('internetdisconnected');
    });
    await sender.goto(`${app.server.url}${linkPath}`);
    const message = sender.getByTestId('request-unavailable');
    await message.waitFor();
    expect(await message.innerText()).toContain('We could not open this request');
    expect(await message.innerText()).toContain('The request could not be loaded. Check your connection and try again.');
    expect(await message.innerText()).not.toContain('not valid or has expired');
    expect(dropped).toBeGreaterThan(0);
    await sender.unroute('**/api/topup-requests/**');
    await message.getByRole('button', { name: 'Try again' }).click();
    await sender.getByTestId('request-banner').waitFor();
    expect(await sender.getByTestId('request-note').innerText()).toContain('Thanks');
  });
});

describe('an expired request link', () => {
  it('says the link has expired and offers an ordinary top-up', async () => {
    const maker = await makerOn('/');
    const { path: linkPath } = await makeLink(maker, app.server.url, { countryCode: 'NG', phone: NUMBERS.NG.phone, note: 'old request' });
    await maker.context().close();
    // 30 days later, as far as the link is concerned.
    await app.server.runSql(`update topup_requests set expires_at = now() - interval '1 minute' where note = 'old request'`);

    const sender = await openPage(app.browser, `${app.server.url}${linkPath}`);
    const message = sender.getByTestId('request-unavailable');
    await message.waitFor();
    expect(await message.innerText()).toContain('This top-up request link is not valid or has expired.');
    expect(await sender.getByTestId('request-note').count()).toBe(0);
    expect(await sender.getByRole('link', { name: 'Send a top-up' }).count()).toBeGreaterThan(0);
    await sender.context().close();
  });
});
