import { describe, expect, it } from 'vitest';
import { newContext, openPage, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();

describe('routes', () => {
  it.each([
    ['/', 'Send mobile recharges anywhere in the world, in seconds'],
    ['/top-up', 'Send mobile recharges anywhere in the world, in seconds'],
    ['/about', 'About GlobalTopUp'],
    ['/contact', 'Contact us'],
    ['/terms', 'Terms & Conditions'],
    ['/auth', 'Welcome'],
    ['/payment-complete', 'Payment status'],
  ])('%s renders its page, also when loaded directly', async (path, heading) => {
    const page = await openPage(app.browser, `${app.server.url}${path}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(heading);
    await page.context().close();
  });

  it('home shows the slogan, the three feature cards, the four steps and the top-up section', async () => {
    const page = await openPage(app.browser, app.server.url);
    expect(await page.getByText('Your trusted partner for global top-ups').first().isVisible()).toBe(true);
    for (const title of ['Instant top-ups', 'Global coverage', '24/7 service']) {
      expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    }
    expect(await page.getByTestId('feature-coverage').textContent()).toContain('Over 150 countries and 500+ operators');
    const steps = page.locator('#how-it-works h3');
    expect(await steps.allTextContents()).toEqual(['Enter number', 'Choose amount', 'Pay', 'Delivered instantly']);
    // The top-up section is loaded after the page's first paint.
    const progress = page.getByRole('list', { name: 'Top-up progress' });
    await progress.locator('li').first().waitFor();
    expect(await progress.locator('li').allTextContents()).toEqual(['1Recipient', '2Amount', '3Review', '4Payment', '5Done']);
    await page.context().close();
  });

  it('an unknown path shows the not-found page with a 404 status', async () => {
    const page = await openPage(app.browser, `${app.server.url}/no/such/page`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    const response = await page.request.get(`${app.server.url}/no/such/page`);
    expect(response.status()).toBe(404);
    await page.getByRole('link', { name: 'Back To Home' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await page.context().close();
  });

  it('an unknown /api path answers JSON, never the page', async () => {
    const page = await openPage(app.browser, app.server.url);
    const response = await page.request.get(`${app.server.url}/api/nothing-here`, { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    await page.context().close();
  });

  it('/profile and /admin send a visitor to /auth with the way back', async () => {
    const page = await openPage(app.browser, `${app.server.url}/profile`);
    await page.waitForURL(`${app.server.url}/auth?returnTo=%2Fprofile`);
    await page.goto(`${app.server.url}/admin`);
    await page.waitForURL(`${app.server.url}/auth?returnTo=%2Fadmin`);
    await page.context().close();
  });
});

describe('header and footer', () => {
  it('the header links the logo home and Login / Register to /auth', async () => {
    const page = await openPage(app.browser, `${app.server.url}/about`);
    await page.getByRole('link', { name: 'Login / Register' }).click();
    await page.waitForURL(`${app.server.url}/auth`);
    await page.getByRole('link', { name: 'GlobalTopUp home' }).click();
    await page.waitForURL(`${app.server.url}/`);
    await page.context().close();
  });

  it('a logo that fails to load is hidden', async () => {
    const context = await newContext(app.browser);
    await context.route('**/logo-*.svg', (route) => route.abort());
    const page = await context.newPage();
    await page.goto(app.server.url);
    await page.locator('#splash').waitFor({ state: 'detached' });
    expect(await page.getByTestId('logo').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'GlobalTopUp home' }).isVisible()).toBe(true);
    await context.close();
  });

  it('the footer has its links, texts, selectors, the icons of what the checkout takes and social links', async () => {
    const page = await openPage(app.browser, app.server.url);
    const footer = page.locator('footer');
    for (const [name, href] of [
      ['About', '/about'],
      ['How it works', '/#how-it-works'],
      ['Mobile Top Up', '/'],
      ['Contact', '/contact'],
      ['Terms', '/terms'],
      ['Terms & Conditions', '/terms'],
      ['Privacy Policy', '/terms#privacy'],
      ['Contact Us', '/contact'],
    ]) {
      expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
    }
    expect(await footer.textContent()).toContain('All Rights Reserved');
    expect(await footer.getByLabel('Language').locator('option').allTextContents()).toEqual(['English', 'Español', 'Français', 'العربية']);
    expect(await footer.getByLabel('Currency').locator('option').allTextContents()).toEqual(['USD — US Dollar']);
    // What the checkout takes arrives after the first render (the cards' brands until then).
    await expect
      .poll(() =>
        footer
          .getByTestId('payment-icons')
          .locator('li')
          .evaluateAll((items) => items.map((item) => item.getAttribute('title'))),
      )
      .toEqual(['Visa', 'Mastercard', 'American Express', 'Discover', 'Cash App Pay']);
    // The icons are fetched once they near the screen (ADR 016), not with the page.
    const payments = footer.getByTestId('payment-icons');
    expect(await payments.locator('use').count()).toBe(0);
    await payments.scrollIntoViewIfNeeded();
    // Each drawn from the brands' sprite (ADR 049): a symbol that did not load has no size.
    await expect
      .poll(() => payments.locator('use').evaluateAll((uses) => uses.map((use) => (use as SVGGraphicsElement).getBBox().width > 0)))
      .toEqual(Array(5).fill(true));
    expect(await footer.getByRole('link', { name: /GlobalTopUp on (Facebook|X|Instagram|WhatsApp)/ }).count()).toBe(4);
    await page.context().close();
  });

  it('the how-it-works link scrolls to the section', async () => {
    const page = await openPage(app.browser, `${app.server.url}/terms`);
    await page.locator('footer').getByRole('link', { name: 'How it works', exact: true }).click();
    await page.waitForURL(`${app.server.url}/#how-it-works`);
    await expect.poll(() => page.locator('#how-it-works').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200);
    await page.context().close();
  });
});
