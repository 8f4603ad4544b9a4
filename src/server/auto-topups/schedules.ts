import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AutoTopupView, autoTopupCreateSchema, autoTopupUpdateSchema } from '../../shared/api/auto-topups';
import { formatUsd, toCents } from '../../shared/pricing';
import type { Database } from '../db/client';
import { autoTopupRuns, autoTopups, orders, savedPaymentMethods, savedRecipients } from '../db/schema';
import { DomainError } from '../domain-error';
import { checkAmountForOperator, findOperator } from '../orders/checkout';
import type { OrderServices } from '../orders/services';
import { findUsableCard } from '../saved-cards/saved-cards';
import { callingCodeOf } from '../catalog/calling-code';

/*
 * A customer's auto top-ups (ADR 068): made from one of their saved recipients or orders, with one of their saved
 * cards; listed, changed, paused, resumed, skipped and deleted by their owner only — another customer's id is not
 * found (404), as for saved cards and recipients.
 */

export type AutoTopupRow = typeof autoTopups.$inferSelect;

export const autoTopupNotFound = () => new DomainError('not_found', 'AUTO_TOPUP_NOT_FOUND', { key: 'apiErrors.autoTopupNotFound' });
const recipientNotFound = () =>
  new DomainError('not_found', 'AUTO_TOPUP_RECIPIENT_NOT_FOUND', { key: 'apiErrors.autoTopupRecipientNotFound' }, { field: 'recipientId' });

/** The date of a period: the schedule's next due time moved by whole intervals. */
export function dueAtOf(schedule: Pick<AutoTopupRow, 'nextDueAt' | 'nextPeriod' | 'intervalDays'>, period: number): Date {
  return new Date(schedule.nextDueAt.getTime() + (period - schedule.nextPeriod) * schedule.intervalDays * 86_400_000);
}

/** A first (or next) charge in the past, or too soon for its reminder to go out first: 400 naming the field. */
export function checkChargeTime(at: Date, now: Date, reminderMinutes: number, field: string): void {
  if (at.getTime() <= now.getTime()) {
    throw new DomainError('invalid', 'AUTO_TOPUP_CHARGE_IN_PAST', { key: 'apiErrors.autoTopupChargeInPast' }, { field });
  }
  if (at.getTime() < now.getTime() + reminderMinutes * 60_000) {
    throw new DomainError(
      'invalid',
      'AUTO_TOPUP_CHARGE_TOO_SOON',
      { key: 'apiErrors.autoTopupChargeTooSoon', params: { hours: String(Math.ceil(reminderMinutes / 60)) } },
      { field },
    );
  }
}

interface ScheduleDeps {
  services: Pick<OrderServices, 'db' | 'payments' | 'operators' | 'destinations' | 'now'>;
  reminderMinutes: number;
}

/** Whom the schedule tops up: the customer's saved recipient or the number of one of their orders; 404 otherwise. */
async function recipientOf(db: Database, userId: string, body: z.output<typeof autoTopupCreateSchema>) {
  if (body.recipientId) {
    const [row] = await db
      .select({ countryIso: savedRecipients.countryIso, phone: savedRecipients.nationalNumber, operatorId: savedRecipients.operatorId })
      .from(savedRecipients)
      .where(and(eq(savedRecipients.id, body.recipientId), eq(savedRecipients.userId, userId)));
    if (!row) throw recipientNotFound();
    return row;
  }
  const [row] = await db
    .select({ countryIso: orders.countryIso, phone: orders.recipientPhone, operatorId: orders.operatorId })
    .from(orders)
    .where(and(eq(orders.id, body.orderId!), eq(orders.userId, userId)));
  if (!row)
    throw new DomainError('not_found', 'AUTO_TOPUP_RECIPIENT_NOT_FOUND', { key: 'apiErrors.autoTopupRecipientNotFound' }, { field: 'orderId' });
  return row;
}

/** The operator and amount, checked as the checkout checks them (a switched-off destination, an amount not sold). */
async function checkedOperator(services: ScheduleDeps['services'], countryIso: string, operatorId: number, amountCents: number) {
  const operator = await findOperator(services, countryIso, operatorId);
  checkAmountForOperator(operator, amountCents);
  return operator;
}

