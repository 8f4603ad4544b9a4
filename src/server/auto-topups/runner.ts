import { createHash } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import { ROUTES } from '../../shared/routes';
import { formatUsd } from '../../shared/pricing';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { autoTopupRuns, autoTopups, orders, savedPaymentMethods, user } from '../db/schema';
import { DomainError } from '../domain-error';
import type { Mailer } from '../mail/mailer';
import { startCheckout } from '../orders/checkout';
import type { createFulfilment } from '../orders/fulfilment';
import { PaymentNotAuthorisedError } from '../orders/fulfilment';
import type { OrderServices } from '../orders/services';
import { PaymentProviderError } from '../payments/provider';
import { startRepeatingJob, type RepeatingJob } from '../repeating-job';
import { authenticationEmail, pausedEmail, reminderEmail, type ScheduleFacts } from './emails';
import { signAutoTopupLink } from './links';
import { dueAtOf, pauseSchedule, type AutoTopupRow } from './schedules';

/*
 * The auto top-ups' background work (ADR 068), on every instance, every minute:
 *   1. reminders: each period's reminder is claimed by one conditional UPDATE (reminded_period) and e-mailed once;
 *   2. charges: a due period is claimed by inserting its auto_topup_runs row (primary key schedule + period) in the
 *      transaction that moves the schedule to its next period; only the instance whose insert went in charges it;
 *   3. a charge left mid-way (a crash) is taken up again once its lease lapses, by one instance (a conditional UPDATE
 *      of the lease), with the same order key: the checkout finds the order made before, never a second one.
 * A charge is an order like any other: startCheckout (server price, limits, risk rules) with the saved card, the
 * payment confirmed off-session, then fulfilment's advance (authorise → deliver → capture).
 */

export const AUTO_TOPUP_POLL_MS = 60 * 1000;
/** How long a charge under way is left to its instance before another takes it up. */
export const CHARGE_LEASE_MS = 5 * 60 * 1000;
/** Two failed charges in a row pause the schedule. */
export const FAILURES_BEFORE_PAUSE = 2;
const BATCH_SIZE = 20;

type Fulfilment = Pick<ReturnType<typeof createFulfilment>, 'fulfil'>;

/** Where a test makes a charge stop as a crash would. */
export type ChargePoint = 'claimed' | 'ordered' | 'authorised';

export interface AutoTopupDeps {
  services: OrderServices;
  fulfilment: Fulfilment;
  mailer: Mailer;
  publicUrl: string;
  linkKey: Buffer;
  reminderMinutes: number;
  log: { info(details: object, message: string): void; error(details: object, message: string): void };
  /** Tests only: throws at a point of a charge, as a crash would leave it. */
  crashAt?: (point: ChargePoint) => void;
}

type Run = typeof autoTopupRuns.$inferSelect;

/** The order key of a period: the same for every attempt at it, so the checkout finds the order made before. */
export function orderKeyOf(scheduleId: string, period: number): string {
  return `auto-${createHash('sha256').update(`${scheduleId}:${period}`).digest('base64url').slice(0, 32)}-${period}`;
}

/** One pass: reminders, then due periods, then charges left by a crash. */
export async function runAutoTopups(deps: AutoTopupDeps): Promise<{ reminded: number; charged: number }> {
  const reminded = await sendReminders(deps);
  let charged = 0;
  for (const run of await claimDuePeriods(deps)) {
    await chargeRun(deps, run);
    charged += 1;
  }
  for (const run of await takeUpLapsedCharges(deps)) {
    await chargeRun(deps, run);
    charged += 1;
  }
  return { reminded, charged };
}

export function startAutoTopups(deps: AutoTopupDeps, intervalMs = AUTO_TOPUP_POLL_MS): RepeatingJob {
  return startRepeatingJob(
    async () => void (await runAutoTopups(deps)),
    intervalMs,
    (error) => deps.log.error({ err: error }, 'auto top-ups failed'),
  );
}

