import { describe, expect, it } from 'vitest';
import type { AdminRiskReview } from '@shared/api/risk';
import { isUrgent, queueWithSettled, timeLeft, type SettledReview } from './review-queue';

const review = (orderId: string, heldSince: string): AdminRiskReview => ({
  orderId,
  reference: `GT-${orderId}`,
  userId: 'u-1',
  customerEmail: 'payer@example.com',
  totalCents: 1063,
  countryIso: 'NG',
  recipientPhone: '08031234567',
  heldSince,
  reviewEndsAt: null,
  risk: null,
});

describe('the review queue', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('counts the time left in whole minutes, rounded down, and says when the window has ended', () => {
    expect(timeLeft('2026-11-28T13:05:59Z', now)).toEqual({ ended: false, hours: 1, minutes: 5 });
    expect(timeLeft('2026-11-28T12:14:00Z', now)).toEqual({ ended: false, hours: 0, minutes: 14 });
    expect(timeLeft('2026-11-28T11:59:00Z', now)).toEqual({ ended: true });
    expect(timeLeft(null, now)).toBeNull();
    expect(isUrgent(timeLeft('2026-11-28T12:14:00Z', now))).toBe(true);
    expect(isUrgent(timeLeft('2026-11-28T12:15:00Z', now))).toBe(false);
    expect(isUrgent(timeLeft('2026-11-28T11:00:00Z', now))).toBe(true);
  });

  it('keeps an order decided from the page in its place after the queue is read again without it', () => {
    const [a, b, c] = [review('a', '2026-11-28T10:00:00Z'), review('b', '2026-11-28T10:30:00Z'), review('c', '2026-11-28T11:00:00Z')];
    const settled = new Map<string, SettledReview>([['b', { review: b, outcome: 'conflict', status: 'completed' }]]);
    const rows = queueWithSettled([a, c], settled);
    expect(rows.map((row) => [row.review.orderId, row.settled?.outcome ?? null])).toEqual([
      ['a', null],
      ['b', 'conflict'],
      ['c', null],
    ]);
    // Still listed (the read has not come back yet): once, with its outcome.
    expect(queueWithSettled([a, b, c], settled).map((row) => row.review.orderId)).toEqual(['a', 'b', 'c']);
  });
});
