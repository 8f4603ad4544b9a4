import { describe, expect, it } from 'vitest';
import { openTab, PASSWORD, register, signIn } from './account-helpers';
import { newContext, openPage, useServerAndBrowser } from './fixtures';
import { confirmAsVisitor, text } from './top-up-helpers';

const app = useServerAndBrowser();

describe('accounts', () => {
  it('asks to confirm the e-mail address on the profile, sends the link again, and shows it confirmed once opened', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'ngozi@example.com', 'ngozi');
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${app.server.url}/profile`);
    await expect.poll(() => page.getByTestId('email-status').textContent()).toBe('Not confirmed yet: open the link we e-mailed you.');

    await page.getByRole('button', { name: 'Send the link again' }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('We sent the link again. Check your inbox.');
    const outbox = await page.request.get(`${app.server.url}/api/dev/outbox?to=${encodeURIComponent('ngozi@example.com')}`);
    const { message } = (await outbox.json()) as { message: { subject: string; text: string } };
    expect(message.subject).toBe('Confirm your GlobalTopUp e-mail address');
    const link = /https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(message.text)![0];

    await page.goto(link);
    await page.waitForURL(`${app.server.url}/profile`);
    await expect.poll(() => page.getByTestId('email-status').textContent()).toBe('Confirmed');
    await page.context().close();
  });

  it('registers, signs out and signs in again', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'amina@example.com', 'amina');
    await page.waitForURL(`${app.server.url}/`);
    const menu = page.getByTestId('user-menu');
    await menu.waitFor();
    expect(await menu.textContent()).toBe('Welcome, amina');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByTestId('logout-overlay').waitFor();
    await page.getByRole('link', { name: 'Login / Register' }).waitFor();
    expect(page.url()).toBe(`${app.server.url}/`);
    expect((await page.request.get(`${app.server.url}/api/user`)).status()).toBe(401);

    await page.getByRole('link', { name: 'Login / Register' }).click();
    await signIn(page, 'amina@example.com');
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${app.server.url}/profile`);
    await page.getByRole('heading', { name: 'Your profile' }).waitFor();
    expect(await page.getByTestId('profile-email').textContent()).toBe('amina@example.com');
    await page.context().close();
  });

  it('greets by the e-mail name when there is no username, and a wrong password shows the reason', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'kwame.mensah@example.com');
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, kwame.mensah');
    await page.context().clearCookies();

    await page.goto(`${app.server.url}/auth`);
    await signIn(page, 'kwame.mensah@example.com', 'not-the-password-1');
    // Said once, above the button, and not again in a toast.
    await expect.poll(() => page.getByTestId('inline-error').textContent()).toContain('Could not sign you in');
    expect(await page.getByTestId('toast').count()).toBe(0);
    await page.context().close();
  });

  it('resets a forgotten password with the link from the e-mail', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'jean@example.com', 'jean');
    await page.getByTestId('user-menu').waitFor();
    await page.context().clearCookies();

    await page.goto(`${app.server.url}/auth`);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email', { exact: true }).fill('jean@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('toast').waitFor();

    const outbox = await page.request.get(`${app.server.url}/api/dev/outbox?to=${encodeURIComponent('jean@example.com')}`);
    const { message } = (await outbox.json()) as { message: { text: string } };
    const link = /https?:\/\/\S+\/auth\?reset=\S+/.exec(message.text)![0];
    await page.goto(link.replace(/^https?:\/\/[^/]+/, app.server.url));
    await page.getByLabel('New password').fill('a-brand-new-secret-77');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('tab', { name: 'Login' }).waitFor();

    await signIn(page, 'jean@example.com', 'a-brand-new-secret-77');
    await page.getByTestId('user-menu').waitFor();
    await page.context().close();
  });
});

