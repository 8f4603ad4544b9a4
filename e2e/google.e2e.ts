import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useServerAndBrowser } from './fixtures';
import { confirmAsVisitor, text } from './top-up-helpers';

// No GOOGLE_CLIENT_ID: 'Continue with Google' goes through the local OpenID Connect provider at /oidc.
const app = useServerAndBrowser();

/** Every URL the page navigates to or fetches, in order. */
function recordRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => seen.push(new URL(request.url())));
  return seen;
}

/** From the auth page: Continue with Google, then the provider's page. */
async function continueWithGoogle(page: Page) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL(/\/oidc\/interaction\//);
  expect(await page.title()).toBe('Local Google sign-in (development)');
}

async function signInAtProvider(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

describe('Google sign-in through the local provider', () => {
  it('signs a visitor in through the authorization code flow with PKCE', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    const requests = recordRequests(page);
    await continueWithGoogle(page);
    await signInAtProvider(page, 'zainab.okafor@example.com');
    const menu = page.getByTestId('user-menu');
    await menu.waitFor();
    expect(await menu.textContent()).toBe('Welcome, zainab.okafor');
    await page.waitForURL(`${app.server.url}/`);

    const authorize = requests.find((url) => url.pathname === '/oidc/auth');
    expect(authorize?.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize?.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize?.searchParams.get('client_id')).toBe('globaltopup-local');
    const callback = requests.find((url) => url.pathname === '/api/auth/callback/google');
    expect(callback?.searchParams.get('code')).toBeTruthy();
    expect(callback?.searchParams.get('state')).toBeTruthy();

    const profile = await page.request.get(`${app.server.url}/api/user`);
    expect(await profile.json()).toMatchObject({ success: true, user: { email: 'zainab.okafor@example.com' } });
    await page.context().close();
  });

  it('brings a visitor back to the restored review after signing in with Google', async () => {
    const page = await openPage(app.browser, app.server.url);
    const total = await confirmAsVisitor(page);

    await continueWithGoogle(page);
    await signInAtProvider(page, 'chidi@example.com');
    await expect.poll(() => page.getByTestId('flow-notice').textContent()).toContain('Transaction Restored');
    await page.getByTestId('review-total').waitFor();
    await expect.poll(() => text(page, 'review-total')).toBe(total);
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, chidi');
    await page.context().close();
  });

  it('shows Sign in Failed when the sign-in is cancelled at the provider', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await continueWithGoogle(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/auth\?error=google/);
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Sign in Failed');
    expect(await page.getByTestId('toast').textContent()).toContain('Failed to sign in with Google. Please try again.');
    expect((await page.request.get(`${app.server.url}/api/user`)).status()).toBe(401);
    await page.context().close();
  });
});
