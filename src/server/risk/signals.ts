import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import type { RiskRule } from '../../shared/api/risk';
import type { Database } from '../db/client';
import { preparedStatement } from '../db/raw-rows';
import { orders, paymentDeclines, riskBlocklist, riskSettings, user } from '../db/schema';
import type { Payment } from '../payments/provider';
import { countryOfAddress, emailDomainOf, internationalDigits, isClientAddress, isDisposableDomain } from './lookups';
import type { RiskSignals } from './rules';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Orders whose payment is held, in review or paid: what "topped up" and "spent" count. */
const SPENT_STATUSES = [
  'authorised',
  'in_review',
  'delivering',
  'delivery_pending',
  'delivered',
  'capture_failed',
  'completed',
  'refunding',
  'refund_failed',
];
const spentStatuses = sql.raw(`(${SPENT_STATUSES.map((status) => `'${status}'`).join(', ')})`);

/** What a checkout is about, before any card is held. */
export interface CheckoutFacts {
  userId: string;
  accountEmail: string;
  /** The client address the checkout came from (canonical spelling), when known. */
  clientAddress: string | null;
  countryIso: string;
  recipientPhone: string;
  totalCents: number;
  now: Date;
}

/** The checkout's signals as recorded on the order (the console shows them) and read by the rules. */
export interface CheckoutSignals extends RiskSignals {
  accountAgeHours: number | null;
  accountCreatedAt: string | null;
  completedOrders: number;
  firstOrderAt: string | null;
  emailDomain: string;
  disposableEmail: boolean;
  addressCountry: string | null;
  destinationCountry: string;
  accountsToRecipient24h: number;
  declinesLastHourByAccount: number;
  declinesLastHourByAddress: number;
  firstDaySpendCents: number;
  orderTotalCents: number;
}

export interface RiskReading<Signals> {
  signals: Signals;
  /** The blocklist the checkout or card is on (phone, card, email_domain, address), or null. */
  blockedBy: string | null;
  /** The rules and review window an operator saved; null while none are saved (the defaults apply). */
  saved: { rules: RiskRule[]; reviewWindowMinutes: number } | null;
}

const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const text = (name: string) => sql`${sql.placeholder(name)}::text`;

/** Whether a blocklist entry names this checkout or card; an address entry is a CIDR range the client address is in. */
const blocklistMatch = sql`(select ${riskBlocklist.kind} from ${riskBlocklist} where
      (${riskBlocklist.kind} = 'phone' and ${riskBlocklist.value} = ${text('phone')})
   or (${riskBlocklist.kind} = 'email_domain' and ${riskBlocklist.value} = ${text('emailDomain')})
   or (${riskBlocklist.kind} = 'card' and ${riskBlocklist.value} = ${text('card')})
   or (case when ${riskBlocklist.kind} = 'address' then ${sql.placeholder('ip')}::inet <<= ${riskBlocklist.value}::inet else false end)
   limit 1) as blocked_by`;
const savedSettings = sql`(select ${riskSettings.rules} from ${riskSettings}) as rules,
  (select ${riskSettings.reviewWindowMinutes} from ${riskSettings}) as review_window_minutes`;

/**
 * Everything a checkout's rules read, in one statement (each part on an index: orders by user and by recipient,
 * declines by account and by address, the blocklist by kind and value).
 */
const readCheckoutRow = preparedStatement<{
  account_created_at: string | Date | null;
  completed_orders: number;
  first_order_at: string | Date | null;
  spend_24h: number;
  other_accounts: number;
  declines_account: number;
  declines_address: number;
  blocked_by: string | null;
  rules: RiskRule[] | null;
  review_window_minutes: number | null;
}>('risk_checkout_signals', () => {
  const userId = text('userId');
  return sql`select
    (select ${user.createdAt} from ${user} where ${user.id} = ${userId}) as account_created_at,
    (select count(*)::int from ${orders} where ${orders.userId} = ${userId} and ${orders.status} = 'completed') as completed_orders,
    (select min(${orders.createdAt}) from ${orders} where ${orders.userId} = ${userId} and ${orders.status} in ${spentStatuses}) as first_order_at,
    (select coalesce(sum(${orders.totalCents}), 0)::int from ${orders}
      where ${orders.userId} = ${userId} and ${orders.createdAt} >= ${at('since24h')} and ${orders.status} in ${spentStatuses}) as spend_24h,
    (select count(distinct ${orders.userId})::int from ${orders}
      where ${orders.countryIso} = ${text('countryIso')} and ${orders.recipientPhone} = ${text('recipientPhone')}
        and ${orders.createdAt} >= ${at('since24h')} and ${orders.status} in ${spentStatuses} and ${orders.userId} <> ${userId}) as other_accounts,
    (select count(*)::int from ${paymentDeclines} where ${paymentDeclines.userId} = ${userId} and ${paymentDeclines.createdAt} >= ${at('since1h')}) as declines_account,
    (select count(*)::int from ${paymentDeclines}
      where ${paymentDeclines.clientAddress} = ${text('clientAddress')} and ${paymentDeclines.createdAt} >= ${at('since1h')}) as declines_address,
    ${blocklistMatch},
    ${savedSettings}`;
});