interface ReminderRow {
  id: string;
  period: number;
  dueAt: Date | string;
  email: string;
  language: string | null;
  countryIso: string;
  phone: string;
  amountCents: number;
}

async function sendReminders(deps: AutoTopupDeps): Promise<number> {
  const { db, now } = deps.services;
  const at = now();
  const horizon = new Date(at.getTime() + deps.reminderMinutes * 60_000);
  const claimed = await rowsOf<ReminderRow>(
    db,
    sql`update auto_topups a set reminded_period = a.next_period, updated_at = ${at}
        from "user" u
        where a.id in (select id from auto_topups
                       where status = 'active' and next_due_at <= ${horizon} and next_due_at > ${at}
                         and reminded_period is distinct from next_period
                       order by next_due_at limit ${BATCH_SIZE} for update skip locked)
          and u.id = a.user_id and u.deleted_at is null
        returning a.id, a.next_period as period, a.next_due_at as "dueAt", u.email, u.language,
                  a.country_iso as "countryIso", a.recipient_phone as phone, a.amount_cents as "amountCents"`,
  );
  let sent = 0;
  for (const row of claimed) {
    const dueAt = new Date(row.dueAt);
    const link = (action: 'skip' | 'pause') =>
      `${deps.publicUrl}${ROUTES.autoTopupLink}?token=${signAutoTopupLink(deps.linkKey, { action, scheduleId: row.id, period: row.period, expiresAt: dueAt })}`;
    try {
      await deps.mailer.send(
        reminderEmail(factsOf(row), dueAt, { skip: link('skip'), pause: link('pause'), manage: `${deps.publicUrl}${ROUTES.profile}#auto-topups` }),
      );
      sent += 1;
    } catch (error) {
      // Handed back: the next pass tries again.
      deps.log.error({ err: error, scheduleId: row.id }, 'auto top-up reminder not sent');
      await db
        .update(autoTopups)
        .set({ remindedPeriod: null })
        .where(and(eq(autoTopups.id, row.id), eq(autoTopups.remindedPeriod, row.period)));
    }
  }
  return sent;
}

const factsOf = (row: Pick<ReminderRow, 'email' | 'language' | 'countryIso' | 'phone' | 'amountCents'>): ScheduleFacts => ({
  to: row.email,
  language: row.language,
  countryIso: row.countryIso,
  phone: row.phone,
  amountCents: row.amountCents,
});

/**
 * Claims the due periods of active schedules: each period's run row is inserted, and its schedule moved on to the
 * next period, in one transaction. An insert that finds the row (another instance, or a skip) claims nothing.
 */
async function claimDuePeriods(deps: AutoTopupDeps): Promise<Run[]> {
  const { db, now } = deps.services;
  const at = now();
  const due = await db
    .select()
    .from(autoTopups)
    .where(and(eq(autoTopups.status, 'active'), lte(autoTopups.nextDueAt, at)))
    .orderBy(asc(autoTopups.nextDueAt))
    .limit(BATCH_SIZE);
  const claimed: Run[] = [];
  for (const schedule of due) {
    const run = await claimPeriod(db, schedule, at);
    if (run) claimed.push(run);
  }
  return claimed;
}

async function claimPeriod(db: Database, schedule: AutoTopupRow, at: Date): Promise<Run | null> {
  return db.transaction(async (tx) => {
    const period = schedule.nextPeriod;
    const [run] = await tx
      .insert(autoTopupRuns)
      .values({
        scheduleId: schedule.id,
        period,
        dueAt: schedule.nextDueAt,
        outcome: 'charging',
        leaseUntil: new Date(at.getTime() + CHARGE_LEASE_MS),
        createdAt: at,
        updatedAt: at,
      })
      .onConflictDoNothing()
      .returning();
    await tx
      .update(autoTopups)
      .set({ nextPeriod: period + 1, nextDueAt: dueAtOf(schedule, period + 1), updatedAt: at })
      .where(and(eq(autoTopups.id, schedule.id), eq(autoTopups.nextPeriod, period)));
    return run ?? null;
  });
}

