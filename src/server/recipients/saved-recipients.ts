import { and, count, desc, eq, sql } from 'drizzle-orm';
import { SAVED_RECIPIENTS_MAX, type SavedRecipient } from '../../shared/api/recipients';
import { validatePhone } from '../../shared/phone-rules';
import { formatUsd } from '../../shared/pricing';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { countries, orders, savedRecipients } from '../db/schema';
import { DomainError } from '../domain-error';

/**
 * A customer's saved recipients (docs/product.md §11). Every query names the customer: another customer's recipient
 * is not found, exactly like one that does not exist. A completed top-up adds or refreshes its recipient in the
 * statement that completes it (orders/follow-ups.ts); these are the customer's own changes.
 */

type RecipientRow = typeof savedRecipients.$inferSelect;

/** The operator of a number, when it could be found cheaply; null leaves it for the first top-up to record. */
export type DetectOperator = (nationalNumber: string, countryIso: string) => Promise<{ operatorId: number; operatorName: string } | null>;

const notFound = () => new DomainError('not_found', 'RECIPIENT_NOT_FOUND', { key: 'apiErrors.recipientNotFound' });

/**
 * The customer's last completed top-up of each recipient, read beside it by a lateral join (one query for the whole
 * list, by the orders' recipient index), so 'Send again' offers the same operator and amount (docs/product.md §11).
 */
