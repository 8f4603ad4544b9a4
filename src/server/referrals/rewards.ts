import { isIP } from 'node:net';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../shared/api/orders';
import type { ReferralRefusal } from '../../shared/referral';
import type { Database } from '../db/client';
import { disputes, orderRiskSignals, orders, paymentDeclines, referralCredits, referrals, savedPaymentMethods, session, user } from '../db/schema';
import { startRepeatingJob, type RepeatingJob } from '../repeating-job';
import { canonicalSignUpAddress } from './codes';
import { readReferralSettings } from './settings';

/*
 * The referrer's reward (docs/decisions/070-refer-a-friend.md), granted by a repeating job: once the friend's first
 * top-up is completed it is `qualified`; once it is older than the dispute window, and the two accounts share no card,
 * address or account signal, the referral is `rewarded` and the credit granted, once (the claim is one conditional
 * update, and the grant's unique index backs it). Otherwise `refused`, with the reason the console shows.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the job looks: rewards are days away, a few minutes late is nothing. */
export const REFERRAL_REWARDS_INTERVAL_MS = 10 * 60 * 1000;
/** Open referrals looked at per run. */
const BATCH = 200;

/** Orders that never took money: not a first top-up. */
const UNPAID: OrderStatus[] = ['created', 'expired', 'declined', 'canceled', 'delivery_failed', 'capture_failed'];
/** A first top-up given back: the reward is refused. */
const UNDONE: OrderStatus[] = ['refunding', 'refunded', 'refund_failed'];
const OPEN = ['joined', 'qualified'];

type Referral = typeof referrals.$inferSelect;

/** The signals of one account the abuse checks compare: cards, addresses, e-mail, recipients. */
interface AccountSignals {
  cards: Set<string>;
  addresses: Set<string>;
  email: string | null;
  recipients: Set<string>;
}

/** The range an address belongs to: its /24 (IPv4) or /64 (IPv6), so a neighbour on the same network counts too. */
export function addressRange(address: string): string | null {
  const canonical = canonicalSignUpAddress(address);
  if (!canonical) return null;
  if (isIP(canonical) === 4) return canonical.split('.').slice(0, 3).join('.');
  if (isIP(canonical) !== 6) return null;
  const [head = '', tail = ''] = canonical.split('::');
  const groups = [...head.split(':').filter(Boolean), ...Array<string>(8).fill('0')].slice(0, 8);
  if (tail) {
    const end = tail.split(':');
    groups.splice(8 - end.length, end.length, ...end);
  }
  return groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':');
}

/** One mailbox: lower case, without a +tag, and without dots for Gmail (which ignores them). */
export function mailboxOf(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  const name = local.split('+')[0] ?? '';
  return `${gmail ? name.replaceAll('.', '') : name}@${gmail ? 'gmail.com' : domain}`;
}

async function signalsOf(db: Database, userIds: string[]): Promise<Map<string, AccountSignals>> {
  const [paid, cards, declines, sessions, users] = await Promise.all([
    db
      .select({
        userId: orders.userId,
        address: orderRiskSignals.clientAddress,
        card: sql<string | null>`${orderRiskSignals.payment}->>'cardFingerprint'`,
        recipient: sql<string>`${orders.countryIso} || ${orders.recipientPhone}`,
      })
      .from(orders)
      .leftJoin(orderRiskSignals, eq(orderRiskSignals.orderId, orders.id))
      .where(inArray(orders.userId, userIds)),
    db
      .select({ userId: savedPaymentMethods.userId, card: savedPaymentMethods.fingerprint })
      .from(savedPaymentMethods)
      .where(inArray(savedPaymentMethods.userId, userIds)),
    db
      .select({ userId: paymentDeclines.userId, card: paymentDeclines.cardFingerprint, address: paymentDeclines.clientAddress })
      .from(paymentDeclines)
      .where(inArray(paymentDeclines.userId, userIds)),
    db.select({ userId: session.userId, address: session.ipAddress }).from(session).where(inArray(session.userId, userIds)),
    db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, userIds)),
  ]);
  const signals = new Map(
    userIds.map((id) => [
      id,
      { cards: new Set<string>(), addresses: new Set<string>(), email: null, recipients: new Set<string>() } as AccountSignals,
    ]),
  );
  const add = (userId: string, part: { card?: string | null; address?: string | null; recipient?: string }) => {
    const into = signals.get(userId);
    if (!into) return;
    if (part.card) into.cards.add(part.card);
    const range = part.address ? addressRange(part.address) : null;
    if (range) into.addresses.add(range);
    if (part.recipient) into.recipients.add(part.recipient);
  };
  for (const row of paid) add(row.userId, row);
  for (const row of cards) add(row.userId, row);
  for (const row of declines) add(row.userId, row);
  for (const row of sessions) add(row.userId, row);
  for (const row of users) {
    const into = signals.get(row.id);
    if (into) into.email = mailboxOf(row.email);
  }
  return signals;
}

const shares = (one: Set<string>, other: Set<string>) => [...one].some((value) => other.has(value));

