import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { DomainError } from '../domain-error';

/**
 * An account an admin blocked (admin/customer-actions.ts): it opens no session, whichever way it signs in (auth.ts),
 * its requests are refused (guards.ts), and it starts no checkout. Its sessions were ended when it was blocked. A
 * deleted account (account/your-data.ts) is refused the same way, should a request slip past its deletion.
 */
export async function isAccountBlocked(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, userId), or(isNotNull(user.blockedAt), isNotNull(user.deletedAt))));
  return row !== undefined;
}

export const ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED';

export const accountBlockedError = () => new DomainError('forbidden', ACCOUNT_BLOCKED, { key: 'apiErrors.accountBlocked' });

/** Refuses a checkout of a blocked account, read from the database at the moment it starts. */
export async function refuseBlockedCheckout(db: Database, userId: string): Promise<void> {
  if (await isAccountBlocked(db, userId)) throw accountBlockedError();
}
