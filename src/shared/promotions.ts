import type { OperatorPromotion } from './api/promotions';

/*
 * Which of the operators' promotions show, and on which amounts (docs/decisions/069-operator-promotions-shown-as-the-
 * operators-own.md): the server serves the running ones, and the browser checks again against its own clock, so a
 * promotion stops showing at its end even on a page left open.
 */

/** The most of each provider text kept; a longer text is cut with an ellipsis. */
export const PROMOTION_TEXT_LIMITS = { title: 160, title2: 80, description: 600, denominations: 80 } as const;

/** True while `promotion` runs at `now`: from its start (included) to its end (excluded). */
export function isRunning(promotion: Pick<OperatorPromotion, 'startsAt' | 'endsAt'>, now: Date): boolean {
  const at = now.getTime();
  return Date.parse(promotion.startsAt) <= at && at < Date.parse(promotion.endsAt);
}

export function runningPromotions<T extends Pick<OperatorPromotion, 'startsAt' | 'endsAt'>>(promotions: readonly T[], now: Date): T[] {
  return promotions.filter((promotion) => isRunning(promotion, now));
}

/** The amounts a promotion is for, in USD cents, read from the provider's `denominations`; null when it cannot be read. */
export interface PromotionAmounts {
  minCents: number;
  /** Null: no upper bound ("USD 10 and up"). */
  maxCents: number | null;
  /** Only these amounts ("USD 5, 10, 20"); null for a range. */
  exactCents: number[] | null;
}

const AMOUNT = String.raw`(\d+(?:\.\d{1,2})?)`;
const AND_UP = new RegExp(String.raw`^(?:USD|\$)\s*${AMOUNT}\s*(?:\+|and (?:up|above|more)|or more)$`, 'i');
const BETWEEN = new RegExp(String.raw`^(?:USD|\$)\s*${AMOUNT}\s*(?:-|–|to)\s*(?:USD|\$)?\s*${AMOUNT}$`, 'i');
const LIST = new RegExp(String.raw`^(?:USD|\$)\s*${AMOUNT}(?:\s*,\s*(?:USD|\$)?\s*${AMOUNT.replace('(', '(?:')})*$`, 'i');

const cents = (text: string) => Math.round(Number(text) * 100);

/** "USD 10 and up", "USD 5 - 50", "USD 5, 10, 20" or "USD 10"; anything else (another currency, prose) is null. */
export function promotionAmounts(denominations: string | null): PromotionAmounts | null {
  const text = denominations?.trim().replace(/\s+/g, ' ') ?? '';
  const andUp = AND_UP.exec(text);
  if (andUp) return { minCents: cents(andUp[1]!), maxCents: null, exactCents: null };
  const between = BETWEEN.exec(text);
  if (between) {
    const [low, high] = [cents(between[1]!), cents(between[2]!)];
    return low <= high ? { minCents: low, maxCents: high, exactCents: null } : null;
  }
  if (LIST.test(text)) {
    const exact = [...text.matchAll(/\d+(?:\.\d{1,2})?/g)].map((match) => cents(match[0]));
    return { minCents: Math.min(...exact), maxCents: Math.max(...exact), exactCents: exact };
  }
  return null;
}

/** Whether the promotion is for this amount: yes, no, or unknown when its amounts cannot be read. */
export function promotionCovers(promotion: Pick<OperatorPromotion, 'denominations'>, usdCents: number): boolean | null {
  const amounts = promotionAmounts(promotion.denominations);
  if (!amounts) return null;
  if (amounts.exactCents) return amounts.exactCents.includes(usdCents);
  return usdCents >= amounts.minCents && (amounts.maxCents === null || usdCents <= amounts.maxCents);
}

/** The operator's promotion running at `now` that is surely for this amount: what the amount card labels. */
export function promotionForAmount<T extends OperatorPromotion>(promotions: readonly T[], operatorId: number, usdCents: number, now: Date): T | null {
  return (
    promotions.find(
      (promotion) => promotion.operatorId === operatorId && isRunning(promotion, now) && promotionCovers(promotion, usdCents) === true,
    ) ?? null
  );
}

/**
 * The operator's promotions running at `now` the review shows for this amount: those surely for it, and those whose
 * amounts cannot be read (their own words then say which amounts).
 */
export function promotionsForReview<T extends OperatorPromotion>(promotions: readonly T[], operatorId: number, usdCents: number, now: Date): T[] {
  return promotions.filter(
    (promotion) => promotion.operatorId === operatorId && isRunning(promotion, now) && promotionCovers(promotion, usdCents) !== false,
  );
}

/** The operator's promotions running at `now`: the note on a saved recipient. */
export function operatorPromotions<T extends OperatorPromotion>(promotions: readonly T[], operatorId: number | null, now: Date): T[] {
  return operatorId === null ? [] : promotions.filter((promotion) => promotion.operatorId === operatorId && isRunning(promotion, now));
}

/** Provider text as plain text: tags removed, common entities decoded, bidi controls and spaces tidied, then capped. */
export function providerPlainText(text: string | null | undefined, limit: number): string | null {
  if (!text) return null;
  const plain = text
    .replace(/<(?:br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#0*39;|&apos;/gi, "'")
    .replace(/&amp;/gi, '&')
    // Bidi overrides and isolates could reorder our own text around it; controls and zero-width characters hide text.
    .replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return null;
  const characters = [...plain];
  return characters.length <= limit
    ? plain
    : `${characters
        .slice(0, limit - 1)
        .join('')
        .trimEnd()}…`;
}