/** A card's signals: its declines in the last hour, and whether it (or the checkout) is blocklisted now. */
const readPaymentRow = preparedStatement<{
  declines_card: number;
  blocked_by: string | null;
  rules: RiskRule[] | null;
  review_window_minutes: number | null;
}>(
  'risk_payment_signals',
  () => sql`select
    (select count(*)::int from ${paymentDeclines}
      where ${paymentDeclines.cardFingerprint} = ${text('card')} and ${paymentDeclines.createdAt} >= ${at('since1h')}) as declines_card,
    ${blocklistMatch},
    ${savedSettings}`,
);

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function savedOf(row: { rules: RiskRule[] | null; review_window_minutes: number | null }): RiskReading<unknown>['saved'] {
  return row.rules && row.review_window_minutes !== null ? { rules: row.rules, reviewWindowMinutes: row.review_window_minutes } : null;
}

export interface BlocklistFacts {
  clientAddress: string | null;
  countryIso: string;
  recipientPhone: string;
  emailDomain: string;
}

/** The values the blocklist part of a statement compares. */
function blocklistValues(facts: BlocklistFacts, card: string | null) {
  return {
    phone: internationalDigits(facts.recipientPhone, facts.countryIso),
    emailDomain: facts.emailDomain,
    card,
    ip: facts.clientAddress && isIP(facts.clientAddress) ? facts.clientAddress : null,
  };
}

/** The signals of a checkout, read before any card is held, with the blocklist's verdict and the saved rules. */
export async function readCheckoutSignals(db: Database, facts: CheckoutFacts): Promise<RiskReading<CheckoutSignals>> {
  const now = facts.now.getTime();
  const [row] = await readCheckoutRow(db, {
    userId: facts.userId,
    countryIso: facts.countryIso,
    recipientPhone: facts.recipientPhone,
    clientAddress: isClientAddress(facts.clientAddress) ? facts.clientAddress : null,
    since24h: new Date(now - DAY_MS).toISOString(),
    since1h: new Date(now - HOUR_MS).toISOString(),
    ...blocklistValues({ ...facts, emailDomain: emailDomainOf(facts.accountEmail) }, null),
  });
  if (!row) throw new Error('The risk signals statement answered no row');
  const createdAt = row.account_created_at === null ? null : new Date(row.account_created_at).getTime();
  const ageMs = createdAt === null ? null : Math.max(0, now - createdAt);
  const emailDomain = emailDomainOf(facts.accountEmail);
  return {
    signals: {
      accountAgeHours: ageMs === null ? null : Math.floor(ageMs / HOUR_MS),
      accountCreatedAt: iso(row.account_created_at),
      completedOrders: row.completed_orders,
      firstOrderAt: iso(row.first_order_at),
      emailDomain,
      disposableEmail: isDisposableDomain(emailDomain),
      addressCountry: countryOfAddress(facts.clientAddress),
      destinationCountry: facts.countryIso,
      // This account counts too: it is about to top the recipient up.
      accountsToRecipient24h: row.other_accounts + 1,
      declinesLastHourByAccount: row.declines_account,
      declinesLastHourByAddress: isClientAddress(facts.clientAddress) ? row.declines_address : 0,
      firstDaySpendCents: ageMs !== null && ageMs < DAY_MS ? row.spend_24h + facts.totalCents : 0,
      orderTotalCents: facts.totalCents,
    },
    blockedBy: row.blocked_by,
    saved: savedOf(row),
  };
}

/** The signals the payment adds once the provider has described the card and given its verdict. */
export interface PaymentSignals extends RiskSignals {
  cardFingerprint: string | null;
  cardBrand: string | null;
  cardFunding: string | null;
  cardCountry: string | null;
  cvcCheck: string | null;
  radarRiskLevel: string | null;
  radarRiskScore: number | null;
  declinesLastHourByCard: number;
  countriesAllDifferent: boolean | null;
}

/** Three countries all known and all different. */
function allDifferent(card: string | null, address: string | null, destination: string): boolean | null {
  if (!card || !address) return null;
  return card !== address && card !== destination && address !== destination;
}

/** The payment's signals, read when the provider has authorised the card; the checkout's as recorded then. */
export async function readPaymentSignals(
  db: Database,
  checkout: { signals: Pick<CheckoutSignals, 'addressCountry' | 'destinationCountry'>; facts: BlocklistFacts },
  payment: Pick<Payment, 'card' | 'risk'>,
  now: Date,
): Promise<RiskReading<PaymentSignals>> {
  const fingerprint = payment.card?.fingerprint ?? null;
  const [row] = await readPaymentRow(db, {
    since1h: new Date(now.getTime() - HOUR_MS).toISOString(),
    ...blocklistValues(checkout.facts, fingerprint),
  });
  if (!row) throw new Error('The risk signals statement answered no row');
  const cardCountry = payment.card?.country?.toUpperCase() ?? null;
  return {
    signals: {
      cardFingerprint: fingerprint,
      cardBrand: payment.card?.brand ?? null,
      cardFunding: payment.card?.funding ?? null,
      cardCountry,
      cvcCheck: payment.card?.cvcCheck ?? null,
      radarRiskLevel: payment.risk?.level ?? null,
      radarRiskScore: payment.risk?.score ?? null,
      declinesLastHourByCard: fingerprint ? row.declines_card : 0,
      countriesAllDifferent: allDifferent(cardCountry, checkout.signals.addressCountry, checkout.signals.destinationCountry),
    },
    blockedBy: row.blocked_by,
    saved: savedOf(row),
  };
}