describe('the account forms check what was typed before sending it', () => {
  it('registering: each rule under its field, the first one focused, nothing sent until they are met', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    const signUps: string[] = [];
    page.on('request', (request) => void (request.url().endsWith('/api/auth/sign-up/email') && signUps.push(request.url())));
    await page.getByRole('tab', { name: 'Register' }).click();
    const email = openTab(page).getByLabel('Email', { exact: true });
    await email.fill('amina@');
    await openTab(page).getByLabel('Username (optional)').fill('ab');
    await openTab(page).getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();

    await openTab(page).getByRole('alert').nth(2).waitFor();
    await expect
      .poll(() => openTab(page).getByRole('alert').allTextContents())
      .toEqual([
        'Please enter a valid email address.',
        'Username must be 3 to 30 characters: letters, digits, dots, underscores or hyphens.',
        'Password must be at least 8 characters long.',
      ]);
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`#${describedBy}`).textContent()).toBe('Please enter a valid email address.');

    await email.fill('kojo@example.com');
    await expect.poll(() => openTab(page).getByRole('alert').count()).toBe(2);
    expect(await email.getAttribute('aria-invalid')).toBeNull();
    await openTab(page).getByLabel('Username (optional)').fill('');
    await openTab(page).getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(signUps).toEqual([]);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, kojo');
    expect(signUps).toHaveLength(1);
    await page.context().close();
  });

  it("the profile's username: the rule under the field, and a blank field removes the username", async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`);
    await register(page, 'yaw.k@example.com', 'yaw_k');
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${app.server.url}/profile`);
    const username = page.getByLabel('Username', { exact: true });
    await username.fill('has space');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#profile-username-error').waitFor();
    await expect
      .poll(() => page.locator('#profile-username-error').textContent())
      .toBe('Username must be 3 to 30 characters: letters, digits, dots, underscores or hyphens.');
    expect(await username.getAttribute('aria-invalid')).toBe('true');

    await username.fill('   ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Username saved');
    expect((await (await page.request.get(`${app.server.url}/api/user`)).json()).user.username).toBeNull();
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, yaw.k');
    await page.context().close();
  });

  it('in Arabic, the login and register forms read from the right, the login tab first', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth`, { storage: { language: 'ar' } });
    const login = await page.getByRole('tab', { name: 'تسجيل الدخول' }).boundingBox();
    const register = await page.getByRole('tab', { name: 'إنشاء حساب' }).boundingBox();
    expect(login!.x).toBeGreaterThan(register!.x);
    expect(await openTab(page).evaluate((panel) => getComputedStyle(panel).direction)).toBe('rtl');
    await page.context().close();
  });

  it('in Arabic, a sign-in code that is not six digits is named in Arabic', async () => {
    const page = await openPage(app.browser, `${app.server.url}/auth?post-auth=google&two-factor=required`, { storage: { language: 'ar' } });
    await page.getByLabel('الرمز', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'تحقّق' }).click();
    await page.getByRole('alert').waitFor();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('يُرجى إدخال أرقام الرمز الستة.');
    await page.context().close();
  });
});

describe('the sign-in gate', () => {
  it('brings a visitor back to the restored review after registering', async () => {
    const page = await openPage(app.browser, app.server.url);
    const total = await confirmAsVisitor(page);
    await register(page, 'fatima@example.com', 'fatima');
    await page.waitForURL(/\/\?restore=summary&country=NG&phone=08031234567$/);
    // Said in the restored form, not in a toast over it (ADR 065).
    await expect.poll(() => page.getByTestId('flow-notice').textContent()).toContain('Transaction Restored');
    await page.getByTestId('review-total').waitFor();
    await expect.poll(() => text(page, 'review-total')).toBe(total);
    await page.waitForURL(`${app.server.url}/`);
    expect(await page.getByTestId('user-menu').textContent()).toBe('Welcome, fatima');
    await page.context().close();
  });

  it('brings a visitor back after signing in with a password', async () => {
    const setup = await openPage(app.browser, `${app.server.url}/auth`);
    await register(setup, 'omar@example.com', 'omar');
    await setup.getByTestId('user-menu').waitFor();
    await setup.context().close();

    const page = await openPage(app.browser, app.server.url);
    await confirmAsVisitor(page);
    await signIn(page, 'omar@example.com');
    await page.getByTestId('review-total').waitFor();
    await expect.poll(() => page.getByTestId('flow-notice').textContent()).toContain('Continuing with your payment...');
    await page.context().close();
  });

  it('drops a pending top-up older than 30 minutes with Session Expired', async () => {
    const context = await newContext(app.browser, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(app.server.url);
    await page.clock.runFor(2000);
    await page.locator('#splash').waitFor({ state: 'detached' });
    await confirmAsVisitor(page);
    await page.clock.fastForward('31:00');
    await register(page, 'late@example.com', 'late');
    await page.waitForURL(`${app.server.url}/`);
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('Session Expired');
    expect(await page.evaluate(() => [localStorage.getItem('pendingAuthAction'), localStorage.getItem('pendingTransactionData')])).toEqual([
      null,
      null,
    ]);
    await context.close();
  });
});