export async function createAutoTopup(
  { services, reminderMinutes }: ScheduleDeps,
  userId: string,
  body: z.output<typeof autoTopupCreateSchema>,
): Promise<AutoTopupView> {
  const { db, now } = services;
  const recipient = await recipientOf(db, userId, body);
  const card = await findUsableCard(db, userId, services.payments.kind, body.savedCardId);
  const firstChargeAt = new Date(body.firstChargeAt);
  checkChargeTime(firstChargeAt, now(), reminderMinutes, 'firstChargeAt');
  const operatorId = body.operatorId ?? recipient.operatorId;
  if (!operatorId) throw new DomainError('invalid', 'OPERATOR_NOT_FOUND', { key: 'apiErrors.operatorNotInCountry' }, { field: 'operatorId' });
  const amountCents = toCents(body.amount);
  const operator = await checkedOperator(services, recipient.countryIso, operatorId, amountCents);
  const [row] = await db
    .insert(autoTopups)
    .values({
      userId,
      countryIso: recipient.countryIso,
      recipientPhone: recipient.phone,
      operatorId: operator.operatorId,
      operatorName: operator.name,
      amountCents,
      intervalDays: body.intervalDays,
      savedCardId: card.id,
      nextDueAt: firstChargeAt,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning();
  return (await viewsOf(db, userId, row!.id))[0]!;
}

/** The customer's schedules (or one of them), newest first, with the card each charges. */
export async function viewsOf(db: Database, userId: string, id?: string): Promise<AutoTopupView[]> {
  const rows = await db
    .select({ schedule: autoTopups, card: { id: savedPaymentMethods.id, brand: savedPaymentMethods.brand, last4: savedPaymentMethods.last4 } })
    .from(autoTopups)
    .leftJoin(savedPaymentMethods, and(eq(savedPaymentMethods.id, autoTopups.savedCardId), sql`${savedPaymentMethods.removedAt} is null`))
    .where(id ? and(eq(autoTopups.userId, userId), eq(autoTopups.id, id)) : eq(autoTopups.userId, userId))
    .orderBy(desc(autoTopups.createdAt));
  return rows.map(({ schedule, card }) => ({
    id: schedule.id,
    countryCode: schedule.countryIso,
    phone: schedule.recipientPhone,
    callingCode: callingCodeOf(schedule.countryIso),
    operatorId: schedule.operatorId,
    operatorName: schedule.operatorName,
    amount: formatUsd(schedule.amountCents),
    intervalDays: schedule.intervalDays as AutoTopupView['intervalDays'],
    savedCard: card,
    status: schedule.status as AutoTopupView['status'],
    pausedReason: schedule.pausedReason,
    nextChargeAt: schedule.nextDueAt.toISOString(),
    failures: schedule.failures,
    createdAt: schedule.createdAt.toISOString(),
  }));
}

/** The customer's schedule `id`; 404 for another customer's, or none. */
export async function ownSchedule(db: Database, userId: string, id: string): Promise<AutoTopupRow> {
  const [row] = await db
    .select()
    .from(autoTopups)
    .where(and(eq(autoTopups.id, id), eq(autoTopups.userId, userId)));
  if (!row) throw autoTopupNotFound();
  return row;
}

async function viewOf(db: Database, userId: string, id: string): Promise<AutoTopupView> {
  const [view] = await viewsOf(db, userId, id);
  if (!view) throw autoTopupNotFound();
  return view;
}

/**
 * Changes the amount, interval, card or next charge. A new next charge is checked like a first one; the period not
 * charged yet keeps its number, so a reminder already sent for it is not sent again, and a charge under way is not
 * made twice.
 */
export async function updateAutoTopup(
  { services, reminderMinutes }: ScheduleDeps,
  userId: string,
  id: string,
  body: z.output<typeof autoTopupUpdateSchema>,
): Promise<AutoTopupView> {
  const { db, now } = services;
  const schedule = await ownSchedule(db, userId, id);
  const card = body.savedCardId ? await findUsableCard(db, userId, services.payments.kind, body.savedCardId) : null;
  const amountCents = body.amount === undefined ? schedule.amountCents : toCents(body.amount);
  if (body.amount !== undefined) await checkedOperator(services, schedule.countryIso, schedule.operatorId, amountCents);
  const nextDueAt = body.nextChargeAt ? new Date(body.nextChargeAt) : null;
  if (nextDueAt) checkChargeTime(nextDueAt, now(), reminderMinutes, 'nextChargeAt');
  await db
    .update(autoTopups)
    .set({
      amountCents,
      ...(body.intervalDays ? { intervalDays: body.intervalDays } : {}),
      ...(card ? { savedCardId: card.id } : {}),
      // A new time for the period not charged yet: its reminder goes out again before it.
      ...(nextDueAt ? { nextDueAt, remindedPeriod: null } : {}),
      updatedAt: now(),
    })
    .where(and(eq(autoTopups.id, schedule.id), eq(autoTopups.nextPeriod, schedule.nextPeriod)));
  return viewOf(db, userId, id);
}

/** Pauses a schedule (the customer, or a Pause link): nothing is charged until it is resumed. */
export async function pauseSchedule(db: Database, scheduleId: string, reason: 'customer' | 'failures', now: Date): Promise<boolean> {
  const paused = await db
    .update(autoTopups)
    .set({ status: 'paused', pausedReason: reason, updatedAt: now })
    .where(and(eq(autoTopups.id, scheduleId), eq(autoTopups.status, 'active')))
    .returning({ id: autoTopups.id });
  return paused.length > 0;
}

/**
 * Resumes a paused schedule: its failures are forgotten, and a next charge that went by while it was paused moves on
 * by whole intervals to the first one far enough ahead for its reminder (the periods passed are not charged).
 */
export async function resumeAutoTopup({ services, reminderMinutes }: ScheduleDeps, userId: string, id: string): Promise<AutoTopupView> {
  const { db, now } = services;
  const schedule = await ownSchedule(db, userId, id);
  if (schedule.status === 'paused') {
    const earliest = now().getTime() + reminderMinutes * 60_000;
    let period = schedule.nextPeriod;
    while (dueAtOf(schedule, period).getTime() < earliest) period += 1;
    await db
      .update(autoTopups)
      .set({
        status: 'active',
        pausedReason: null,
        failures: 0,
        nextPeriod: period,
        nextDueAt: dueAtOf(schedule, period),
        updatedAt: now(),
      })
      .where(and(eq(autoTopups.id, schedule.id), eq(autoTopups.status, 'paused')));
  }
  return viewOf(db, userId, id);
}

export async function pauseAutoTopup(db: Database, userId: string, id: string, now: Date): Promise<AutoTopupView> {
  const schedule = await ownSchedule(db, userId, id);
  await pauseSchedule(db, schedule.id, 'customer', now);
  return viewOf(db, userId, id);
}

/**
 * Skips the period `period` of the schedule: the skip is recorded under the period's claim (the one a charge takes),
 * so a period is either skipped or charged, never both. Answers the next charge, or null when the period was charged
 * already (or is being charged) and cannot be skipped.
 */
export async function skipPeriod(db: Database, scheduleId: string, period: number, now: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    const [schedule] = await tx.select().from(autoTopups).where(eq(autoTopups.id, scheduleId)).for('update');
    if (!schedule || schedule.nextPeriod !== period) return null;
    const [claimed] = await tx
      .insert(autoTopupRuns)
      .values({ scheduleId, period, dueAt: schedule.nextDueAt, outcome: 'skipped', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ period: autoTopupRuns.period });
    if (!claimed) return null;
    const nextDueAt = dueAtOf(schedule, period + 1);
    await tx
      .update(autoTopups)
      .set({ nextPeriod: period + 1, nextDueAt, updatedAt: now })
      .where(eq(autoTopups.id, scheduleId));
    return nextDueAt;
  });
}

/** The customer's "Skip the next one" in the profile: the next period is skipped. */
export async function skipNext(db: Database, userId: string, id: string, now: Date): Promise<AutoTopupView> {
  const schedule = await ownSchedule(db, userId, id);
  const next = await skipPeriod(db, schedule.id, schedule.nextPeriod, now);
  if (!next) throw new DomainError('conflict', 'AUTO_TOPUP_ALREADY_CHARGING', { key: 'apiErrors.autoTopupAlreadyCharging' });
  return viewOf(db, userId, id);
}

export async function deleteAutoTopup(db: Database, userId: string, id: string): Promise<void> {
  const schedule = await ownSchedule(db, userId, id);
  await db.delete(autoTopups).where(eq(autoTopups.id, schedule.id));
}
