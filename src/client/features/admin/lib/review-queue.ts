import type { AdminRiskReview } from '@shared/api/risk';

/** What became of an order the admin approved or rejected from the queue, or found decided by someone else (409). */
export interface SettledReview {
  review: AdminRiskReview;
  outcome: 'approved' | 'rejected' | 'conflict';
  /** The order's status after it: as the answer gave it, or as the refusal reported it. */
  status: string | null;
}

/** Time left in a review window, in whole minutes rounded down; `ended` once it has passed (the hold is being released). */
export type TimeLeft = { ended: true } | { ended: false; hours: number; minutes: number };

export function timeLeft(reviewEndsAt: string | null, now: number): TimeLeft | null {
  if (!reviewEndsAt) return null;
  const left = Math.floor((new Date(reviewEndsAt).getTime() - now) / 60_000);
  if (left < 0) return { ended: true };
  return { ended: false, hours: Math.floor(left / 60), minutes: left % 60 };
}

/** The window is nearly over: under a quarter of an hour left, or ended. */
export const isUrgent = (left: TimeLeft | null) => left !== null && (left.ended || (left.hours === 0 && left.minutes < 15));

const order = (review: AdminRiskReview) => `${review.heldSince ?? ''}|${review.orderId}`;

/**
 * The queue as the page shows it: the orders still in review, and in their places (the list is by time held) the ones
 * decided from this page since it opened, so what became of each stays where the admin acted until dismissed.
 */
export function queueWithSettled(
  reviews: readonly AdminRiskReview[],
  settled: ReadonlyMap<string, SettledReview>,
): Array<{ review: AdminRiskReview; settled: SettledReview | null }> {
  const rows = reviews.map((review) => ({ review, settled: settled.get(review.orderId) ?? null }));
  const listed = new Set(reviews.map((review) => review.orderId));
  for (const entry of settled.values()) if (!listed.has(entry.review.orderId)) rows.push({ review: entry.review, settled: entry });
  return rows.sort((a, b) => (order(a.review) < order(b.review) ? -1 : order(a.review) > order(b.review) ? 1 : 0));
}
