import type { Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { createAccount, PASSWORD } from './account-helpers';

/** The current code of an authenticator app set up from an otpauth:// URI. */
export function totpCode(totpUri: string): string {
  return OTPAuth.URI.parse(totpUri).generate();
}

/** POST from the page's origin, so the page's cookies go with it and come back from it. */
async function post<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { path, body },
  );
}

/** Opens the confirmation link of the newest e-mail sent to `email`, as its owner would. */
export async function confirmEmail(page: Page, origin: string, email: string) {
  const outbox = await page.request.get(`${origin}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { message } = (await outbox.json()) as { message: { text: string } };
  await page.goto(/https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(message.text)![0]);
}

/** Turns two-factor on for the page's account, which also gives this session its code. Answers the authenticator's URI. */
export async function turnOnTwoFactor(page: Page): Promise<string> {
  const { totpURI } = await post<{ totpURI: string }>(page, '/api/auth/two-factor/enable', { password: PASSWORD });
  await post(page, '/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) });
  return totpURI;
}

/** Signs the page in with the password alone (an account without two-factor, or before it is turned on). */
export async function signInWithPassword(page: Page, email: string) {
  await post(page, '/api/auth/sign-in/email', { email, password: PASSWORD });
}

/** Signs an admin with two-factor in on the page: the password, then the authenticator's code. */
export async function signInWithCode(page: Page, email: string, totpUri: string) {
  await signInWithPassword(page, email);
  await post(page, '/api/auth/two-factor/verify-totp', { code: totpCode(totpUri) });
}

/**
 * An admin signed in on the page: the account is made through the API, its address (listed in the server's
 * ADMIN_EMAILS) confirmed by its link, and, unless `twoFactor` is false, two-factor turned on in this session. Answers
 * the authenticator's URI.
 */
export async function signedInAdmin(page: Page, origin: string, email: string, { twoFactor = true } = {}): Promise<string | null> {
  await createAccount(page, email);
  await confirmEmail(page, origin, email);
  if (!twoFactor) return null;
  // Turning two-factor on replaces the session. A call the profile page (where the link lands) still has under way
  // with the old one would be answered by clearing the session cookie after the new one was set: let it finish first.
  await page.waitForLoadState('networkidle');
  return turnOnTwoFactor(page);
}

/** The account's language and theme, saved on the server as the settings save them (they follow the account). */
export async function useSettings(page: Page, settings: { language: string; theme: string }) {
  await page.evaluate(async (body) => {
    const response = await fetch('/api/user/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`settings: ${response.status}`);
  }, settings);
}

/** Opens a console page by its whole address and waits until its h1 is there and nothing is loading any more. */
export async function openConsoleAt(page: Page, url: string) {
  await page.goto(url);
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="admin-loading"]'));
}
