import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DECLINE_ALERT } from '../../shared/api/admin-overview';
import type { AdminSettlementResponse } from '../../shared/api/admin-settlement';
import type { Database } from '../db/client';
import { adminAuditLog, alertSettings, emailOutbox, settlementEmails, user } from '../db/schema';
import { createMailer, type Mailer } from '../mail/mailer';
import { utcDay } from '../orders/daily-figures';
import { silentLog } from '../orders/services';
import { signedInAdmin } from '../testing/admin-client';
import { useTestApp } from '../testing/app';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { createSandboxTopupProvider } from '../topups/sandbox';
import { defaultAlertThresholds, readAlertThresholds, updateAlertSettings } from './alert-settings';
import { runBusinessChecks, type BusinessCheckDeps } from './job';
import { sendSettlementEmail, settlementEmail, type SettlementEmailDeps } from './settlement-email';
import { createWalletGauge } from './wallet-balance';

const DEFAULTS = defaultAlertThresholds({ lowWalletBalance: 500, declineAlert: DEFAULT_DECLINE_ALERT });
const HOUR = 60 * 60_000;
const PUBLIC_URL = 'https://globaltopup.test';

/** Turns the morning e-mail on or off at `hour` (UTC), as the console's form saves it: versioned and audited. */
async function saveSetting(db: Database, actor: { id: string; email: string }, on: boolean, hour: number, now: Date) {
  const version = (await db.select({ version: alertSettings.version }).from(alertSettings)).at(0)?.version ?? 0;
  await updateAlertSettings(db, {
    version,
    lowBalance: 50_000,
    operatorFailures: DEFAULTS.operatorFailures,
    operatorFailedPercent: DEFAULTS.operatorFailedPercent,
    operatorMinutes: DEFAULTS.operatorMinutes,
    switchOffFailingOperators: false,
    declinePercent: DEFAULTS.decline.ratePercent,
    declineMinPayments: DEFAULTS.decline.minPayments,
    settlementEmail: on,
    settlementEmailHour: hour,
    reason: 'the money desk reads it each morning',
    actor,
    now,
    defaults: DEFAULTS,
  });
}

const settlementMails = (db: Database) =>
  db
    .select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(like(emailOutbox.text, '%/admin/settlement?from=%'))
    .orderBy(emailOutbox.to);

