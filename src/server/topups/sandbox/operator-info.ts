import type { operators } from '../../db/schema';
import type { ProviderOperator } from '../provider';

export type OperatorRow = typeof operators.$inferSelect;

/** The sender currency of every sandbox operator. */
export const SANDBOX_SENDER_CURRENCY = 'USD';

/** Local amount delivered for `usdCents`, rounded to 2 decimals: cents × rate is in local cents, so round that. */
export function localAmountFor(usdCents: number, fxRate: number): number {
  return Math.round(usdCents * fxRate) / 100;
}

/** An operator as the API shows it (docs/product.md §3 Operator info), amounts in USD and in the destination currency. */
export function toOperatorInfo(operator: OperatorRow, country: { name: string; isoName: string }): ProviderOperator {
  const fxRate = Number(operator.fxRate);
  const suggestedAmounts = operator.amountsCents.map((cents) => cents / 100);
  // Bundles and data plans deliver a plan, so, as with Reloadly's, they have no local amounts to show.
  const sellsPlans = operator.bundle || operator.data;
  const localAmounts = sellsPlans ? [] : operator.amountsCents.map((cents) => localAmountFor(cents, fxRate));
  // String(7.5) is "7.5" and String(10) is "10": the keys Reloadly uses.
  const suggestedAmountsMap = Object.fromEntries(localAmounts.map((local, index) => [String(suggestedAmounts[index]), local]));
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
    amountDescriptions: operator.amountDescriptions,
    bundle: operator.bundle,
    data: operator.data,
    pin: operator.pin,
    fxRate,
    senderCurrencyCode: SANDBOX_SENDER_CURRENCY,
    destinationCurrencyCode: operator.destinationCurrencyCode,
    country: { name: country.name, isoName: country.isoName },
    logoUrl: null,
    commissionPercent: operator.commissionPercent === null ? null : Number(operator.commissionPercent),
  };
}
