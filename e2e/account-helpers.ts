import type { Page } from 'playwright-core';

export const PASSWORD = 'correct-horse-battery-42';

/** The open tab of the auth page (the other one stays in the page, hidden). */
export const openTab = (page: Page) => page.getByRole('tabpanel');

export async function register(page: Page, email: string, username?: string) {
  await page.getByRole('tab', { name: 'Register' }).click();
  await openTab(page).getByLabel('Email', { exact: true }).fill(email);
  if (username) await openTab(page).getByLabel('Username (optional)').fill(username);
  await openTab(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

export async function signIn(page: Page, email: string, password = PASSWORD) {
  await openTab(page).getByLabel('Email', { exact: true }).fill(email);
  await openTab(page).getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Makes an account through the API from the page's origin, signing the page in, as a returning customer would be. */
export async function createAccount(page: Page, email: string, username?: string) {
  await page.evaluate(
    async ({ email, password, username }) => {
      const response = await fetch('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password, name: email.split('@')[0], ...(username ? { username } : {}) }),
      });
      if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
    },
    { email, password: PASSWORD, username },
  );
}

/**
 * A signed-in customer on `path`, the account made through the API (for tests that are not about signing in): quicker
 * than the form, and the page shows the account from its first paint.
 */
export async function signedInPage(page: Page, origin: string, email: string, { username, path = '/' }: { username?: string; path?: string } = {}) {
  await createAccount(page, email, username);
  await page.goto(`${origin}${path}`);
  await page.getByTestId('user-menu').waitFor();
}
