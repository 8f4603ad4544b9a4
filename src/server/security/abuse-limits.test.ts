import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, orders } from '../db/schema';
import { useTestApp } from '../testing/app';
import { TEST_ORIGIN } from '../testing/accounts';

const PASSWORD = 'Lagos-to-Accra-2026';
const validMessage = { name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', message: 'My top-up to Lagos has not arrived yet.' };

/** A 429 as the browser needs it: the readable message, its translation key, and when to try again. */
function expectLimited(response: LightMyRequestResponse, messageKey: string, message: string) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ success: false, code: 'RATE_LIMITED', messageKey, message });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('limits on abusable flows', () => {
  const testApp = useTestApp();

  it('limits sign-ups to 50 an hour per address (a ceiling against scripts), whatever X-Forwarded-For claims', async () => {
    const signUp = (index: number, remoteAddress: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `bot${index}@example.com`, password: PASSWORD },
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `192.0.2.${index}` },
        remoteAddress,
      });
    for (let index = 0; index < 50; index += 1) expect((await signUp(index, '203.0.113.20')).statusCode).toBe(200);
    expectLimited(
      await signUp(50, '203.0.113.20'),
      'apiErrors.tooManySignUps',
      'Too many accounts were created from your network. Please try again in an hour.',
    );
    expect((await signUp(51, '203.0.113.21')).statusCode).toBe(200);
  });

  it('sends one recipient at most 3 reset e-mails an hour, however many addresses ask', async () => {
    await testApp.client().signUp('victim@example.com', PASSWORD);
    const ask = (email: string) => testApp.client().post('/api/auth/request-password-reset', { email });
    for (let index = 0; index < 3; index += 1) expect((await ask('victim@example.com')).statusCode).toBe(200);
    expectLimited(
      await ask('VICTIM@example.com'),
      'apiErrors.tooManyAccountMails',
      'Too many e-mails were asked for this address. Please wait an hour and try again.',
    );
    const resetMails = await testApp.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'victim@example.com'), eq(emailOutbox.subject, 'Reset your GlobalTopUp password')));
    expect(resetMails).toHaveLength(3);
  });

  it('limits operator detections to 30 a minute per address, even 40 at once', async () => {
    const detect = (index: number) =>
      testApp.app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/0803123${4000 + index}/NG`, remoteAddress: '203.0.113.30' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, index) => detect(index)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(10);
    expectLimited(refused[0]!, 'apiErrors.tooManyDetections', 'Too many phone numbers were checked. Please wait a minute and try again.');
    expect(
      (await testApp.app.inject({ method: 'GET', url: '/api/reloadly/operator-detect/08031234567/NG', remoteAddress: '203.0.113.31' })).statusCode,
    ).toBe(200);
  });

  /** A signed-up buyer and their checkout starts, each from an address of its own unless one is given. */
  async function checkoutStarts(email: string) {
    const buyer = testApp.client();
    await buyer.signUp(email, PASSWORD);
    const operator = (await buyer.get('/api/reloadly/operator-detect/08031234567/NG')).json().data as {
      operatorId: number;
      suggestedAmounts: number[];
    };
    return (index: number, { phone = `0803123${String(4000 + index)}`, remoteAddress = `203.0.113.${100 + index}` } = {}) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        payload: {
          amount: operator.suggestedAmounts[0]!.toFixed(2),
          orderKey: randomUUID(),
          operatorId: operator.operatorId,
          countryCode: 'NG',
          phone,
        },
        headers: { origin: TEST_ORIGIN, cookie: buyer.cookies },
        remoteAddress,
      });
  }

  it('lets a customer top up four relatives in a row, a retry besides, and limits checkout starts to 5 a minute from any address', async () => {
    const start = await checkoutStarts('buyer@example.com');
    for (let index = 0; index < 5; index += 1) expect((await start(index)).statusCode).toBe(200);
    const refused = await start(5);
    expectLimited(refused, 'payment.messages.rate_limit', 'Too many payment attempts. Please wait a moment before trying again.');
    // The window is one minute.
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(await testApp.database.db.select().from(orders)).toHaveLength(5);
  });

  it('counts checkout starts refused for their input too, and answers a spent limit before any other refusal', async () => {
    const start = await checkoutStarts('prober@example.com');
    // Two numbers of the right shape that no Nigerian number has: refused for the number, and counted.
    for (const index of [0, 1]) expect((await start(index, { phone: '0000000000' })).statusCode).toBe(400);
    for (const index of [2, 3, 4]) expect((await start(index)).statusCode).toBe(200);
    expectLimited(await start(5), 'payment.messages.rate_limit', 'Too many payment attempts. Please wait a moment before trying again.');
    // Spent: an invalid start is told to wait, not what is wrong with it.
    expectLimited(
      await start(6, { phone: '0000000000' }),
      'payment.messages.rate_limit',
      'Too many payment attempts. Please wait a moment before trying again.',
    );
    expect(await testApp.database.db.select().from(orders)).toHaveLength(3);
  });

  it('lets exactly 5 of 8 checkout starts of one user sent at once through', async () => {
    const start = await checkoutStarts('racer@example.com');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => start(index)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(await testApp.database.db.select().from(orders)).toHaveLength(5);
  });

  it('limits checkout starts to 20 per address in 10 minutes, over several accounts', async () => {
    const starts = await Promise.all(Array.from({ length: 7 }, (_, index) => checkoutStarts(`shared${index}@example.com`)));
    const answers = [];
    for (let index = 0; index < 21; index += 1) answers.push(await starts[index % 7]!(index, { remoteAddress: '203.0.113.99' }));
    expect(answers.slice(0, 20).every((answer) => answer.statusCode === 200)).toBe(true);
    expectLimited(answers[20]!, 'payment.messages.rate_limit', 'Too many payment attempts. Please wait a moment before trying again.');
    // A refusal gives back what it counted under its other key: that user can still start from elsewhere.
    expect((await starts[6]!(30)).statusCode).toBe(200);
  });

  it('accepts exactly 5 of 6 contact messages sent at once from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        testApp.app.inject({ method: 'POST', url: '/api/contact', payload: validMessage, remoteAddress: '203.0.113.40' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429]);
    expectLimited(
      answers.find((answer) => answer.statusCode === 429)!,
      'apiErrors.tooManyContactMessages',
      'Too many messages were sent. Please wait 10 minutes and try again.',
    );
    expect(await testApp.database.db.select().from(contactMessages)).toHaveLength(5);
  });
});
