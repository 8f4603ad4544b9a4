import { and, desc, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AdminActionName, AdminAuditEntry, adminAuditQuerySchema, AdminTargetType } from '../../shared/api/admin-audit';
import type { Database } from '../db/client';
import { adminAuditLog } from '../db/schema';
import { after, decodeCursor, micros, pageLimit, pageOf } from '../db/cursor';
import { createdWithin } from '../db/date-range';

/** Who did it: the signed-in admin. */
export interface AdminActor {
  id: string;
  email: string;
}

export interface AdminActionRecord {
  actor: AdminActor;
  action: AdminActionName;
  targetType: AdminTargetType;
  targetId: string;
  reason: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  now: Date;
}

/**
 * Writes one admin action to the append-only audit log. Call it with the transaction that made the change, so the
 * change and its row are kept or lost together. Nothing in the app updates or deletes these rows.
 */
export async function recordAdminAction(db: Database, record: AdminActionRecord): Promise<void> {
  await db.insert(adminAuditLog).values({
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    reason: record.reason,
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: record.now,
  });
}

const auditIdSchema = z.number().int().positive();

/** Who did it, by user id or e-mail (any case). */
const byActor = (actor: string) => or(eq(adminAuditLog.actorId, actor), eq(sql`lower(${adminAuditLog.actorEmail})`, actor.toLowerCase()));

/** GET /api/admin/audit-log: the rows matching every filter given, newest first, a page at a time. */
export async function listAdminActions(db: Database, query: z.output<typeof adminAuditQuerySchema>) {
  const limit = pageLimit(query.limit);
  const position = query.cursor ? decodeCursor(query.cursor, auditIdSchema) : undefined;
  const rows = await db
    .select({ entry: adminAuditLog, atMicros: micros(adminAuditLog.createdAt) })
    .from(adminAuditLog)
    .where(
      and(
        query.actor ? byActor(query.actor) : undefined,
        query.action ? eq(adminAuditLog.action, query.action) : undefined,
        query.targetType ? eq(adminAuditLog.targetType, query.targetType) : undefined,
        query.targetId ? eq(adminAuditLog.targetId, query.targetId) : undefined,
        createdWithin(adminAuditLog.createdAt, query),
        position ? after(adminAuditLog.createdAt, adminAuditLog.id, position) : undefined,
      ),
    )
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit + 1);
  const page = pageOf(
    rows.map((row) => ({ ...row, id: row.entry.id })),
    limit,
  );
  return { entries: page.rows.map((row) => toAuditEntry(row.entry)), nextCursor: page.nextCursor };
}

function toAuditEntry(row: typeof adminAuditLog.$inferSelect): AdminAuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action as AdminActionName,
    targetType: row.targetType as AdminTargetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  };
}
