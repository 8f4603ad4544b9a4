import type { OperatorInfo } from '../../shared/api/catalog';
import type { operators } from '../db/schema';

export type OperatorRow = typeof operators.$inferSelect;

/** The sender currency of every sandbox operator. */
export const SANDBOX_SENDER_CURRENCY = 'USD';

/** Local amount delivered for `usdCents`, rounded to 2 decimals: cents × rate is in local cents, so round that. */
export function localAmountFor(usdCents: number, fxRate: number): number {
  return Math.round(usdCents * fxRate) / 100;
}

/** An operator as the API shows it (SPEC §3 Operator info), amounts in USD and in the destination currency. */
export function toOperatorInfo(operator: OperatorRow, country: { name: string; isoName: string }): OperatorInfo {
  const fxRate = Number(operator.fxRate);
  const suggestedAmounts = operator.amountsCents.map((cents) => cents / 100);
  const localAmounts = operator.amountsCents.map((cents) => localAmountFor(cents, fxRate));
  // String(7.5) is "7.5" and String(10) is "10": the keys Reloadly uses.
  const suggestedAmountsMap = Object.fromEntries(suggestedAmounts.map((usd, index) => [String(usd), localAmounts[index]!]));
  const isFixed = operator.denominationType === 'FIXED';
  return {
    operatorId: operator.id,
    name: operator.name,
    denominationType: operator.denominationType,
    minAmount: isFixed || operator.minAmountCents === null ? null : operator.minAmountCents / 100,
    maxAmount: isFixed || operator.maxAmountCents === null ? null : operator.maxAmountCents / 100,
    suggestedAmounts,
    suggestedAmountsMap,
    fixedAmounts: isFixed ? suggestedAmounts : [],
    localFixedAmounts: isFixed ? localAmounts : [],
    fxRate,
    senderCurrencyCode: SANDBOX_SENDER_CURRENCY,
    destinationCurrencyCode: operator.destinationCurrencyCode,
    country: { name: country.name, isoName: country.isoName },
    logoUrl: null,
  };
}
