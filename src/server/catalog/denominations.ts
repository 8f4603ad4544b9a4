import { createHash } from 'node:crypto';
import type { DenominationType } from '../../shared/api/catalog';

/** The USD-cent amounts a FIXED operator may accept; each FIXED operator takes a stable subset of them. */
export const FIXED_AMOUNT_LADDER_CENTS = [100, 200, 500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000];
/** The smallest subset a FIXED operator gets, so every one offers a useful choice. */
export const MIN_FIXED_AMOUNTS = 8;
export const RANGE_MIN_CENTS = 100;
export const RANGE_MAX_CENTS = 10000;
export const RANGE_SUGGESTED_CENTS = [500, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500, 10000];

export interface Denominations {
  denominationType: DenominationType;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  amountsCents: number[];
}

/**
 * The amounts an operator accepts, derived from a hash of `${countryIso}:${operatorName}` so that every build of
 * the catalog gives each operator the same denominations: about half FIXED, the rest RANGE.
 */
export function denominationsFor(countryIso: string, operatorName: string): Denominations {
  const digest = createHash('sha256').update(`${countryIso}:${operatorName}`).digest();
  if (digest[0]! % 2 === 1) {
    return { denominationType: 'RANGE', minAmountCents: RANGE_MIN_CENTS, maxAmountCents: RANGE_MAX_CENTS, amountsCents: [...RANGE_SUGGESTED_CENTS] };
  }
  const count = MIN_FIXED_AMOUNTS + (digest[1]! % (FIXED_AMOUNT_LADDER_CENTS.length - MIN_FIXED_AMOUNTS + 1));
  // Rank the ladder steps by their own hash byte and keep the first `count`, in ascending amount order.
  const kept = FIXED_AMOUNT_LADDER_CENTS.map((cents, index) => ({ cents, rank: digest[2 + index]!, index }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, count)
    .map((step) => step.cents)
    .sort((a, b) => a - b);
  return { denominationType: 'FIXED', minAmountCents: null, maxAmountCents: null, amountsCents: kept };
}
