import type { ApiMessageKey } from '../shared/api/messages';
import { REQUEST_LINKS_PER_DAY } from '../shared/api/topup-requests';
import type { AttemptCounts, LimitedKey, Reservation, WindowRule } from './db/attempt-counts';
import { DomainError } from './domain-error';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A limit on one abusable flow: the window rule, and the translation key of the message its refusal carries. */
export interface RequestLimit extends WindowRule {
  name: string;
  messageKey: ApiMessageKey;
}

/**
 * How often each flow an attacker could abuse may run, per client address (as TRUST_PROXY resolves it) and, where it
 * fits, per account or per target. Counted in the database, so every instance shares them.
 */
export const REQUEST_LIMITS = {
  /**
   * A ceiling against scripts only (ADR 045): a family or an office behind one router signs up freely; the risk rules
   * judge what the accounts then pay for.
   */
  signUpsPerAddress: { name: 'sign-up:ip', limit: 50, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManySignUps' },
  /** Password-reset and address-confirmation e-mails. */
  accountMailsPerRecipient: { name: 'account-mail:to', limit: 3, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManyAccountMails' },
  accountMailsPerAddress: { name: 'account-mail:ip', limit: 10, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManyAccountMails' },
  detectionsPerAddress: { name: 'detect:ip', limit: 30, windowMs: MINUTE_MS, messageKey: 'apiErrors.tooManyDetections' },
  checkoutsPerAddress: { name: 'checkout:ip', limit: 20, windowMs: 10 * MINUTE_MS, messageKey: 'payment.messages.rate_limit' },
  contactsPerAddress: { name: 'contact:ip', limit: 5, windowMs: 10 * MINUTE_MS, messageKey: 'apiErrors.tooManyContactMessages' },
  /** "Request a top-up" links (ADR 022); the address in its canonical spelling (http/client-address.ts). */
  topupRequestsPerAddress: { name: 'topup-request:ip', limit: 10, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManyTopupRequests' },
  /** …and per maker, who must be signed in (REQUEST_LINKS_PER_DAY). */
  topupRequestsPerUser: {
    name: 'topup-request:user',
    limit: REQUEST_LINKS_PER_DAY,
    windowMs: 24 * HOUR_MS,
    messageKey: 'apiErrors.tooManyTopupRequestsToday',
  },
  /** Saved recipients a customer adds by hand; each may cost an operator detection. */
  recipientAddsPerUser: { name: 'recipient-add:user', limit: 20, windowMs: 10 * MINUTE_MS, messageKey: 'apiErrors.tooManyRecipientAdds' },
} as const satisfies Record<string, RequestLimit>;

/**
 * Checkout starts per user in one minute: `attemptsPerMinute` is the limit admins set in the console
 * (orders/service-limits.ts; 3 by default, ADR 012). A change applies to the window under way.
 */
export const checkoutsPerUser = (attemptsPerMinute: number): RequestLimit => ({
  name: 'checkout:user',
  limit: attemptsPerMinute,
  windowMs: MINUTE_MS,
  messageKey: 'payment.messages.rate_limit',
});

/** The uses of one request: each limit with the subject it is counted for (an address, an account …). */
export type LimitUses = ReadonlyArray<[RequestLimit, string]>;

const limitedKeys = (uses: LimitUses): LimitedKey[] => uses.map(([rule, subject]) => ({ key: `${rule.name}:${subject}`, rule }));

/** A refused reservation as the customer sees it: rate_limited, a 429 with Retry-After (seconds until the window ends). */
function refuseSpent(uses: LimitUses, reservation: Reservation): void {
  if (reservation.allowed) return;
  const [spent] = uses.find(([rule, subject]) => `${rule.name}:${subject}` === reservation.key)!;
  throw new DomainError('rate_limited', 'RATE_LIMITED', { key: spent.messageKey }, { retryAfterSeconds: reservation.retryAfterSeconds });
}

/**
 * Counts one use under each (limit, subject). When any limit is spent, nothing is counted and the request is refused
 * (rate_limited: a 429 with Retry-After, the seconds until that limit's window ends).
 */
export async function enforceLimits(counts: AttemptCounts, uses: LimitUses): Promise<void> {
  refuseSpent(uses, await counts.reserve(limitedKeys(uses)));
}

/**
 * The same count, for a flow that sends the counting statement with a statement of its own (one round trip for both):
 * run `statement` there, then give `enforce` the keys it returned; `enforce` refuses as `enforceLimits` would. Given a
 * condition of that statement's (`unless`), it counts nothing where the condition holds: the request is then no new use
 * (a retried checkout whose order exists), and `enforce` is not called.
 */
export function limitsToEnforce(counts: AttemptCounts, uses: LimitUses) {
  const reservation = counts.reservation(limitedKeys(uses));
  return {
    statement: reservation.statement,
    async enforce(counted: ReadonlySet<string>): Promise<void> {
      refuseSpent(uses, await reservation.settle(counted));
    },
    /** Counts the uses on their own, for a request refused before its statement ran (so that it still counts). */
    alone: () => enforceLimits(counts, uses),
  };
}

export type LimitsToEnforce = ReturnType<typeof limitsToEnforce>;
