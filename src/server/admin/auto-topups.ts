import { desc, eq } from 'drizzle-orm';
import type { AdminAutoTopup, AdminAutoTopupRun } from '../../shared/api/auto-topups';
import type { Database } from '../db/client';
import { autoTopupRuns, autoTopups, orders, user } from '../db/schema';
import { DomainError } from '../domain-error';

/** The console's view of auto top-ups (ADR 068): every schedule, newest first, and one schedule's periods with their orders. */

const LIST_LIMIT = 500;

const columns = {
  schedule: autoTopups,
  customerEmail: user.email,
};

function adminView({ schedule, customerEmail }: { schedule: typeof autoTopups.$inferSelect; customerEmail: string }): AdminAutoTopup {
  return {
    id: schedule.id,
    userId: schedule.userId,
    customerEmail,
    countryCode: schedule.countryIso,
    phone: schedule.recipientPhone,
    operatorName: schedule.operatorName,
    amountCents: schedule.amountCents,
    intervalDays: schedule.intervalDays,
    status: schedule.status as AdminAutoTopup['status'],
    pausedReason: schedule.pausedReason,
    nextDueAt: schedule.nextDueAt.toISOString(),
    failures: schedule.failures,
    createdAt: schedule.createdAt.toISOString(),
  };
}

export async function listAutoTopups(db: Database): Promise<AdminAutoTopup[]> {
  const rows = await db
    .select(columns)
    .from(autoTopups)
    .innerJoin(user, eq(user.id, autoTopups.userId))
    .orderBy(desc(autoTopups.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(adminView);
}

export async function autoTopupDetail(db: Database, id: string): Promise<{ schedule: AdminAutoTopup; runs: AdminAutoTopupRun[] }> {
  const [row] = await db.select(columns).from(autoTopups).innerJoin(user, eq(user.id, autoTopups.userId)).where(eq(autoTopups.id, id));
  if (!row) throw new DomainError('not_found', 'AUTO_TOPUP_NOT_FOUND', { key: 'apiErrors.autoTopupNotFound' });
  const runs = await db
    .select({ run: autoTopupRuns, orderStatus: orders.status, totalCents: orders.totalCents })
    .from(autoTopupRuns)
    .leftJoin(orders, eq(orders.id, autoTopupRuns.orderId))
    .where(eq(autoTopupRuns.scheduleId, id))
    .orderBy(desc(autoTopupRuns.period));
  return {
    schedule: adminView(row),
    runs: runs.map(({ run, orderStatus, totalCents }) => ({
      period: run.period,
      dueAt: run.dueAt.toISOString(),
      outcome: run.outcome,
      failureCode: run.failureCode,
      orderId: run.orderId,
      orderStatus,
      totalCents,
    })),
  };
}