describe.each(TEST_DATABASE_KINDS)('the morning settlement e-mail on %s', (kind) => {
  let database: TestDatabase;
  const clock = { now: new Date('2026-11-28T06:59:00.000Z') };
  const admin = { id: '', email: 'desk@example.com' };

  const instance = (mailer?: Mailer): BusinessCheckDeps => ({
    db: database.db,
    topups: createSandboxTopupProvider(database.db),
    mailer: mailer ?? createMailer({ smtpUrl: undefined, stripe: undefined }, database.db),
    publicUrl: PUBLIC_URL,
    now: () => clock.now,
    log: silentLog,
    defaults: DEFAULTS,
    gauge: createWalletGauge(),
    catalogue: { provider: 'sandbox', dropCaches: () => undefined },
  });
  const setting = async () => (await readAlertThresholds(database.db, DEFAULTS)).settlementEmail;
  const send = (deps: SettlementEmailDeps) => async () => sendSettlementEmail(deps, await setting());

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
    clock.now = new Date('2026-11-28T06:59:00.000Z');
    admin.id = await insertTestUser(database.db, admin.email);
    const arabic = await insertTestUser(database.db, 'maktab@example.com');
    await database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    await database.db.update(user).set({ isAdmin: true, language: 'ar' }).where(eq(user.id, arabic));
    const customer = await insertTestUser(database.db, 'customer@example.com');
    // Yesterday's orders (27 November), one completed and one refunded; and one of today, which the e-mail leaves out.
    const base = { userId: customer, percentageFeeCents: 30, standardFeeCents: 33, providerCostCents: 930, processorFeeCents: 61 };
    await insertOrderRow(database.db, { ...base, status: 'completed', totalCents: 1063, createdAt: new Date('2026-11-27T10:00:00Z') });
    await insertOrderRow(database.db, {
      ...base,
      status: 'refunded',
      totalCents: 2000,
      countryIso: 'GH',
      createdAt: new Date('2026-11-27T23:30:00Z'),
    });
    await insertOrderRow(database.db, { ...base, status: 'completed', totalCents: 5000, createdAt: new Date('2026-11-28T01:00:00Z') });
  });
  afterAll(() => database.close());

  it('is sent once a day at its hour, not before, by one of two instances, to every admin in their language', async () => {
    await saveSetting(database.db, admin, true, 7, clock.now);
    const [a, b] = [instance(), instance()];
    // A minute before the hour: nothing, whichever instance looks.
    expect(await send(a)()).toBe('early');
    await runBusinessChecks(a);
    expect(await settlementMails(database.db)).toEqual([]);

    // At the hour both instances look at once: one claims the day and sends, the other finds it taken.
    clock.now = new Date('2026-11-28T07:00:00.000Z');
    const outcomes = await Promise.all([send(a)(), send(b)(), send(a)()]);
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(2);
    expect(outcomes).toContainEqual({ sent: 2 });
    const mails = await settlementMails(database.db);
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ['desk@example.com', 'GlobalTopUp settlement of 2026-11-27'],
      // The date reads left to right inside the Arabic line.
      ['maktab@example.com', 'تسوية GlobalTopUp ليوم \u20662026-11-27\u2069'],
    ]);
    const [english, arabic] = mails;
    expect(english!.text).toContain('Orders completed: 2');
    expect(english!.text).toContain('Captured: $30.63');
    expect(english!.text).toContain('Refunded: $20.00');
    expect(english!.text).toContain(`${PUBLIC_URL}/admin/settlement?from=2026-11-27&to=2026-11-27`);
    expect(english!.html).toContain('href="https://globaltopup.test/admin/settlement?from=2026-11-27&amp;to=2026-11-27"');
    expect(arabic!.html).toMatch(/^<div dir="rtl" lang="ar">/);
    expect(arabic!.text).toContain('الهامش');
    expect(await database.db.select({ day: settlementEmails.day, recipients: settlementEmails.recipients }).from(settlementEmails)).toEqual([
      { day: '2026-11-27', recipients: 2 },
    ]);

    // Later that day, every minute's checks on both instances send nothing more.
    for (const hours of [1, 5, 16.9]) {
      clock.now = new Date(Date.parse('2026-11-28T07:00:00.000Z') + hours * HOUR);
      await Promise.all([runBusinessChecks(a), runBusinessChecks(b)]);
    }
    expect(await settlementMails(database.db)).toHaveLength(2);

    // The next morning the business checks send the 28th's, once.
    clock.now = new Date('2026-11-29T07:00:30.000Z');
    await Promise.all([runBusinessChecks(a), runBusinessChecks(b)]);
    const next = (await settlementMails(database.db)).filter((mail) => mail.subject.includes('2026-11-28'));
    expect(next.map((mail) => mail.to)).toEqual(['desk@example.com', 'maktab@example.com']);
    expect(next[0]!.text).toContain('Captured: $50.00');
  });

  it('is not sent while switched off, the default, nor after it is switched off again', async () => {
    clock.now = new Date('2026-11-28T09:00:00.000Z');
    expect(await send(instance())()).toBe('off');
    await runBusinessChecks(instance());
    expect(await settlementMails(database.db)).toEqual([]);

    await saveSetting(database.db, admin, true, 10, clock.now);
    await saveSetting(database.db, admin, false, 10, clock.now);
    clock.now = new Date('2026-11-28T11:00:00.000Z');
    expect(await send(instance())()).toBe('off');
    expect(await settlementMails(database.db)).toEqual([]);
    // Each save is audited with the switch and the hour before and after.
    const audits = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'alerts.update'));
    expect(audits.map((row) => [row.before, row.after].map((values) => (values as { settlementEmail: boolean }).settlementEmail))).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('gives the day back when no e-mail could go, so the next look sends it', async () => {
    await saveSetting(database.db, admin, true, 7, clock.now);
    clock.now = new Date('2026-11-28T07:10:00.000Z');
    const failing: Mailer = {
      ...createMailer({ smtpUrl: undefined, stripe: undefined }, database.db),
      send: () => Promise.reject(new Error('SMTP is away')),
    };
    await expect(send(instance(failing))()).rejects.toThrow('no settlement e-mail could be sent');
    expect(await database.db.select().from(settlementEmails)).toEqual([]);
    expect(await send(instance())()).toEqual({ sent: 2 });
  });
});

describe('the morning settlement e-mail and GET /api/admin/settlement', () => {
  const testApp = useTestApp();

  it('says the figures the API answers for yesterday', async () => {
    const desk = await signedInAdmin(testApp);
    const db = testApp.database.db;
    const now = new Date();
    const yesterday = utcDay(new Date(now.getTime() - 24 * HOUR));
    const customer = await insertTestUser(db);
    const yesterdayNoon = new Date(`${yesterday}T12:00:00.000Z`);
    for (const [status, totalCents, countryIso] of [
      ['completed', 1063, 'NG'],
      ['completed', 2500, 'GH'],
      ['refunded', 700, 'KE'],
    ] as const) {
      await insertOrderRow(db, {
        userId: customer,
        status,
        totalCents,
        countryIso,
        providerCostCents: 600,
        processorFeeCents: 40,
        createdAt: yesterdayNoon,
      });
    }
    const [deskUser] = await db.select().from(user).where(eq(user.isAdmin, true));
    const deps: SettlementEmailDeps = {
      db,
      mailer: createMailer({ smtpUrl: undefined, stripe: undefined }, db),
      publicUrl: PUBLIC_URL,
      now: () => now,
      log: silentLog,
    };
    expect(await sendSettlementEmail(deps, { on: true, hourUtc: 0 })).toEqual({ sent: 1 });
    const [sent] = await settlementMails(db);

    const answer = await desk.browser.get(`/api/admin/settlement?from=${yesterday}&to=${yesterday}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { success: _success, ...api } = answer.json<AdminSettlementResponse>();
    expect(api.totals.orders.completed).toBe(3);
    expect(sent).toEqual(settlementEmail(deskUser!.email, deskUser!.language, api, PUBLIC_URL));
  });
});
