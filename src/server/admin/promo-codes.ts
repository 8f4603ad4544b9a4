import { and, count, desc, eq, sql, sum } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminPromoCode, AdminPromoCodeOrder, adminPromoCodeCreateSchema, adminPromoCodeUpdateSchema } from '../../shared/api/promo-codes';
import type { PromoKind, PromoTarget } from '../../shared/promo';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { orders, promoCodes, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { codeDiscount, countedPromoOrders, type PromoCodeRow } from '../orders/promo-codes';
import { settingsConflict } from '../settings-conflict';

/*
 * The console's promo codes (docs/decisions/067-promo-codes.md): list with their uses, create, change (versioned,
 * each change with its reason in the audit log; disabling is a change), and the orders of a code.
 */

type Terms = Omit<z.output<typeof adminPromoCodeCreateSchema>, 'reason'>;

function toAdminPromoCode(row: PromoCodeRow, usage: { uses: number; discountCents: number }): AdminPromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as PromoKind,
    appliesTo: row.appliesTo as PromoTarget,
    value: row.value,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    budgetCents: row.budgetCents,
    usesPerCustomer: row.usesPerCustomer,
    firstTopUpOnly: row.firstTopUpOnly,
    minAmountCents: row.minAmountCents,
    enabled: row.enabled,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    updatedByEmail: row.updatedByEmail,
    uses: usage.uses,
    discountCents: usage.discountCents,
  };
}

/** The terms as the audit log keeps them (before and after a change). */
const auditedTerms = (row: PromoCodeRow) => {
  const { id: _id, createdAt: _created, updatedAt: _updated, updatedById: _by, updatedByEmail: _email, ...terms } = row;
  return { ...terms, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() };
};

const columnsOf = (terms: Terms) => ({
  code: terms.code,
  kind: terms.kind,
  appliesTo: terms.appliesTo,
  value: terms.value,
  startsAt: new Date(terms.startsAt),
  endsAt: new Date(terms.endsAt),
  budgetCents: terms.budgetCents,
  usesPerCustomer: terms.usesPerCustomer,
  firstTopUpOnly: terms.firstTopUpOnly,
  minAmountCents: terms.minAmountCents,
  enabled: terms.enabled,
});

/** GET /api/admin/promo-codes: every code, newest first, each with the orders that count against it and their discount. */
export async function listPromoCodes(db: Database): Promise<AdminPromoCode[]> {
  const usage = db
    .select({ promoCodeId: orders.promoCodeId, uses: count().as('uses'), discountCents: sum(codeDiscount).as('discount_cents') })
    .from(orders)
    .where(and(sql`${orders.promoCodeId} is not null`, countedPromoOrders))
    .groupBy(orders.promoCodeId)
    .as('usage');
  const rows = await db
    .select({ code: promoCodes, uses: usage.uses, discountCents: usage.discountCents })
    .from(promoCodes)
    .leftJoin(usage, eq(usage.promoCodeId, promoCodes.id))
    .orderBy(desc(promoCodes.createdAt), desc(promoCodes.id));
  return rows.map((row) => toAdminPromoCode(row.code, { uses: Number(row.uses ?? 0), discountCents: Number(row.discountCents ?? 0) }));
}

async function readPromoCode(db: Database, id: number): Promise<AdminPromoCode> {
  const found = (await listPromoCodes(db)).find((code) => code.id === id);
  if (!found) throw promoCodeNotFound();
  return found;
}

const promoCodeNotFound = () => new DomainError('not_found', 'PROMO_CODE_NOT_FOUND', { key: 'apiErrors.promoCodeNotFound' });
const codeTaken = () => new DomainError('conflict', 'PROMO_CODE_TAKEN', { key: 'apiErrors.promoCodeTaken' }, { field: 'code' });
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

interface Change {
  actor: AdminActor;
  now: Date;
}

/** POST /api/admin/promo-codes: a new code (version 1), audited with its reason; a code already taken is a 409. */
export async function createPromoCode(db: Database, { reason, ...terms }: z.output<typeof adminPromoCodeCreateSchema>, change: Change) {
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(promoCodes)
        .values({
          ...columnsOf(terms),
          version: 1,
          createdAt: change.now,
          updatedAt: change.now,
          updatedById: change.actor.id,
          updatedByEmail: change.actor.email,
        })
        .returning();
      await recordAdminAction(tx, {
        actor: change.actor,
        action: 'promo.create',
        targetType: 'promo_code',
        targetId: String(row!.id),
        reason,
        after: auditedTerms(row!),
        now: change.now,
      });
      return row!.id;
    });
    return readPromoCode(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/**
 * PUT /api/admin/promo-codes/:id: new terms on the version read (409 with the code in force when someone changed it
 * meanwhile), audited with the terms before and after. Orders already made keep their discount.
 */
export async function updatePromoCode(
  db: Database,
  id: number,
  { reason, version, ...terms }: z.output<typeof adminPromoCodeUpdateSchema>,
  change: Change,
) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
      if (!before) throw promoCodeNotFound();
      if (before.version !== version) throw settingsConflict({ code: await readPromoCode(tx, id) });
      const [after] = await tx
        .update(promoCodes)
        .set({
          ...columnsOf(terms),
          version: before.version + 1,
          updatedAt: change.now,
          updatedById: change.actor.id,
          updatedByEmail: change.actor.email,
        })
        .where(eq(promoCodes.id, id))
        .returning();
      const action = before.enabled && !after!.enabled ? 'promo.disable' : 'promo.update';
      await recordAdminAction(tx, {
        actor: change.actor,
        action,
        targetType: 'promo_code',
        targetId: String(id),
        reason,
        before: auditedTerms(before),
        after: auditedTerms(after!),
        now: change.now,
      });
    });
    return readPromoCode(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw codeTaken();
    throw error;
  }
}

/** GET /api/admin/promo-codes/:id/orders: the orders that used a code (the most recent 200), with the discount each got. */
export async function promoCodeOrders(db: Database, id: number): Promise<AdminPromoCodeOrder[]> {
  const [code] = await db.select({ id: promoCodes.id }).from(promoCodes).where(eq(promoCodes.id, id));
  if (!code) throw promoCodeNotFound();
  const rows = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      userEmail: user.email,
      amountCents: orders.amountCents,
      discountCents: orders.discountCents,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.promoCodeId, id))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(200);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
