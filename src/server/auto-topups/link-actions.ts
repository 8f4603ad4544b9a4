import { and, eq } from 'drizzle-orm';
import type { AutoTopupLinkResult, AutoTopupLinkView } from '../../shared/api/auto-topups';
import { formatUsd } from '../../shared/pricing';
import type { Database } from '../db/client';
import { autoTopupRuns, autoTopups } from '../db/schema';
import { DomainError } from '../domain-error';
import { callingCodeOf } from '../catalog/calling-code';
import { verifyAutoTopupLink, type AutoTopupLinkClaims } from './links';
import { dueAtOf, pauseSchedule, skipPeriod } from './schedules';

/*
 * The reminder's "Skip this one" and "Pause" links (ADR 068), opened without signing in. A token that does not verify
 * (tampered, expired, or its schedule deleted) is one answer, 404 LINK_INVALID, and changes nothing.
 */

const linkInvalid = () => new DomainError('not_found', 'AUTO_TOPUP_LINK_INVALID', { key: 'apiErrors.autoTopupLinkInvalid' });

async function scheduleOfLink(db: Database, key: Buffer, token: string, now: Date) {
  const claims = verifyAutoTopupLink(key, token, now);
  if (!claims) throw linkInvalid();
  const [schedule] = await db.select().from(autoTopups).where(eq(autoTopups.id, claims.scheduleId));
  if (!schedule) throw linkInvalid();
  return { claims, schedule };
}

/** Whether what the link does is done already: its period skipped, or the schedule paused. */
async function isDone(db: Database, claims: AutoTopupLinkClaims, status: string): Promise<boolean> {
  if (claims.action === 'pause') return status === 'paused';
  const [run] = await db
    .select({ outcome: autoTopupRuns.outcome })
    .from(autoTopupRuns)
    .where(and(eq(autoTopupRuns.scheduleId, claims.scheduleId), eq(autoTopupRuns.period, claims.period)));
  return run?.outcome === 'skipped';
}

/** What the link would do; nothing changes. */
export async function describeLink(db: Database, key: Buffer, token: string, now: Date): Promise<AutoTopupLinkView> {
  const { claims, schedule } = await scheduleOfLink(db, key, token, now);
  return {
    success: true,
    action: claims.action,
    countryCode: schedule.countryIso,
    phone: schedule.recipientPhone,
    callingCode: callingCodeOf(schedule.countryIso),
    amount: formatUsd(schedule.amountCents),
    chargeAt: (schedule.nextPeriod === claims.period ? schedule.nextDueAt : dueAtOf(schedule, claims.period)).toISOString(),
    state: (await isDone(db, claims, schedule.status)) ? 'done' : 'open',
  };
}

/**
 * Does what the link says, once: a skip skips its period unless it is charged already (409 ALREADY_CHARGING); a pause
 * pauses the schedule. Pressing again answers the same and changes nothing more.
 */
export async function useLink(db: Database, key: Buffer, token: string, now: Date): Promise<AutoTopupLinkResult> {
  const { claims, schedule } = await scheduleOfLink(db, key, token, now);
  if (claims.action === 'pause') {
    await pauseSchedule(db, schedule.id, 'customer', now);
    return { success: true, action: 'pause', nextChargeAt: null };
  }
  if (await isDone(db, claims, schedule.status)) return { success: true, action: 'skip', nextChargeAt: schedule.nextDueAt.toISOString() };
  const next = await skipPeriod(db, schedule.id, claims.period, now);
  if (!next) throw new DomainError('conflict', 'AUTO_TOPUP_ALREADY_CHARGING', { key: 'apiErrors.autoTopupAlreadyCharging' });
  return { success: true, action: 'skip', nextChargeAt: next.toISOString() };
}
