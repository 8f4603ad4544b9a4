import { and, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_DECLINE_ALERT } from '../../shared/api/admin-overview';
import { rowsOf } from '../db/raw-rows';
import { adminAuditLog, businessAlerts, disabledOperators, emailOutbox, paymentDeclines, user, walletDifferences } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { silentLog } from '../orders/services';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { createSandboxTopupProvider } from '../topups/sandbox';
import { setSandboxWalletBalance } from '../topups/sandbox/wallet';
import { defaultAlertThresholds, updateAlertSettings } from './alert-settings';
import { listOpenAlerts, resolveAlert } from './business-alerts';
import { checkDeclineRate, checkWalletDifferences, checkWalletLow, SYSTEM_ACTOR } from './checks';
import { BALANCE_READ_INTERVAL_MS, runBusinessChecks, type BusinessCheckDeps } from './job';
import { createWalletGauge, lastWalletReading } from './wallet-balance';

const START = new Date('2026-11-28T10:00:00.000Z');
const MINUTE = 60_000;
const DEFAULTS = defaultAlertThresholds({ lowWalletBalance: 500, declineAlert: DEFAULT_DECLINE_ALERT });
const ADMIN = { id: '', email: 'boss@example.com' };

describe.each(TEST_DATABASE_KINDS)('business alerts on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;
  const clock = { now: START };
  const dropped: string[] = [];

  /** One instance's checks: two of these on one database are two instances. */
  const instance = (): BusinessCheckDeps => ({
    db: database.db,
    topups: createSandboxTopupProvider(database.db),
    mailer: createMailer({ smtpUrl: undefined, stripe: undefined }, database.db),
    publicUrl: 'https://globaltopup.test',
    now: () => clock.now,
    log: silentLog,
    defaults: DEFAULTS,
    gauge: createWalletGauge(),
    catalogue: { provider: 'sandbox', dropCaches: () => dropped.push('catalogue') },
  });
  const advance = (ms: number) => (clock.now = new Date(clock.now.getTime() + ms));
  const alertEmails = () =>
    database.db.select({ to: emailOutbox.to, subject: emailOutbox.subject }).from(emailOutbox).where(like(emailOutbox.subject, 'GlobalTopUp alert%'));
  const open = async (alertKind: string) => (await listOpenAlerts(database.db)).filter((alert) => alert.kind === alertKind);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(async () => {
    await database.reset();
    clock.now = START;
    dropped.length = 0;
    userId = await insertTestUser(database.db);
    ADMIN.id = await insertTestUser(database.db, ADMIN.email);
    await database.db.update(user).set({ isAdmin: true }).where(eq(user.email, ADMIN.email));
  });
  afterAll(() => database.close());

  it('raises wallet_low once per crossing with two instances, e-mails the admins once each time, and clears it above the threshold', async () => {
    const [a, b] = [instance(), instance()];
    await setSandboxWalletBalance(database.db, 400);
    // Both instances at once: one takes the minute's turn.
    const turns = await Promise.all([runBusinessChecks(a), runBusinessChecks(b)]);
    expect(turns.filter(Boolean)).toHaveLength(1);
    // The same check run twice at once by both (as if both had the turn) still raises one.
    const reading = await lastWalletReading(database.db);
    await Promise.all([checkWalletLow(database.db, reading, DEFAULTS, clock.now), checkWalletLow(database.db, reading, DEFAULTS, clock.now)]);
    expect(await open('wallet_low')).toEqual([
      expect.objectContaining({ key: 'wallet', details: { balance: 400, currencyCode: 'USD', threshold: '500.00' } }),
    ]);
    expect(await alertEmails()).toEqual([{ to: ADMIN.email, subject: 'GlobalTopUp alert: the top-up wallet is low' }]);
    for (let minute = 0; minute < 3; minute++) {
      advance(MINUTE);
      await Promise.all([runBusinessChecks(a), runBusinessChecks(b)]);
    }
    expect(await open('wallet_low')).toHaveLength(1);
    expect(await alertEmails()).toHaveLength(1);
    // Both instances' gauges know the last reading, for their checkouts.
    expect([a.gauge.current()?.usdCents, b.gauge.current()?.usdCents]).toEqual([40_000, 40_000]);

    // Topped up: read at the next quarter hour, the crossing is over.
    await setSandboxWalletBalance(database.db, 900);
    advance(BALANCE_READ_INTERVAL_MS);
    await Promise.all([runBusinessChecks(a), runBusinessChecks(b)]);
    expect(await open('wallet_low')).toEqual([]);

    // Below again: a new crossing, a new e-mail.
    await setSandboxWalletBalance(database.db, 100);
    advance(BALANCE_READ_INTERVAL_MS);
    await Promise.all([runBusinessChecks(b), runBusinessChecks(a)]);
    expect(await open('wallet_low')).toHaveLength(1);
    expect(await alertEmails()).toHaveLength(2);
    const rows = await database.db.select().from(businessAlerts).where(eq(businessAlerts.kind, 'wallet_low'));
    expect(rows.map((row) => row.resolvedAt === null)).toEqual([false, true]);
  });

  it('lists each wallet difference once, with its orders, until a person resolves it, and never again after', async () => {
    const order = await insertOrderRow(database.db, { userId, status: 'completed' });
    const previous = await insertOrderRow(database.db, { userId, status: 'completed' });
    await database.db.insert(walletDifferences).values({
      orderId: order.id,
      kind: 'unexplained',
      previousOrderId: previous.id,
      day: '2026-11-28',
      amount: '3.2500',
      amountCents: 325,
      raisedAt: clock.now,
    });
    expect(await Promise.all([checkWalletDifferences(database.db, clock.now), checkWalletDifferences(database.db, clock.now)])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    const [alert] = await open('wallet_difference');
    expect(alert).toMatchObject({
      key: `unexplained:${order.id}`,
      details: { differenceKind: 'unexplained', orderId: order.id, previousOrderId: previous.id, day: '2026-11-28', amountCents: 325 },
    });

    const resolved = await resolveAlert(database.db, { id: alert!.id, note: 'A deposit we made', actor: ADMIN, now: clock.now });
    expect(resolved).toMatchObject({ resolutionNote: 'A deposit we made' });
    const [audit] = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'alert.resolve'));
    expect(audit).toMatchObject({ actorEmail: ADMIN.email, targetType: 'alert', targetId: String(alert!.id), reason: 'A deposit we made' });
    await expect(resolveAlert(database.db, { id: alert!.id, note: 'again', actor: ADMIN, now: clock.now })).rejects.toMatchObject({
      code: 'ALERT_ALREADY_RESOLVED',
    });
    await expect(resolveAlert(database.db, { id: 999_999, note: 'none', actor: ADMIN, now: clock.now })).rejects.toMatchObject({
      code: 'ALERT_NOT_FOUND',
    });

    advance(MINUTE);
    expect(await checkWalletDifferences(database.db, clock.now)).toBe(0);
    expect(await open('wallet_difference')).toEqual([]);
  });

  /** `failed` top-ups refused and `delivered` ones delivered by MTN Nigeria, created `ago` before now. */
  async function operatorOrders(failed: number, delivered: number, ago = MINUTE) {
    const createdAt = new Date(clock.now.getTime() - ago);
    for (let index = 0; index < failed + delivered; index++) {
      await insertOrderRow(database.db, {
        userId,
        status: index < failed ? 'delivery_failed' : 'completed',
        claimedAt: createdAt,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }

  it('raises operator_failing once and clears it; with the setting on, switches the operator off as the system, audited, and e-mails the admins', async () => {
    await updateAlertSettings(database.db, {
      version: 0,
      lowBalance: 0,
      operatorFailures: 5,
      operatorFailedPercent: 50,
      operatorMinutes: 15,
      switchOffFailingOperators: true,
      declinePercent: 20,
      declineMinPayments: 50,
      settlementEmail: false,
      settlementEmailHour: 7,
      reason: 'Switch failing operators off at night',
      actor: ADMIN,
      now: clock.now,
      defaults: DEFAULTS,
    });
    await operatorOrders(4, 4);
    const deps = instance();
    await runBusinessChecks(deps);
    expect(await open('operator_failing')).toEqual([]);

    await operatorOrders(1, 0);
    advance(MINUTE);
    await Promise.all([runBusinessChecks(deps), runBusinessChecks(instance())]);
    expect(await open('operator_failing')).toEqual([
      expect.objectContaining({
        key: 'NG:341',
        details: expect.objectContaining({ operatorName: 'MTN Nigeria', failed: 5, sent: 9, switchedOff: true }),
      }),
    ]);
    expect(await database.db.select().from(disabledOperators)).toEqual([
      expect.objectContaining({ provider: 'sandbox', operatorId: 341, countryIso: 'NG', reason: expect.stringContaining('5 of its last 9') }),
    ]);
    const audit = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'operator.disable'));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: SYSTEM_ACTOR.id, actorEmail: 'system', targetType: 'operator', targetId: 'sandbox:341' }),
    ]);
    expect(dropped).toEqual(['catalogue']);
    expect(await alertEmails()).toEqual([{ to: ADMIN.email, subject: 'GlobalTopUp alert: an operator was switched off' }]);

    // A quarter of an hour later the failures are out of the window: cleared, the operator left off for a person.
    advance(15 * MINUTE);
    await runBusinessChecks(deps);
    expect(await open('operator_failing')).toEqual([]);
    expect(await database.db.select().from(disabledOperators)).toHaveLength(1);
  });

  it('raises decline_rate above the threshold once, and clears it when the hour is quiet', async () => {
    const thresholds = { ...DEFAULTS, decline: { ratePercent: 20, minPayments: 10 } };
    const order = await insertOrderRow(database.db, { userId });
    const declinedAt = new Date(clock.now.getTime() - 5 * MINUTE);
    await database.db
      .insert(paymentDeclines)
      .values(
        Array.from({ length: 8 }, (_, index) => ({ orderId: order.id, userId, paymentId: 'pi_x', eventId: `evt_${index}`, createdAt: declinedAt })),
      );
    for (let index = 0; index < 4; index++) await insertOrderRow(database.db, { userId, status: 'completed', authorisedAt: declinedAt });
    expect(await checkDeclineRate(database.db, thresholds, clock.now)).toBe(true);
    expect(await checkDeclineRate(database.db, thresholds, clock.now)).toBe(true);
    expect(await open('decline_rate')).toEqual([
      expect.objectContaining({ key: 'last_hour', details: { declines: 8, payments: 12, ratePercent: 20 } }),
    ]);
    advance(60 * MINUTE);
    expect(await checkDeclineRate(database.db, thresholds, clock.now)).toBe(false);
    expect(await open('decline_rate')).toEqual([]);
    const rows = await database.db
      .select()
      .from(businessAlerts)
      .where(and(eq(businessAlerts.kind, 'decline_rate'), isNull(businessAlerts.resolvedAt)));
    expect(rows).toEqual([]);
  });

  it('saves the thresholds as a version with its audit row, and refuses a save on an older version', async () => {
    const update = {
      version: 0,
      lowBalance: 25_000,
      operatorFailures: 3,
      operatorFailedPercent: 40,
      operatorMinutes: 10,
      switchOffFailingOperators: false,
      declinePercent: 30,
      declineMinPayments: 20,
      settlementEmail: false,
      settlementEmailHour: 7,
      reason: 'Tighter at launch',
      actor: ADMIN,
      now: clock.now,
      defaults: DEFAULTS,
    };
    expect(await updateAlertSettings(database.db, update)).toMatchObject({ version: 1, lowBalance: '250.00', declinePercent: 30 });
    await expect(updateAlertSettings(database.db, update)).rejects.toMatchObject({ code: 'SETTINGS_CONFLICT' });
    const [audit] = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'alerts.update'));
    expect(audit).toMatchObject({
      before: expect.objectContaining({ version: 0, lowBalance: '500.00' }),
      after: expect.objectContaining({ version: 1 }),
    });
    const [row] = await rowsOf<{ count: string }>(database.db, sql`select count(*) as count from alert_settings`);
    expect(Number(row?.count)).toBe(1);
  });
});
