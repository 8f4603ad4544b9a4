import { eq, or } from 'drizzle-orm';
import { referralCodes, referralCredits, referrals } from '../db/schema';
import type { PersonalDataTable } from './personal-data-table';

/**
 * Refer a friend (ADR 070) in "Your data": the customer's code, the referrals they are part of (from either side, never
 * the other person's account) and the credit granted to them. With the account, the code goes (its link no longer
 * works) and the address they signed up from is forgotten; the referrals and the credit stay, as the books of what
 * was given.
 */
export const REFERRAL_DATA: readonly PersonalDataTable[] = [
  {
    table: 'referral_codes',
    exportAs: 'referralCode',
    export: (tx, subject) =>
      tx.select({ code: referralCodes.code, createdAt: referralCodes.createdAt }).from(referralCodes).where(eq(referralCodes.userId, subject.userId)),
    erase: async (tx, subject) => void (await tx.delete(referralCodes).where(eq(referralCodes.userId, subject.userId))),
  },
  {
    table: 'referrals',
    exportAs: 'referrals',
    export: async (tx, subject) => {
      const rows = await tx
        .select()
        .from(referrals)
        .where(or(eq(referrals.referrerId, subject.userId), eq(referrals.friendId, subject.userId)))
        .orderBy(referrals.createdAt);
      return rows.map((row) => ({
        role: row.referrerId === subject.userId ? 'referrer' : 'friend',
        status: row.status,
        refusedReason: row.refusedReason,
        ...(row.friendId === subject.userId ? { signUpAddress: row.signUpAddress } : {}),
        createdAt: row.createdAt,
        decidedAt: row.decidedAt,
      }));
    },
    erase: async (tx, subject) => void (await tx.update(referrals).set({ signUpAddress: null }).where(eq(referrals.friendId, subject.userId))),
  },
  {
    table: 'referral_credits',
    exportAs: 'referralCredits',
    export: (tx, subject) =>
      tx
        .select({ amountCents: referralCredits.amountCents, createdAt: referralCredits.createdAt })
        .from(referralCredits)
        .where(eq(referralCredits.userId, subject.userId))
        .orderBy(referralCredits.createdAt),
    // Sums granted, naming no one but by the account's id, which stays as a deleted account's.
    erase: async () => {},
  },
];
