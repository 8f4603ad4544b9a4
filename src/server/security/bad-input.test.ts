import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, orders, user } from '../db/schema';
import { useTestApp } from '../testing/app';
import { TEST_ORIGIN } from '../testing/accounts';
import { SANDBOX_NUMBERS } from '../testing/orders';

const PASSWORD = 'Lagos-to-Accra-2026';
const NUL = '\u0000';
const RIGHT_TO_LEFT_OVERRIDE = '\u202e';
const validMessage = { name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'My top-up to Lagos has not arrived yet.' };
let addressCounter = 0;
const freshAddress = () => `198.51.100.${++addressCounter % 250}`;

describe('bad input', () => {
  const testApp = useTestApp();

  async function signedIn() {
    const browser = testApp.client();
    expect((await browser.signUp('amina@example.com', PASSWORD)).statusCode).toBe(200);
    return browser;
  }
  const storedUser = async () => (await testApp.database.db.select().from(user).where(eq(user.email, 'amina@example.com')))[0]!;

  it.each([
    ['{}', {}],
    ['null', null],
  ])('answers POST /api/user/settings with %s by a 400, changing nothing', async (_label, body) => {
    const browser = await signedIn();
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/user/settings',
      payload: JSON.stringify(body),
      headers: { cookie: browser.cookies, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', message: 'language, theme or receiptEmails is required' });
    expect(await storedUser()).toMatchObject({ language: 'en', theme: 'system' });
  });

  it.each([
    ['a NUL in the message', { ...validMessage, message: `My top-up${NUL} has not arrived.` }, 'message'],
    ['a NUL in the name', { ...validMessage, name: `Amina${NUL}` }, 'name'],
    ['a right-to-left override in the name', { ...validMessage, name: `Amina ${RIGHT_TO_LEFT_OVERRIDE}fdp.exe` }, 'name'],
  ])('refuses a contact message with %s, naming the field and storing nothing', async (_label, payload, field) => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: freshAddress() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
    expect(await testApp.database.db.select().from(contactMessages)).toHaveLength(0);
  });

  it.each([
    ['a NUL', { name: `Amina${NUL}Yusuf` }, 'name'],
    ['100,000 characters', { name: 'A'.repeat(100_000) }, 'name'],
    ['a right-to-left override', { name: `Amina${RIGHT_TO_LEFT_OVERRIDE}` }, 'name'],
    ['a number', { name: 42 }, 'name'],
    ['a javascript: image', { image: 'javascript:alert(document.cookie)' }, 'image'],
    ['a data: image', { image: 'data:text/html,<script>alert(1)</script>' }, 'image'],
    ['a plain http image', { image: 'http://example.com/me.png' }, 'image'],
  ])('refuses a name or image with %s through Better Auth update-user, storing nothing', async (_label, payload, field) => {
    const browser = await signedIn();
    const before = await storedUser();
    const response = await browser.post('/api/auth/update-user', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
    const after = await storedUser();
    expect({ name: after.name, image: after.image }).toEqual({ name: before.name, image: before.image });
  });

  it('accepts an https image and a name in any script', async () => {
    const browser = await signedIn();
    expect((await browser.post('/api/auth/update-user', { name: 'أمينة يوسف', image: 'https://images.example/amina.png' })).statusCode).toBe(200);
    expect(await storedUser()).toMatchObject({ name: 'أمينة يوسف', image: 'https://images.example/amina.png' });
  });

  it.each([
    ['a NUL in the name', { name: `Kofi${NUL}` }, 'name'],
    ['a 100,000-character name', { name: 'K'.repeat(100_000) }, 'name'],
    ['a javascript: image', { image: 'javascript:alert(1)' }, 'image'],
    ['a 300-character e-mail', { email: `${'k'.repeat(288)}@example.com` }, 'email'],
  ])('refuses a sign-up with %s, creating no account', async (_label, extra, field) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'kofi@example.com', password: PASSWORD, ...extra },
      headers: { origin: TEST_ORIGIN },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field });
    expect(await testApp.database.db.select().from(user)).toHaveLength(0);
  });

  it('refuses a 100,012-character receipt e-mail at checkout, creating no order', async () => {
    const browser = await signedIn();
    const detected = await browser.get(`/api/reloadly/operator-detect/${SANDBOX_NUMBERS.successful}/NG`);
    const operator = detected.json().data as { operatorId: number; suggestedAmounts: number[] };
    const response = await browser.post('/api/create-payment-intent', {
      amount: operator.suggestedAmounts[0]!.toFixed(2),
      email: `${'a'.repeat(100_000)}@example.com`,
      orderKey: 'order-key-12345',
      operatorId: operator.operatorId,
      countryCode: 'NG',
      phone: SANDBOX_NUMBERS.successful,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field: 'email' });
    expect(await testApp.database.db.select().from(orders)).toHaveLength(0);
  });

  describe('a corpus of malformed bodies on every state-changing call', () => {
    const strings = [
      NUL,
      `x${NUL}y`,
      'A'.repeat(100_000),
      `${RIGHT_TO_LEFT_OVERRIDE}abc`,
      '\ud800',
      '%00',
      '../../etc/passwd',
      '<script>alert(1)</script>',
    ];
    const shapes: unknown[] = [
      null,
      [],
      'text',
      42,
      true,
      {},
      { __proto__: { isAdmin: true } },
      { constructor: { prototype: { isAdmin: true } } },
      [[[[[]]]]],
    ];
    const routes: Array<{ url: string; fields: string[] }> = [
      { url: '/api/contact', fields: ['name', 'email', 'topic', 'message', 'language'] },
      { url: '/api/user/settings', fields: ['language', 'theme'] },
      { url: '/api/user', fields: ['username'] },
      { url: '/api/create-payment-intent', fields: ['amount', 'email', 'orderKey', 'operatorId', 'countryCode', 'phone', 'fee', 'totalAmount'] },
      { url: '/api/reloadly/topup', fields: ['paymentIntentId', 'operatorId', 'amount', 'customIdentifier', 'operatorName'] },
      { url: '/api/sandbox-payments/pi_missing/confirm', fields: ['clientSecret'] },
      { url: '/api/auth/sign-up/email', fields: ['email', 'password', 'name', 'username', 'image'] },
      { url: '/api/auth/sign-in/email', fields: ['email', 'password'] },
      { url: '/api/auth/update-user', fields: ['name', 'image', 'username', 'language', 'theme'] },
      { url: '/api/auth/request-password-reset', fields: ['email', 'redirectTo'] },
      { url: '/api/auth/reset-password', fields: ['token', 'newPassword'] },
      { url: '/api/auth/two-factor/verify-totp', fields: ['code'] },
      { url: '/api/auth/two-factor/enable', fields: ['password'] },
    ];

    it('answers every one with a 4xx (never a 500) and stores none of the strings', async () => {
      const browser = await signedIn();
      const answers: Array<{ url: string; body: string; status: number }> = [];
      for (const { url, fields } of routes) {
        const bodies = [
          ...shapes.map((shape) => JSON.stringify(shape)),
          ...fields.flatMap((field) => [...strings.map((text) => JSON.stringify({ [field]: text })), JSON.stringify({ [field]: { nested: [NUL] } })]),
        ];
        for (const body of bodies) {
          const method = url === '/api/user' ? 'PATCH' : 'POST';
          const response = await testApp.app.inject({
            method,
            url,
            payload: body,
            headers: { cookie: browser.cookies, origin: TEST_ORIGIN, 'content-type': 'application/json' },
            remoteAddress: freshAddress(),
          });
          answers.push({ url, body: body.slice(0, 60), status: response.statusCode });
        }
      }
      expect(answers.length).toBeGreaterThan(300);
      expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
      expect(await testApp.database.db.select().from(contactMessages)).toHaveLength(0);
      // Text such as '<script>' may be a name (every screen escapes it); NUL, bidi controls and 100,000 characters may not.
      const stored = await storedUser();
      expect(stored.name.length).toBeLessThanOrEqual(100);
      expect([NUL, RIGHT_TO_LEFT_OVERRIDE].filter((character) => stored.name.includes(character))).toEqual([]);
      expect(stored.image).toBeNull();
      expect(stored).toMatchObject({ isAdmin: false, username: null, language: 'en', theme: 'system' });
    });
  });
});