/** Charges whose instance went away (the lease lapsed), each taken up by one instance. */
async function takeUpLapsedCharges(deps: AutoTopupDeps): Promise<Run[]> {
  const { db, now } = deps.services;
  const at = now();
  return rowsOf<Run>(
    db,
    sql`update auto_topup_runs set lease_until = ${new Date(at.getTime() + CHARGE_LEASE_MS)}, updated_at = ${at}
        where (schedule_id, period) in (select schedule_id, period from auto_topup_runs
                                        where outcome = 'charging' and lease_until < ${at}
                                        order by lease_until limit ${BATCH_SIZE} for update skip locked)
          and outcome = 'charging' and lease_until < ${at}
        returning schedule_id as "scheduleId", period, due_at as "dueAt", outcome, order_id as "orderId",
                  failure_code as "failureCode", lease_until as "leaseUntil", created_at as "createdAt", updated_at as "updatedAt"`,
  );
}

/** One period's charge, from wherever an earlier attempt left it. Errors other than refusals leave it to its lease. */
async function chargeRun(deps: AutoTopupDeps, run: Run): Promise<void> {
  try {
    await charge(deps, run);
  } catch (error) {
    deps.log.error({ err: error, scheduleId: run.scheduleId, period: run.period }, 'auto top-up charge stopped; taken up again after its lease');
  }
}

async function charge(deps: AutoTopupDeps, run: Run): Promise<void> {
  const { services } = deps;
  const { db } = services;
  deps.crashAt?.('claimed');
  const [row] = await db
    .select({ schedule: autoTopups, email: user.email, language: user.language, card: savedPaymentMethods })
    .from(autoTopups)
    .innerJoin(user, eq(user.id, autoTopups.userId))
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, autoTopups.savedCardId))
    .where(eq(autoTopups.id, run.scheduleId));
  // Deleted meanwhile: its runs went with it.
  if (!row) return;
  const { schedule } = row;
  const orderKey = orderKeyOf(schedule.id, run.period);
  let orderId = run.orderId ?? (await orderIdOf(db, schedule.userId, orderKey));
  if (!orderId) {
    try {
      const answer = await startCheckout(services, {
        userId: schedule.userId,
        accountEmail: row.email,
        body: {
          amount: formatUsd(schedule.amountCents),
          orderKey,
          operatorId: schedule.operatorId,
          countryCode: schedule.countryIso,
          phone: schedule.recipientPhone,
          savedCardId: schedule.savedCardId,
        },
      });
      orderId = answer.orderId;
    } catch (error) {
      if (!(error instanceof DomainError) || error.kind === 'unavailable' || error.kind === 'upstream') throw error;
      // Refused as any checkout is (a limit, a risk rule, a removed card, an operator switched off): not charged.
      return failed(deps, row, run, 'failed', error.code ?? 'CHECKOUT_REFUSED');
    }
  }
  await db
    .update(autoTopupRuns)
    .set({ orderId, updatedAt: services.now() })
    .where(and(eq(autoTopupRuns.scheduleId, run.scheduleId), eq(autoTopupRuns.period, run.period)));
  deps.crashAt?.('ordered');
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  // Confirmed only while unpaid: a charge taken up after a crash finds its payment authorised already.
  const unpaid = order?.status === 'created' && order.paymentId ? await services.payments.getPayment(order.paymentId) : null;
  if (order?.paymentId && (unpaid?.status === 'needs_payment_method' || unpaid?.status === 'needs_confirmation')) {
    try {
      await services.payments.savedCards!.confirmOffSession(order.paymentId, {
        paymentMethodId: row.card.providerMethodId,
        idempotencyKey: `auto-topup-${orderId}`,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || error.retryable) throw error;
      // Declined, or the bank asks for the customer: nothing is held; the order ends unpaid.
      await releaseUnpaid(deps, order.paymentId, orderId);
      return failed(
        deps,
        row,
        run,
        error.code === 'authentication_required' ? 'authentication_required' : 'failed',
        error.declineCode ?? error.code ?? error.type,
      );
    }
  }
  deps.crashAt?.('authorised');
  let settled;
  try {
    settled = await deps.fulfilment.fulfil(orderId, 'reconciler');
  } catch (error) {
    if (!(error instanceof PaymentNotAuthorisedError)) throw error;
    return failed(deps, row, run, 'failed', 'PAYMENT_NOT_AUTHORISED');
  }
  if (['canceled', 'declined', 'expired', 'delivery_failed'].includes(settled.status)) {
    return failed(deps, row, run, 'failed', settled.failureCode ?? settled.status);
  }
  const completed = settled.status === 'completed';
  await finish(db, run, completed ? 'completed' : 'ordered', null, services.now());
  if (completed) await db.update(autoTopups).set({ failures: 0 }).where(eq(autoTopups.id, schedule.id));
}

