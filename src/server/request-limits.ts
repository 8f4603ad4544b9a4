import type { ApiMessageKey } from '../shared/api/messages';
import type { AttemptCounts, WindowRule } from './db/attempt-counts';
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
  signUpsPerAddress: { name: 'sign-up:ip', limit: 5, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManySignUps' },
  /** Password-reset and address-confirmation e-mails. */
  accountMailsPerRecipient: { name: 'account-mail:to', limit: 3, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManyAccountMails' },
  accountMailsPerAddress: { name: 'account-mail:ip', limit: 10, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManyAccountMails' },
  detectionsPerAddress: { name: 'detect:ip', limit: 30, windowMs: MINUTE_MS, messageKey: 'apiErrors.tooManyDetections' },
  checkoutsPerAddress: { name: 'checkout:ip', limit: 20, windowMs: 10 * MINUTE_MS, messageKey: 'payment.messages.rate_limit' },
  contactsPerAddress: { name: 'contact:ip', limit: 5, windowMs: 10 * MINUTE_MS, messageKey: 'apiErrors.tooManyContactMessages' },
  /** "Request a top-up" links (ADR 022); the address in its canonical spelling (http/client-address.ts). */
  topupRequestsPerAddress: { name: 'topup-request:ip', limit: 10, windowMs: HOUR_MS, messageKey: 'apiErrors.tooManyTopupRequests' },
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

/**
 * Counts one use under each (limit, subject). When any limit is spent, nothing is counted and the request is refused
 * (rate_limited: a 429 with Retry-After, the seconds until that limit's window ends).
 */
export async function enforceLimits(counts: AttemptCounts, uses: ReadonlyArray<[RequestLimit, string]>): Promise<void> {
  const reservation = await counts.reserve(uses.map(([rule, subject]) => ({ key: `${rule.name}:${subject}`, rule })));
  if (reservation.allowed) return;
  const [spent] = uses.find(([rule, subject]) => `${rule.name}:${subject}` === reservation.key)!;
  throw new DomainError('rate_limited', 'RATE_LIMITED', { key: spent.messageKey }, { retryAfterSeconds: reservation.retryAfterSeconds });
}
