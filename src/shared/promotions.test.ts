import { describe, expect, it } from 'vitest';
import type { OperatorPromotion } from './api/promotions';
import {
  isRunning,
  operatorPromotions,
  promotionAmounts,
  promotionCovers,
  promotionForAmount,
  promotionsForReview,
  providerPlainText,
  runningPromotions,
} from './promotions';

const NOW = new Date('2026-11-22T10:00:00Z');

function promotion(overrides: Partial<OperatorPromotion> = {}): OperatorPromotion {
  return {
    promotionId: 1,
    operatorId: 341,
    title: 'MTN Nigeria double data on $10 and more',
    title2: 'Double data',
    description: null,
    startsAt: '2026-11-21T00:00:00.000Z',
    endsAt: '2026-12-05T00:00:00.000Z',
    denominations: 'USD 10 and up',
    localDenominations: null,
    ...overrides,
  };
}

const running = promotion();
const ended = promotion({ promotionId: 2, startsAt: '2026-10-01T00:00:00.000Z', endsAt: '2026-11-22T10:00:00.000Z' });
const future = promotion({ promotionId: 3, startsAt: '2026-11-22T10:00:01.000Z', endsAt: '2026-12-31T00:00:00.000Z' });

describe('which promotions run', () => {
  it('runs from its start, included, to its end, excluded', () => {
    expect(isRunning(running, NOW)).toBe(true);
    expect(isRunning(ended, NOW)).toBe(false);
    expect(isRunning(future, NOW)).toBe(false);
    expect(isRunning(future, new Date('2026-11-22T10:00:01Z'))).toBe(true);
    expect(runningPromotions([ended, running, future], NOW)).toEqual([running]);
  });

  it('stops showing at its end whatever list it comes from', () => {
    expect(runningPromotions([running], new Date(running.endsAt))).toEqual([]);
    expect(operatorPromotions([running], 341, new Date(running.endsAt))).toEqual([]);
  });
});

describe('which amounts a promotion is for', () => {
  it.each([
    ['USD 10 and up', { minCents: 1000, maxCents: null, exactCents: null }],
    ['usd 5 and above', { minCents: 500, maxCents: null, exactCents: null }],
    ['$7.50+', { minCents: 750, maxCents: null, exactCents: null }],
    ['USD 5 - 50', { minCents: 500, maxCents: 5000, exactCents: null }],
    ['USD 5 to USD 50', { minCents: 500, maxCents: 5000, exactCents: null }],
    ['USD 5, 10, 20', { minCents: 500, maxCents: 2000, exactCents: [500, 1000, 2000] }],
    ['USD 10', { minCents: 1000, maxCents: 1000, exactCents: [1000] }],
  ])('reads %s', (text, amounts) => {
    expect(promotionAmounts(text)).toEqual(amounts);
  });

  it.each([null, '', 'NGN 1000 and up', 'Every amount', 'USD 50 - 5'])('cannot read %s', (text) => {
    expect(promotionAmounts(text)).toBeNull();
  });

  it('labels only the amounts it is surely for: $10 and more, not $5', () => {
    expect(promotionCovers(running, 500)).toBe(false);
    expect(promotionCovers(running, 1000)).toBe(true);
    expect(promotionCovers(running, 10000)).toBe(true);
    expect(promotionForAmount([running], 341, 1000, NOW)).toBe(running);
    expect(promotionForAmount([running], 341, 500, NOW)).toBeNull();
    expect(promotionForAmount([running], 642, 1000, NOW)).toBeNull();
    expect(promotionForAmount([ended, future], 341, 1000, NOW)).toBeNull();
  });

  it('shows on the review a running one surely for the amount or whose amounts it cannot read, never one that is not for it', () => {
    const unreadable = promotion({ promotionId: 4, denominations: 'Selected amounts' });
    const exact = promotion({ promotionId: 5, denominations: 'USD 5, 20' });
    expect(promotionsForReview([running, unreadable, exact, ended, future], 341, 1000, NOW)).toEqual([running, unreadable]);
    expect(promotionsForReview([running, unreadable, exact], 341, 500, NOW)).toEqual([unreadable, exact]);
  });

  it("notes a saved recipient's operator with a running one, and nothing without an operator", () => {
    expect(operatorPromotions([running, ended, future], 341, NOW)).toEqual([running]);
    expect(operatorPromotions([running], null, NOW)).toEqual([]);
  });
});

describe("the provider's text", () => {
  it('keeps it as text: tags removed, entities decoded, spaces tidied', () => {
    expect(providerPlainText('<p>Get <b>5x</b> &amp; more<br>now &lt;3</p>', 100)).toBe('Get 5x & more now <3');
    expect(providerPlainText('  ', 100)).toBeNull();
    expect(providerPlainText(null, 100)).toBeNull();
  });

  it('removes bidi controls and caps the length with an ellipsis', () => {
    expect(providerPlainText('a\u202eb\u2066c', 100)).toBe('a b c');
    const capped = providerPlainText('x'.repeat(500), 80)!;
    expect(capped).toHaveLength(80);
    expect(capped.endsWith('…')).toBe(true);
  });
});
