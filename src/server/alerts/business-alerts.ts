import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { AdminAlertResolveResponse, AlertDetails, AlertKind, BusinessAlert } from '../../shared/api/admin-alerts';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { businessAlerts } from '../db/schema';
import { DomainError } from '../domain-error';

/*
 * Business alerts (docs/decisions/061-business-alerts-raised-once-and-cleared.md): raised at most once per crossing —
 * an open alert's kind and key are unique (a partial index), so of several instances raising one at once, one
 * inserts it and the others find it there — and resolved when their condition clears, or by an admin with a note.
 */

type AlertRow = typeof businessAlerts.$inferSelect;

export const toBusinessAlert = (row: AlertRow): BusinessAlert => ({
  id: row.id,
  kind: row.kind as AlertKind,
  key: row.key,
  details: row.details as AlertDetails,
  raisedAt: row.raisedAt.toISOString(),
});

export interface AlertToRaise {
  kind: AlertKind;
  key: string;
  details: AlertDetails;
  /** Whether admins are e-mailed about it (alert-emails.ts sends it once). */
  emailWanted?: boolean;
}

/**
 * Raises the alert unless one of its kind and key is open: the new row, or undefined when it was open already (raised
 * by an earlier check, or by another instance a moment ago). With `once`, an alert of that kind and key resolved
 * before is not raised again either (a wallet difference is listed once, ever).
 */
export async function raiseAlert(db: Database, alert: AlertToRaise, now: Date, { once = false } = {}): Promise<AlertRow | undefined> {
  const values = {
    kind: alert.kind,
    key: alert.key,
    details: alert.details,
    raisedAt: now,
    emailWanted: alert.emailWanted ?? false,
  };
  if (once) {
    const [row] = await rowsOf<{ id: number }>(
      db,
      sql`
      insert into ${businessAlerts} (kind, key, details, raised_at, email_wanted)
      select ${values.kind}, ${values.key}, ${JSON.stringify(values.details)}::jsonb, ${now.toISOString()}::timestamptz, ${values.emailWanted}
      where not exists (select 1 from ${businessAlerts} where kind = ${values.kind} and key = ${values.key})
      on conflict do nothing
      returning id`,
    );
    if (!row) return undefined;
    const [raised] = await db.select().from(businessAlerts).where(eq(businessAlerts.id, row.id));
    return raised;
  }
  const [row] = await db.insert(businessAlerts).values(values).onConflictDoNothing().returning();
  return row;
}

/** Resolves the open alerts of `kind` whose condition no longer holds (their key is not among `stillHolding`). */
export async function clearAlerts(db: Database, kind: AlertKind, stillHolding: readonly string[], now: Date): Promise<number> {
  const cleared = await db
    .update(businessAlerts)
    .set({ resolvedAt: now })
    .where(
      and(
        eq(businessAlerts.kind, kind),
        isNull(businessAlerts.resolvedAt),
        stillHolding.length > 0 ? notInArray(businessAlerts.key, [...stillHolding]) : undefined,
      ),
    )
    .returning({ id: businessAlerts.id });
  return cleared.length;
}

/** The open alerts, newest first. */
export async function listOpenAlerts(db: Database): Promise<BusinessAlert[]> {
  const rows = await db
    .select()
    .from(businessAlerts)
    .where(isNull(businessAlerts.resolvedAt))
    .orderBy(desc(businessAlerts.raisedAt), desc(businessAlerts.id));
  return rows.map(toBusinessAlert);
}

export async function countOpenAlerts(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(businessAlerts).where(isNull(businessAlerts.resolvedAt));
  return row?.count ?? 0;
}

/**
 * An admin resolves an open alert with a note, audited in the same transaction: 404 for no such alert, 409 for one
 * already resolved. A condition that still holds raises a new alert at the next check.
 */
export async function resolveAlert(
  db: Database,
  request: { id: number; note: string; actor: AdminActor; now: Date },
): Promise<AdminAlertResolveResponse['alert']> {
  return db.transaction(async (tx) => {
    const [resolved] = await tx
      .update(businessAlerts)
      .set({ resolvedAt: request.now, resolvedById: request.actor.id, resolvedByEmail: request.actor.email, resolutionNote: request.note })
      .where(and(eq(businessAlerts.id, request.id), isNull(businessAlerts.resolvedAt)))
      .returning();
    if (!resolved) {
      const [existing] = await tx.select({ id: businessAlerts.id }).from(businessAlerts).where(eq(businessAlerts.id, request.id));
      if (!existing) throw new DomainError('not_found', 'ALERT_NOT_FOUND', { key: 'apiErrors.alertNotFound' });
      throw new DomainError('conflict', 'ALERT_ALREADY_RESOLVED', { key: 'apiErrors.alertAlreadyResolved' });
    }
    await recordAdminAction(tx, {
      actor: request.actor,
      action: 'alert.resolve',
      targetType: 'alert',
      targetId: String(resolved.id),
      reason: request.note,
      before: { kind: resolved.kind, key: resolved.key, resolved: false },
      after: { kind: resolved.kind, key: resolved.key, resolved: true },
      now: request.now,
    });
    return { ...toBusinessAlert(resolved), resolvedAt: request.now.toISOString(), resolutionNote: request.note };
  });
}