async function orderIdOf(db: Database, userId: string, orderKey: string): Promise<string | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderKey, orderKey)));
  return order?.id ?? null;
}

async function releaseUnpaid(deps: AutoTopupDeps, paymentId: string, orderId: string): Promise<void> {
  try {
    await deps.services.payments.releasePayment(paymentId, { idempotencyKey: `auto-topup-release-${paymentId}`, reason: 'abandoned' });
    await deps.fulfilment.fulfil(orderId, 'reconciler');
  } catch (error) {
    // Nothing is held either way; the reconciler closes the unpaid order when it expires.
    deps.log.info({ err: error, orderId }, 'an unpaid auto top-up order is left to expire');
  }
}

/** Records the period's end; false when another instance recorded it first. */
async function finish(db: Database, run: Run, outcome: string, failureCode: string | null, at: Date): Promise<boolean> {
  const done = await db
    .update(autoTopupRuns)
    .set({ outcome, failureCode, leaseUntil: null, updatedAt: at })
    .where(and(eq(autoTopupRuns.scheduleId, run.scheduleId), eq(autoTopupRuns.period, run.period), eq(autoTopupRuns.outcome, 'charging')))
    .returning({ period: autoTopupRuns.period });
  return done.length > 0;
}

interface ChargeRow {
  schedule: AutoTopupRow;
  email: string;
  language: string | null;
}

/**
 * A period not charged: recorded with why; the customer is e-mailed when their bank asks to confirm, and the second
 * failure in a row pauses the schedule and tells them.
 */
async function failed(deps: AutoTopupDeps, row: ChargeRow, run: Run, outcome: 'failed' | 'authentication_required', code: string): Promise<void> {
  const { db, now } = deps.services;
  if (!(await finish(db, run, outcome, code, now()))) return;
  const [counted] = await db
    .update(autoTopups)
    .set({ failures: sql`${autoTopups.failures} + 1`, updatedAt: now() })
    .where(eq(autoTopups.id, row.schedule.id))
    .returning({ failures: autoTopups.failures });
  const facts = factsOf({ ...row, countryIso: row.schedule.countryIso, phone: row.schedule.recipientPhone, amountCents: row.schedule.amountCents });
  deps.log.info({ scheduleId: row.schedule.id, period: run.period, outcome, code }, 'auto top-up not charged');
  if (outcome === 'authentication_required') {
    const query = new URLSearchParams({ restore: 'summary', repeat: '1', country: row.schedule.countryIso, phone: row.schedule.recipientPhone });
    await sendQuietly(deps, authenticationEmail(facts, `${deps.publicUrl}${ROUTES.home}?${query.toString()}`));
  }
  if ((counted?.failures ?? 0) >= FAILURES_BEFORE_PAUSE && (await pauseSchedule(db, row.schedule.id, 'failures', now()))) {
    await sendQuietly(deps, pausedEmail(facts, `${deps.publicUrl}${ROUTES.profile}#auto-topups`));
  }
}

async function sendQuietly(deps: AutoTopupDeps, email: Parameters<Mailer['send']>[0]): Promise<void> {
  try {
    await deps.mailer.send(email);
  } catch (error) {
    deps.log.error({ err: error }, 'auto top-up e-mail not sent');
  }
}
