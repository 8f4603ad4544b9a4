import type { TopupResult } from '../../topups/provider';
import type { Order, OrderPatch } from '../state-machine';

/** When the reconciler looks again at an order in each unfinished status (a crash between two steps leaves it there). */
export const CHECK_DELAYS_MS = {
  /** A claim older than this without an outcome means the process died mid-call: the outcome is looked up. */
  delivering: 2 * 60 * 1000,
  afterStep: 60 * 1000,
} as const;

/**
 * When an order whose top-up outcome is not known yet (delivery_pending: PROCESSING, or an answer lost or unreadable)
 * is looked up again, counted from its last send: at each of these times, then every `thenEveryMs`, until the hold's
 * limit (then a person settles it, and the lookups go on hourly). A result screen still open asks sooner by itself.
 */
export const PENDING_LOOKUPS = {
  afterSendMs: [2, 5, 15, 30].map((minutes) => minutes * 60 * 1000),
  thenEveryMs: 60 * 60 * 1000,
} as const;

/** Card authorisations are never held longer than this (ADR 007; Stripe's own lapse is 7 days). */
export const MAX_AUTHORISATION_MS = 24 * 60 * 60 * 1000;
/** An unknown delivery outcome that the provider has no record of is sent again only after this long. */
export const RESEND_AFTER_MS = 2 * 60 * 1000;
/** How often an order waiting for a person is still looked up, in case the provider's answer arrives after all. */
export const ATTENTION_RECHECK_MS = 60 * 60 * 1000;
/**
 * After a person releases the hold of an order whose top-up was sent, its top-up is still looked up for this long:
 * one that turns up delivered after all is a late delivery, which a person settles.
 */
export const LATE_DELIVERY_WATCH_MS = 7 * 24 * 60 * 60 * 1000;
/** A failed provider call is tried again after this long at most. */
const MAX_RETRY_MS = 60 * 60 * 1000;

/** Why an order waits for a person (ADR 007); the operations console shows these. */
export const ATTENTION_REASONS = {
  outcomeUnknownAtLimit: 'The top-up outcome is still unknown at the authorisation limit; the hold is kept until a person settles it.',
  amountMismatch: 'The top-up provider reports another amount or currency than we sent; nothing is captured until a person checks it.',
  holdLapsed: 'The payment hold ended before the delivered top-up could be captured; the customer was not charged.',
  unknownTransaction: 'The top-up provider no longer knows a transaction it gave us; it is not sent again until a person checks it.',
  lateDelivery: 'The top-up was delivered after its payment hold had been released; the customer was not charged.',
  destinationUnavailable:
    'The top-up never reached the provider, and its country or operator has since been switched off or blocked: it is not sent again until a person settles it.',
} as const;

/** `ms` from `now`. */
export const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/** After a failed provider call: looked at again in one minute, doubling with each attempt, at most every hour. */
export const retryLater = (order: Order, now: Date): OrderPatch => ({
  nextCheckAt: later(now, Math.min(CHECK_DELAYS_MS.afterStep * 2 ** order.checkAttempts, MAX_RETRY_MS)),
  checkAttempts: order.checkAttempts + 1,
});

/** The next lookup of an order in delivery_pending on the PENDING_LOOKUPS schedule, the first one after `now`. */
export function nextPendingLookup(order: Pick<Order, 'claimedAt'>, now: Date): Date {
  const sentAt = (order.claimedAt ?? now).getTime();
  const sinceSend = now.getTime() - sentAt;
  const { afterSendMs, thenEveryMs } = PENDING_LOOKUPS;
  const early = afterSendMs.find((delay) => delay > sinceSend);
  if (early !== undefined) return new Date(sentAt + early);
  const last = afterSendMs[afterSendMs.length - 1]!;
  return new Date(sentAt + last + (Math.floor((sinceSend - last) / thenEveryMs) + 1) * thenEveryMs);
}

/** Whether the order's payment has been held as long as an authorisation may be. */
export function heldTooLong(order: Order, now: Date): boolean {
  const heldSince = order.authorisedAt?.getTime() ?? now.getTime();
  return now.getTime() - heldSince >= MAX_AUTHORISATION_MS;
}

/** Whether the last send was long enough ago that a provider with no record of it never received it. */
export function sentLongAgo(order: Order, now: Date): boolean {
  return !order.claimedAt || now.getTime() - order.claimedAt.getTime() >= RESEND_AFTER_MS;
}

/** Whether a claim for delivery is old enough that the process that made it must have died mid-call. */
export function claimExpired(order: Order, now: Date): boolean {
  return order.status === 'delivering' && (!order.claimedAt || now.getTime() - order.claimedAt.getTime() >= CHECK_DELAYS_MS.delivering);
}

/**
 * How the provider's report of a delivered top-up differs from what we sent (the amount in USD), or null when it
 * agrees or does not say. A different amount or currency means our wallet paid something else: a person checks.
 */
export function amountMismatch(
  order: Pick<Order, 'amountCents'>,
  result: Pick<TopupResult, 'requestedAmount' | 'requestedAmountCurrencyCode'>,
): string | null {
  const currency = result.requestedAmountCurrencyCode;
  if (currency !== null && currency.toUpperCase() !== 'USD') return `requested in ${currency}, not USD`;
  if (result.requestedAmount !== null && Math.round(result.requestedAmount * 100) !== order.amountCents) {
    return `requested ${result.requestedAmount} instead of ${(order.amountCents / 100).toFixed(2)}`;
  }
  return null;
}
