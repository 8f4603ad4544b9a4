import { eq, inArray } from 'drizzle-orm';
import { autoTopupRuns, autoTopups } from '../db/schema';
import type { PersonalDataTable } from './personal-data-table';

/**
 * The customer's auto top-ups (ADR 068) in "Your data": each schedule (whom, how much, how often, its state) and its
 * periods (skipped or charged, with the order). Both are deleted with the account; the orders stay, masked like any.
 */
export const AUTO_TOPUP_DATA: readonly PersonalDataTable[] = [
  {
    table: 'auto_topup_runs',
    exportAs: 'autoTopupPeriods',
    export: (tx, subject) =>
      tx
        .select({
          scheduleId: autoTopupRuns.scheduleId,
          period: autoTopupRuns.period,
          dueAt: autoTopupRuns.dueAt,
          outcome: autoTopupRuns.outcome,
          orderId: autoTopupRuns.orderId,
        })
        .from(autoTopupRuns)
        .innerJoin(autoTopups, eq(autoTopups.id, autoTopupRuns.scheduleId))
        .where(eq(autoTopups.userId, subject.userId))
        .orderBy(autoTopupRuns.dueAt),
    async erase(tx, subject) {
      const schedules = tx.select({ id: autoTopups.id }).from(autoTopups).where(eq(autoTopups.userId, subject.userId));
      await tx.delete(autoTopupRuns).where(inArray(autoTopupRuns.scheduleId, schedules));
    },
  },
  {
    table: 'auto_topups',
    exportAs: 'autoTopups',
    export: (tx, subject) =>
      tx
        .select({
          id: autoTopups.id,
          countryIso: autoTopups.countryIso,
          recipientPhone: autoTopups.recipientPhone,
          operatorName: autoTopups.operatorName,
          amountCents: autoTopups.amountCents,
          intervalDays: autoTopups.intervalDays,
          status: autoTopups.status,
          nextDueAt: autoTopups.nextDueAt,
          createdAt: autoTopups.createdAt,
        })
        .from(autoTopups)
        .where(eq(autoTopups.userId, subject.userId))
        .orderBy(autoTopups.createdAt),
    erase: async (tx, subject) => void (await tx.delete(autoTopups).where(eq(autoTopups.userId, subject.userId))),
  },
];
