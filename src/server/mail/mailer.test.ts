import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { emailOutbox } from '../db/schema';
import { accountClient } from '../testing/accounts';
import { testConfig } from '../testing/app';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { verifyEmailMessage } from './account-emails';
import { createMailer, emailLinks, writesEmailsToLog, type EmailLog } from './mailer';

const PASSWORD = 'Lagos-to-Accra-2026';
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' };
/** What `npm start` runs: production, the sandbox payment provider, no SMTP_URL. */
const NPM_START = {
  NODE_ENV: 'production',
  PAYMENTS: 'sandbox',
  LOG_LEVEL: 'info',
  BETTER_AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
};

describe('which e-mails are written to the log', () => {
  it('only without SMTP_URL and without Stripe keys', () => {
    const stripe = { secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: undefined };
    expect(writesEmailsToLog({ smtpUrl: undefined, stripe: undefined })).toBe(true);
    expect(writesEmailsToLog({ smtpUrl: undefined, stripe })).toBe(false);
    expect(writesEmailsToLog({ smtpUrl: 'smtp://mail.example:25', stripe: undefined })).toBe(false);
    expect(writesEmailsToLog({ smtpUrl: 'smtp://mail.example:25', stripe })).toBe(false);
  });

  it("finds an e-mail's links once each, with the html's entities decoded", () => {
    const link = 'http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fprofile';
    expect(emailLinks(verifyEmailMessage({ to: 'amina@example.com', language: 'en', link }))).toEqual([link]);
    expect(emailLinks({ text: 'See https://a.example/x and https://a.example/x.', html: '<a href="https://b.example/?a=1&amp;b=2">b</a>' })).toEqual([
      'https://b.example/?a=1&b=2',
      'https://a.example/x',
      'https://a.example/x.',
    ]);
  });
});

describe('e-mails in the server log', () => {
  let database: TestDatabase;
  const lines: Array<Record<string, unknown>> = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const emailLines = () => lines.filter((line) => line.email !== undefined);

  async function signUpOn(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
    const app = await buildApp({ config: testConfig(env), database, logStream, reconciler: false, receiptSender: false });
    expect((await accountClient(app).signUp('amina@example.com', PASSWORD)).statusCode).toBe(200);
    return app;
  }

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
  });
  beforeEach(async () => {
    lines.length = 0;
    await database.reset();
  });
  afterAll(() => database.close());

  it('writes each e-mail, with its recipient, subject and links, on the sandbox payment provider without SMTP_URL, and the outbox route is off in production', async () => {
    const app = await signUpOn(NPM_START);
    try {
      const [kept] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'amina@example.com'));
      const link = /href="([^"]+)"/.exec(kept!.html)![1]!.replaceAll('&amp;', '&');
      expect(link).toMatch(/\/api\/auth\/verify-email\?token=/);
      expect(emailLines()).toEqual([
        expect.objectContaining({
          level: 30,
          msg: 'e-mail to amina@example.com (not sent: SMTP_URL is not set)',
          email: { to: 'amina@example.com', subject: 'Confirm your GlobalTopUp e-mail address', links: [link] },
        }),
      ]);
      const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=amina@example.com' });
      expect(outbox.statusCode).toBe(404);
      expect(outbox.body).not.toContain('verify-email');
    } finally {
      await app.close();
    }
  });

  it('never writes an e-mail or its links to the log when Stripe keys are set, in production or not', async () => {
    for (const env of [
      { ...NPM_START, PAYMENTS: 'stripe', ...STRIPE_KEYS },
      { LOG_LEVEL: 'info', ...STRIPE_KEYS },
    ]) {
      await database.reset();
      const app = await signUpOn(env);
      try {
        const [kept] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'amina@example.com'));
        expect(kept?.subject).toBe('Confirm your GlobalTopUp e-mail address');
        expect(emailLines()).toEqual([]);
        expect(JSON.stringify(lines)).not.toContain('verify-email');
      } finally {
        await app.close();
      }
    }
  });

  it('writes the messages of a batch that were marked sent, and only those', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const log: EmailLog = { info: (details) => logged.push(details) };
    const message = (key: number) => ({
      key,
      email: { to: `Customer${key}@Example.com`, subject: `Receipt ${key}`, text: `https://globaltopup.test/r/${key}`, html: '<p></p>' },
    });
    // Key 2 was taken over by another worker: its mark returns no row, and it is neither kept nor logged.
    const mark = (keys: number[]) => sql`select key from unnest(${`{${keys.join(',')}}`}::integer[]) as marked (key) where key <> 2`;
    const outcomes = await createMailer({ smtpUrl: undefined, stripe: undefined }, database.db, log).sendMarked([1, 2, 3].map(message), mark);
    expect([...outcomes]).toEqual([
      [1, 'sent'],
      [2, 'lost'],
      [3, 'sent'],
    ]);
    expect(logged).toEqual([
      { email: { to: 'customer1@example.com', subject: 'Receipt 1', links: ['https://globaltopup.test/r/1'] } },
      { email: { to: 'customer3@example.com', subject: 'Receipt 3', links: ['https://globaltopup.test/r/3'] } },
    ]);

    const stripe = { secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: undefined };
    logged.length = 0;
    await createMailer({ smtpUrl: undefined, stripe }, database.db, log).sendMarked([4].map(message), mark);
    await createMailer({ smtpUrl: undefined, stripe }, database.db, log).send(message(5).email);
    expect(logged).toEqual([]);
    expect((await database.db.select().from(emailOutbox)).map((row) => row.subject).sort()).toEqual([
      'Receipt 1',
      'Receipt 3',
      'Receipt 4',
      'Receipt 5',
    ]);
  });

  it('serves the outbox over HTTP outside production only', async () => {
    const app = await signUpOn({ LOG_LEVEL: 'info' });
    try {
      const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox?to=amina@example.com' });
      expect(outbox.statusCode).toBe(200);
      expect(outbox.json().message).toMatchObject({ to: 'amina@example.com', subject: 'Confirm your GlobalTopUp e-mail address' });
    } finally {
      await app.close();
    }
  });
});
