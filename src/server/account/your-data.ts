import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { orders, savedRecipients, topupRequests, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { SETTLED_STATUSES } from '../orders/state-machine';
import { deletedEmailFor, PERSONAL_DATA, type DataSubject } from './personal-data';

/** The version of the export's shape, so that a reader of an older file knows what it holds. */
export const EXPORT_FORMAT = 1;

/**
 * An order the account cannot be deleted under: any that is not settled (SETTLED_STATUSES). refunding and
 * refund_failed count as not settled too: money is on its way back, and the customer must be reachable until it arrives.
 */
const ordersInProgress = () => new DomainError('conflict', 'ORDERS_IN_PROGRESS', { key: 'apiErrors.ordersInProgress' });

/** The user row is gone or already deleted: the session that asked belongs to nobody now. */
const signedOut = () => new DomainError('unauthenticated', undefined, { key: 'apiErrors.signInRequired' });

const unsettled = (userId: string) => and(eq(orders.userId, userId), notInArray(orders.status, [...SETTLED_STATUSES]));

/**
 * Why the account cannot be deleted now, thrown: an admin's (the console must keep one: another admin takes the rights
 * first), or one with an order in progress.
 */
export async function assertDeletable(db: Database, account: { id: string; isAdmin: boolean }): Promise<void> {
  if (account.isAdmin) throw new DomainError('conflict', 'ADMIN_ACCOUNT', { key: 'apiErrors.adminAccountDeletion' });
  const [row] = await db.select({ id: orders.id }).from(orders).where(unsettled(account.id)).limit(1);
  if (row) throw ordersInProgress();
}

async function dataSubject(tx: Database, userId: string, now: Date): Promise<DataSubject | null> {
  const [row] = await tx.select({ email: user.email, name: user.name, deletedAt: user.deletedAt }).from(user).where(eq(user.id, userId));
  if (!row || row.deletedAt) return null;
  const numbers = await Promise.all([
    tx.select({ phone: orders.recipientPhone }).from(orders).where(eq(orders.userId, userId)),
    tx.select({ phone: savedRecipients.nationalNumber }).from(savedRecipients).where(eq(savedRecipients.userId, userId)),
    tx.select({ phone: topupRequests.nationalNumber }).from(topupRequests).where(eq(topupRequests.userId, userId)),
  ]);
  return {
    userId,
    email: row.email,
    name: row.name,
    phones: [...new Set(numbers.flat().map((number) => number.phone))],
    placeholderEmail: deletedEmailFor(userId),
    now,
  };
}

/** Everything the registry exports for one customer, section by section, read in one snapshot. */
export async function exportPersonalData(db: Database, userId: string, now: Date): Promise<Record<string, unknown>> {
  return db.transaction(
    async (tx) => {
      const subject = await dataSubject(tx, userId, now);
      if (!subject) throw signedOut();
      const sections: Record<string, unknown> = { format: EXPORT_FORMAT, exportedAt: now.toISOString() };
      for (const entry of PERSONAL_DATA) {
        if (entry.exportAs && entry.export) sections[entry.exportAs] = await entry.export(tx, subject);
      }
      return sections;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Deletes a customer's account in one transaction: refused while an order is in progress (409, nothing changed);
 * otherwise every table of the registry erases its share. The user row is locked first, so no order can be added
 * for it (an order's foreign key waits for the lock) between the check and the erasure.
 */
export async function deleteAccount(db: Database, userId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: user.id, isAdmin: user.isAdmin }).from(user).where(eq(user.id, userId)).for('update');
    if (!locked) throw signedOut();
    await assertDeletable(tx, locked);
    const subject = await dataSubject(tx, userId, now);
    if (!subject) throw signedOut();
    for (const entry of PERSONAL_DATA) await entry.erase(tx, subject);
  });
}