/**
 * Why the referrer may not be rewarded for this friend, or null: one mailbox behind both accounts (self), a card
 * either used or saved, an address (or its range) either signed in, paid or signed up from, or a recipient both
 * topped up (the risk desk's account signal).
 */
export async function abuseOf(db: Database, referral: Pick<Referral, 'referrerId' | 'friendId' | 'signUpAddress'>): Promise<ReferralRefusal | null> {
  if (referral.referrerId === referral.friendId) return 'self';
  const signals = await signalsOf(db, [referral.referrerId, referral.friendId]);
  const referrer = signals.get(referral.referrerId)!;
  const friend = signals.get(referral.friendId)!;
  const signUpRange = referral.signUpAddress ? addressRange(referral.signUpAddress) : null;
  if (signUpRange) friend.addresses.add(signUpRange);
  if (referrer.email && referrer.email === friend.email) return 'self';
  if (shares(referrer.cards, friend.cards)) return 'same_card';
  if (shares(referrer.addresses, friend.addresses)) return 'same_address';
  if (shares(referrer.recipients, friend.recipients)) return 'same_account';
  return null;
}

/** Moves a referral still open on to `status`, once: null when another run moved it first. */
async function settle(db: Database, id: number, set: Partial<Referral>): Promise<Referral | undefined> {
  const [moved] = await db
    .update(referrals)
    .set(set)
    .where(and(eq(referrals.id, id), inArray(referrals.status, OPEN)))
    .returning();
  return moved;
}

/** Grants the referrer's credit and marks the referral rewarded, in one transaction, once. */
async function reward(db: Database, referral: Referral, creditCents: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const moved = await settle(tx, referral.id, { status: 'rewarded', qualifyingOrderId: referral.qualifyingOrderId, decidedAt: now });
    if (!moved) return false;
    if (creditCents <= 0) return true;
    const [granted] = await tx
      .insert(referralCredits)
      .values({ userId: referral.referrerId, referralId: referral.id, amountCents: creditCents, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: referralCredits.id });
    return Boolean(granted);
  });
}

export interface ReferralRun {
  qualified: number;
  rewarded: number;
  refused: number;
}

/** One run: each open referral whose friend has a first top-up moves on as far as it may today. */
export async function runReferralRewards(db: Database, now: Date): Promise<ReferralRun> {
  const run: ReferralRun = { qualified: 0, rewarded: 0, refused: 0 };
  const settings = await readReferralSettings(db);
  const open = await db.select().from(referrals).where(inArray(referrals.status, OPEN)).orderBy(asc(referrals.id)).limit(BATCH);
  if (open.length === 0) return run;
  const firstOrders = await db
    .selectDistinctOn([orders.userId], { userId: orders.userId, id: orders.id, status: orders.status, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(
      and(
        inArray(
          orders.userId,
          open.map((referral) => referral.friendId),
        ),
        sql`${orders.status} <> all(${`{${UNPAID.join(',')}}`}::text[])`,
      ),
    )
    .orderBy(orders.userId, asc(orders.createdAt));
  const firstOf = new Map(firstOrders.map((order) => [order.userId, order]));
  const disputed = new Set(
    firstOrders.length === 0
      ? []
      : (
          await db
            .select({ orderId: disputes.orderId })
            .from(disputes)
            .where(
              inArray(
                disputes.orderId,
                firstOrders.map((order) => order.id),
              ),
            )
        ).map((row) => row.orderId),
  );
  for (const referral of open) {
    const first = firstOf.get(referral.friendId);
    if (!first) continue;
    const refuse = async (reason: ReferralRefusal) => {
      if (await settle(db, referral.id, { status: 'refused', refusedReason: reason, qualifyingOrderId: first.id, decidedAt: now })) run.refused += 1;
    };
    if ((UNDONE as string[]).includes(first.status) || disputed.has(first.id)) {
      await refuse('first_top_up_undone');
      continue;
    }
    if (first.status !== 'completed' || !first.deliveredAt) continue;
    if (first.deliveredAt.getTime() + settings.disputeWindowDays * DAY_MS > now.getTime()) {
      if (referral.status === 'joined' && (await settle(db, referral.id, { status: 'qualified', qualifyingOrderId: first.id }))) run.qualified += 1;
      continue;
    }
    const abuse = await abuseOf(db, referral);
    if (abuse) await refuse(abuse);
    else if (await reward(db, { ...referral, qualifyingOrderId: first.id }, settings.referrerCreditCents, now)) run.rewarded += 1;
  }
  return run;
}

/** Runs the rewards now and then every REFERRAL_REWARDS_INTERVAL_MS until stopped; runs never overlap. */
export function startReferralRewards(
  deps: { db: Database; now: () => Date; log: { error(object: unknown, message: string): void } },
  intervalMs = REFERRAL_REWARDS_INTERVAL_MS,
): RepeatingJob {
  return startRepeatingJob(
    async () => {
      await runReferralRewards(deps.db, deps.now());
    },
    intervalMs,
    (error) => deps.log.error({ err: error }, 'referral rewards run failed'),
  );
}
