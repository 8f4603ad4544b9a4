import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

export type GrantOutcome = 'granted' | 'no-such-user' | 'not-verified';

/**
 * Makes the user with this e-mail an admin, only once they have proved they own the address: whoever first registers
 * an address must not get admin rights by that alone.
 */
export async function grantAdmin(db: Database, email: string): Promise<GrantOutcome> {
  const address = email.trim().toLowerCase();
  const rows = await db
    .update(user)
    .set({ isAdmin: true })
    .where(and(eq(user.email, address), eq(user.emailVerified, true)))
    .returning({ id: user.id });
  if (rows.length > 0) return 'granted';
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.email, address));
  return exists ? 'not-verified' : 'no-such-user';
}

/**
 * At start: users with a verified address listed in ADMIN_EMAILS become admins (the others when they verify it).
 * Returns the ids of the accounts that were not admins before.
 */
export async function promoteConfiguredAdmins(db: Database, adminEmails: readonly string[]): Promise<string[]> {
  if (adminEmails.length === 0) return [];
  const promoted = await db
    .update(user)
    .set({ isAdmin: true })
    .where(and(inArray(user.email, [...adminEmails]), eq(user.emailVerified, true), eq(user.isAdmin, false)))
    .returning({ id: user.id });
  return promoted.map((row) => row.id);
}
