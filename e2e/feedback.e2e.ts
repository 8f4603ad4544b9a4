import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, openPage, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();

async function sendContactMessage(page: Page) {
  await page.getByLabel('Your name').fill('Fatima Zahra');
  await page.getByLabel('Your email').fill('fatima@example.com');
  await page.getByLabel('Message').fill('I would like to know which operators you serve in Morocco.');
  await page.getByRole('button', { name: 'Send message' }).click();
}

describe('contact form and toasts', () => {
  it('shows each field problem in place and sends nothing until they are fixed', async () => {
    const page = await openPage(app.browser, `${app.server.url}/contact`);
    let posted = 0;
    page.on('request', (request) => request.url().endsWith('/api/contact') && posted++);
    await page.getByLabel('Your email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByRole('alert').allTextContents()).toEqual([
      'Please enter your name (at least 2 characters).',
      'Please enter a valid email address.',
      'Please write a message of at least 10 characters.',
    ]);
    expect(await page.getByLabel('Your email').getAttribute('aria-invalid')).toBe('true');
    expect(posted).toBe(0);
    await page.context().close();
  });

  it('a sent message shows a toast top-right, over the header (ADR 065), F8 focuses it and a 50 px swipe right dismisses it', async () => {
    const page = await openPage(app.browser, `${app.server.url}/contact`);
    await sendContactMessage(page);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect(await toast.textContent()).toContain('Message sent');
    expect(await page.getByLabel('Your name').inputValue()).toBe('');

    const viewport = page.getByRole('region', { name: /Notifications/ });
    const box = (await viewport.locator('ol').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(420);
    expect(box.x + box.width).toBeGreaterThan(1280 - 5);
    expect(box.y).toBeLessThan(5);

    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('OL');

    const toastBox = (await toast.boundingBox())!;
    const y = toastBox.y + toastBox.height / 2;
    await page.mouse.move(toastBox.x + 40, y);
    await page.mouse.down();
    await page.mouse.move(toastBox.x + 70, y, { steps: 5 });
    await page.mouse.move(toastBox.x + 110, y, { steps: 5 });
    await page.mouse.up();
    await toast.waitFor({ state: 'detached', timeout: 2000 });
    await page.context().close();
  });

  it('keeps at most one toast on screen and hides it after 5 seconds', async () => {
    const page = await openPage(app.browser, `${app.server.url}/contact`);
    await sendContactMessage(page);
    await page.getByTestId('toast').waitFor();
    const secondAnswer = page.waitForResponse((response) => response.url().endsWith('/api/contact'));
    await sendContactMessage(page);
    await secondAnswer;
    await page.waitForTimeout(300);
    expect(await page.getByTestId('toast').count()).toBe(1);
    const shownAt = Date.now();
    await page.getByTestId('toast').waitFor({ state: 'detached', timeout: 7000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    await page.context().close();
  });

  it('puts toasts at the top of the screen on a phone', async () => {
    const page = await openPage(app.browser, `${app.server.url}/contact`, { viewport: { width: 390, height: 844 } });
    await sendContactMessage(page);
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    expect((await toast.boundingBox())!.y).toBeLessThan(100);
    await page.context().close();
  });
});

describe('error view', () => {
  it('shows Try Again when a page cannot load, and Try Again recovers', async () => {
    const context = await newContext(app.browser);
    let blocked = true;
    await context.route(/\/assets\/about-page-.*\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    const page = await context.newPage();
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    blocked = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'About GlobalTopUp' }).waitFor();
    await context.close();
  });
});
