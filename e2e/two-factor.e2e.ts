import type { Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { PASSWORD, register, signIn } from './account-helpers';
import { openPage, useServerAndBrowser } from './fixtures';

const app = useServerAndBrowser();

/** The code an authenticator app shows for the setup key the profile displays (grouped in fours). */
function codeFor(key: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key.replace(/\s/g, '')), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/** A six-digit code that is not the current one (nor any nearby one: it is half a million away). */
const wrongCode = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

const twoFactor = (page: Page) => page.getByTestId('two-factor-section');

async function openProfile(page: Page) {
  await page.goto(`${app.server.url}/profile`);
  await page.getByRole('heading', { name: 'Your profile' }).waitFor();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.getByRole('link', { name: 'Login / Register' }).waitFor();
}

/** Turns two-factor on from the profile; answers the setup key and the backup codes it showed. */
async function turnOnTwoFactor(page: Page): Promise<{ key: string; backupCodes: string[] }> {
  await openProfile(page);
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await twoFactor(page).getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByTestId('two-factor-enrolment').waitFor();
  const key = (await page.getByTestId('two-factor-key').textContent())!;
  const backupCodes = (await page.getByTestId('two-factor-backup-codes').locator('li').allTextContents()).map((code) => code.trim());
  await twoFactor(page).getByLabel('6-digit code from the app').fill(codeFor(key));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect.poll(() => twoFactor(page).getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is on');
  return { key, backupCodes };
}

describe('two-factor authentication', () => {
  it('is turned on from the profile, challenged at sign-in, and turned off with a code', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'nadia@example.com', 'nadia');
    await page.getByTestId('user-menu').waitFor();
    await openProfile(page);
    expect(await twoFactor(page).getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is off');

    // A wrong password is refused where it was typed.
    await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
    await twoFactor(page).getByLabel('Password').fill('not-the-password-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => twoFactor(page).getByRole('alert').textContent()).toBe('That password is not correct.');
    expect(await twoFactor(page).getByLabel('Password').getAttribute('aria-invalid')).toBe('true');

    await twoFactor(page).getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('two-factor-enrolment').waitFor();
    expect(await page.getByTestId('two-factor-qr').locator('svg').count()).toBe(1);
    expect(await page.getByTestId('two-factor-backup-codes').locator('li').count()).toBe(10);
    const key = (await page.getByTestId('two-factor-key').textContent())!;
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);

    await twoFactor(page)
      .getByLabel('6-digit code from the app')
      .fill(wrongCode(codeFor(key)));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect.poll(() => twoFactor(page).getByRole('alert').textContent()).toContain('That code is not correct.');

    await twoFactor(page).getByLabel('6-digit code from the app').fill(codeFor(key));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect.poll(() => twoFactor(page).getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is on');
    await page.getByRole('button', { name: 'Turn off' }).waitFor();

    // Sign-in now asks for a code.
    await signOut(page);
    await page.goto(`${app.server.url}/auth`);
    await signIn(page, 'nadia@example.com');
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    await page.getByLabel('Code').fill(wrongCode(codeFor(key)));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByTestId('inline-error').textContent()).toContain('Could not sign you in');
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await page.getByLabel('Code').fill(codeFor(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, nadia');

    // Turning it off needs a current code and the password.
    await openProfile(page);
    await page.getByRole('button', { name: 'Turn off' }).click();
    await twoFactor(page)
      .getByLabel('6-digit code from the app')
      .fill(wrongCode(codeFor(key)));
    await twoFactor(page).getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await expect.poll(() => twoFactor(page).getByRole('alert').textContent()).toContain('That code is not correct.');
    expect(await twoFactor(page).getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is on');

    await twoFactor(page).getByLabel('6-digit code from the app').fill(codeFor(key));
    await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
    await expect.poll(() => twoFactor(page).getByTestId('two-factor-status').textContent()).toBe('Two-factor authentication is off');

    // And sign-in no longer asks for one.
    await signOut(page);
    await page.goto(`${app.server.url}/auth`);
    await signIn(page, 'nadia@example.com');
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByRole('heading', { name: 'Two-factor verification' }).count()).toBe(0);
    await page.context().close();
  });

  it('asks for the code after Google sign-in too, and signs in only with it', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'gina@example.com', 'gina');
    await page.getByTestId('user-menu').waitFor();
    // Google signs in to an existing account only when its address is confirmed.
    const outbox = await page.request.get(`${app.server.url}/api/dev/outbox?to=${encodeURIComponent('gina@example.com')}`);
    await page.goto(/https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(((await outbox.json()) as { message: { text: string } }).message.text)![0]);
    const { key } = await turnOnTwoFactor(page);
    await signOut(page);

    await page.goto(`${app.server.url}/auth`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByLabel('Email').fill('gina@example.com');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    expect((await page.request.get(`${app.server.url}/api/user`)).status()).toBe(401);
    await page.getByLabel('Code').fill(codeFor(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, gina');
    await page.context().close();
  });

  it('signs in with a backup code when the authenticator is not at hand, and each code works once', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'lena@example.com', 'lena');
    await page.getByTestId('user-menu').waitFor();
    const { backupCodes } = await turnOnTwoFactor(page);
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);

    const challengeWithBackupCode = async (code: string) => {
      await page.goto(`${app.server.url}/auth`);
      await signIn(page, 'lena@example.com');
      await page.getByRole('heading', { name: 'Two-factor verification' }).waitFor();
      await page.getByRole('button', { name: 'Use a backup code instead' }).click();
      await page.getByLabel('Backup code').fill(code);
      await page.getByRole('button', { name: 'Verify' }).click();
    };

    // Typed without its hyphen, as people do.
    await signOut(page);
    await challengeWithBackupCode(backupCodes[0]!.replace('-', ''));
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, lena');

    // The same code again is refused; the way back to the authenticator's code is there.
    await signOut(page);
    await challengeWithBackupCode(backupCodes[0]!);
    await expect.poll(() => page.getByTestId('inline-error').textContent()).toContain('Could not sign you in');
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    await page.getByRole('button', { name: 'Use the code from your authenticator app' }).click();
    await page.getByLabel('Code', { exact: true }).waitFor();
    await page.context().close();
  });

  it('lists the linked sign-in methods and keeps the last one', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'tomas@example.com', 'tomas');
    await page.getByTestId('user-menu').waitFor();
    await openProfile(page);

    const password = page.getByTestId('sign-in-method-credential');
    await password.waitFor();
    expect(await password.textContent()).toContain('Email and password');
    expect(await password.textContent()).toContain('Linked');
    const unlink = password.getByRole('button', { name: 'Unlink Email and password' });
    expect(await unlink.isDisabled()).toBe(true);
    const hintId = await unlink.getAttribute('aria-describedby');
    expect(await page.locator(`#${hintId}`).textContent()).toBe('You need at least one way to sign in.');

    const google = page.getByTestId('sign-in-method-google');
    expect(await google.textContent()).toContain('Not linked');
    expect(await google.getByRole('button', { name: 'Link Google' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