function lastTopUps(db: Database) {
  return db
    .select({ operatorId: orders.operatorId, amountCents: orders.amountCents })
    .from(orders)
    .where(
      and(
        eq(orders.userId, savedRecipients.userId),
        eq(orders.countryIso, savedRecipients.countryIso),
        eq(orders.recipientPhone, savedRecipients.nationalNumber),
        eq(orders.status, 'completed'),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
    .as('last_top_up');
}

type LastTopUpColumns = { operatorId: number | null; amountCents: number | null };

function toSavedRecipient({
  recipient,
  countryName,
  callingCodes,
  lastTopUp,
}: {
  recipient: RecipientRow;
  countryName: string | null;
  callingCodes: string[] | null;
  lastTopUp: LastTopUpColumns | null;
}): SavedRecipient {
  const callingCode = callingCodes?.[0]?.replace(/\D/g, '') || null;
  return {
    id: recipient.id,
    countryCode: recipient.countryIso,
    nationalNumber: recipient.nationalNumber,
    callingCode,
    countryName: countryName ?? recipient.countryIso,
    operatorId: recipient.operatorId,
    operatorName: recipient.operatorName,
    name: recipient.name,
    lastToppedUpAt: recipient.lastToppedUpAt?.toISOString() ?? null,
    lastTopUp:
      lastTopUp?.operatorId != null && lastTopUp.amountCents != null
        ? { operatorId: lastTopUp.operatorId, amount: formatUsd(lastTopUp.amountCents) }
        : null,
    createdAt: recipient.createdAt.toISOString(),
  };
}

function selectRecipients(db: Database) {
  const lastTopUp = lastTopUps(db);
  return db
    .select({
      recipient: savedRecipients,
      countryName: countries.name,
      callingCodes: countries.callingCodes,
      lastTopUp: { operatorId: lastTopUp.operatorId, amountCents: lastTopUp.amountCents },
    })
    .from(savedRecipients)
    .leftJoin(countries, eq(countries.isoName, savedRecipients.countryIso))
    .leftJoinLateral(lastTopUp, sql`true`);
}

/** The customer's recipients, the most recently topped up first, then those never topped up, newest first. */
export async function listRecipients(db: Database, userId: string): Promise<SavedRecipient[]> {
  const rows = await selectRecipients(db)
    .where(eq(savedRecipients.userId, userId))
    .orderBy(sql`${savedRecipients.lastToppedUpAt} desc nulls last`, desc(savedRecipients.createdAt), desc(savedRecipients.id))
    .limit(SAVED_RECIPIENTS_MAX * 2);
  return rows.map(toSavedRecipient);
}

async function findRecipient(db: Database, userId: string, where: { id: string } | { countryIso: string; nationalNumber: string }) {
  const match =
    'id' in where
      ? eq(savedRecipients.id, where.id)
      : and(eq(savedRecipients.countryIso, where.countryIso), eq(savedRecipients.nationalNumber, where.nationalNumber));
  const [row] = await selectRecipients(db)
    .where(and(eq(savedRecipients.userId, userId), match))
    .limit(1);
  return row ? toSavedRecipient(row) : null;
}

export interface AddRecipientInput {
  userId: string;
  /** Upper-case ISO code of a country the product serves (the caller checks the catalogue's switches). */
  countryIso: string;
  phone: string;
  name?: string | null;
  now: Date;
}

/**
 * Saves a number the customer typed, checked with the recipient step's rules (docs/product.md §5). A number already
 * saved answers the recipient kept before (`created: false`), unchanged: never a second row for one number. A
 * customer with SAVED_RECIPIENTS_MAX recipients is refused until they delete one.
 */
export async function addRecipient(
  db: Database,
  { userId, countryIso, phone, name, now }: AddRecipientInput,
  detectOperator: DetectOperator,
): Promise<{ recipient: SavedRecipient; created: boolean }> {
  const check = validatePhone(phone, countryIso);
  if (!check.ok) throw new DomainError('invalid', 'INVALID_PHONE', check.error, { field: 'phone' });
  const key = { countryIso, nationalNumber: check.digits };
  const existing = await findRecipient(db, userId, key);
  if (existing) return { recipient: existing, created: false };
  await refuseWhenFull(db, userId);

  const operator = await detectOperator(check.digits, countryIso);
  // The count is checked again in the insert itself, so two adds at once do not both pass the last free place.
  const [inserted] = await rowsOf<{ id: string }>(
    db,
    sql`
    insert into ${savedRecipients} (user_id, country_iso, national_number, operator_id, operator_name, name, created_at, updated_at)
    select ${userId}, ${countryIso}, ${check.digits}, ${operator?.operatorId ?? null}, ${operator?.operatorName ?? null}, ${name ?? null},
           ${sql.param(now, savedRecipients.createdAt)}::timestamptz, ${sql.param(now, savedRecipients.updatedAt)}::timestamptz
    where (select count(*) from ${savedRecipients} where user_id = ${userId}) < ${SAVED_RECIPIENTS_MAX}
    on conflict (user_id, country_iso, national_number) do nothing
    returning id`,
  );
  const id = inserted?.id;
  if (id) return { recipient: (await findRecipient(db, userId, { id }))!, created: true };
  // Nothing inserted: the same number was saved meanwhile (answer it), or the last place was taken.
  const raced = await findRecipient(db, userId, key);
  if (raced) return { recipient: raced, created: false };
  throw fullError();
}

const fullError = () =>
  new DomainError('conflict', 'RECIPIENTS_FULL', { key: 'apiErrors.recipientsFull', params: { max: SAVED_RECIPIENTS_MAX } }, { field: 'phone' });

async function refuseWhenFull(db: Database, userId: string) {
  const [row] = await db.select({ saved: count() }).from(savedRecipients).where(eq(savedRecipients.userId, userId));
  if ((row?.saved ?? 0) >= SAVED_RECIPIENTS_MAX) throw fullError();
}

/** Names (or, with null, unnames) one of the customer's recipients. */
export async function renameRecipient(db: Database, userId: string, id: string, name: string | null, now: Date): Promise<SavedRecipient> {
  const [row] = await db
    .update(savedRecipients)
    .set({ name, updatedAt: now })
    .where(and(eq(savedRecipients.id, id), eq(savedRecipients.userId, userId)))
    .returning({ id: savedRecipients.id });
  if (!row) throw notFound();
  return (await findRecipient(db, userId, { id: row.id }))!;
}

/** Deletes one of the customer's recipients. A later completed top-up to the number saves it again. */
export async function deleteRecipient(db: Database, userId: string, id: string): Promise<void> {
  const [row] = await db
    .delete(savedRecipients)
    .where(and(eq(savedRecipients.id, id), eq(savedRecipients.userId, userId)))
    .returning({ id: savedRecipients.id });
  if (!row) throw notFound();
}

export { notFound as recipientNotFound };
