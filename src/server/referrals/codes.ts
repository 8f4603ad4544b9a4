import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH, REFERRAL_COOKIE, normaliseReferralCode } from '../../shared/referral';
import type { Database } from '../db/client';
import { referralCodes, referralCredits, referrals, user } from '../db/schema';

/*
 * Referral codes and the friends who join by them (docs/decisions/070-refer-a-friend.md). A code is drawn at random
 * (never derived from the account), made the first time its owner's profile asks for it.
 */

/** A new random code (node:crypto), 8 characters of Crockford's base 32. */
export function drawReferralCode(): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** The customer's code, made now if they have none (a code drawn twice is drawn again). */
export async function ensureReferralCode(db: Database, userId: string, now: Date, draw: () => string = drawReferralCode): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, userId));
    if (existing) return existing.code;
    const [made] = await db.insert(referralCodes).values({ userId, code: draw(), createdAt: now }).onConflictDoNothing().returning();
    if (made) return made.code;
  }
  throw new Error('Could not draw a free referral code');
}

function cookieValue(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** An address as the risk signals keep it: an IPv4 mapped into IPv6 is written as IPv4. */
export const canonicalSignUpAddress = (address: string | null | undefined): string | null => {
  const first = address?.split(',')[0]?.trim();
  return first ? first.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1').toLowerCase() : null;
};

/**
 * Records that a new account came through a referral link (the `referral` cookie a page opened with `?ref=<code>` set): a referral `joined`,
 * its referrer the code's owner. Nothing for an unknown code, a deleted or blocked referrer, or the account itself.
 * Never throws: a sign-up is not refused for a bad link.
 */
export async function recordReferralAtSignUp(
  db: Database,
  {
    friendId,
    cookieHeader,
    address,
    now,
  }: { friendId: string; cookieHeader: string | null | undefined; address: string | null | undefined; now: Date },
): Promise<'joined' | null> {
  const typed = cookieHeader ? cookieValue(cookieHeader, REFERRAL_COOKIE) : undefined;
  const code = typed ? normaliseReferralCode(typed) : null;
  if (!code) return null;
  const [owner] = await db
    .select({ userId: referralCodes.userId })
    .from(referralCodes)
    .innerJoin(user, eq(user.id, referralCodes.userId))
    .where(and(eq(referralCodes.code, code), isNull(user.deletedAt), isNull(user.blockedAt)));
  if (!owner || owner.userId === friendId) return null;
  const [made] = await db
    .insert(referrals)
    .values({ referrerId: owner.userId, friendId, status: 'joined', signUpAddress: canonicalSignUpAddress(address), createdAt: now })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return made ? 'joined' : null;
}

/** What the profile's "Refer a friend" shows: the code, the friends who joined, those rewarded, the credit left. */
export async function referralCounts(db: Database, userId: string) {
  const [row] = await db
    .select({
      joined: count(),
      rewarded: sql<number>`count(*) filter (where ${referrals.status} = 'rewarded')::int`,
      granted: sql<number>`(select coalesce(sum(${referralCredits.amountCents}), 0)::int from ${referralCredits} where ${referralCredits.userId} = ${userId})`,
    })
    .from(referrals)
    .where(eq(referrals.referrerId, userId));
  return { joined: Number(row?.joined ?? 0), rewarded: Number(row?.rewarded ?? 0), grantedCents: Number(row?.granted ?? 0) };
}

/** The console's customer page: the customer's code, their referrals from either side, the credit granted. */
export async function customerReferrals(db: Database, customerId: string) {
  const [own] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.userId, customerId));
  const other = sql<string>`case when ${referrals.referrerId} = ${customerId} then ${referrals.friendId} else ${referrals.referrerId} end`;
  const rows = await db
    .select({
      referral: referrals,
      otherUserId: other,
      otherEmail: sql<string | null>`(select ${user.email} from ${user} where ${user.id} = ${other})`,
    })
    .from(referrals)
    .where(sql`${referrals.referrerId} = ${customerId} or ${referrals.friendId} = ${customerId}`)
    .orderBy(sql`${referrals.createdAt} desc`)
    .limit(100);
  const { grantedCents } = await referralCounts(db, customerId);
  return { code: own?.code ?? null, grantedCents, rows };
}
