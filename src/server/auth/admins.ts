import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/** Makes the user with this e-mail an admin. Returns false when there is no such user. */
export async function grantAdmin(db: Database, email: string): Promise<boolean> {
  const rows = await db
    .update(user)
    .set({ isAdmin: true })
    .where(eq(user.email, email.trim().toLowerCase()))
    .returning({ id: user.id });
  return rows.length > 0;
}

/** At start: users who already exist with an address listed in ADMIN_EMAILS become admins. */
export async function promoteConfiguredAdmins(db: Database, adminEmails: readonly string[]): Promise<void> {
  if (adminEmails.length === 0) return;
  await db.update(user).set({ isAdmin: true }).where(inArray(user.email, [...adminEmails]));
}
