import type { OperatorInfo } from './api/catalog';

type AmountFacts = Pick<
  OperatorInfo,
  | 'bundle'
  | 'data'
  | 'fxRate'
  | 'senderCurrencyCode'
  | 'destinationCurrencyCode'
  | 'suggestedAmountsMap'
  | 'fixedAmounts'
  | 'localFixedAmounts'
  | 'amountDescriptions'
>;

/** The key of an amount in an operator's descriptions: the sender amount with two decimals ("5.00"). */
function amountKey(usdCents: number): string {
  return (usdCents / 100).toFixed(2);
}

/**
 * A rate that converts money: a bundle's rate is 1 between two different currencies, which only says there is none.
 */
function conversionRate(operator: AmountFacts): number | null {
  const rate = operator.fxRate;
  if (rate === null || !(rate > 0)) return null;
  if (rate === 1 && operator.destinationCurrencyCode !== operator.senderCurrencyCode) return null;
  return rate;
}

/**
 * What the recipient gets for a sender amount, in the destination currency: the operator's own figure for that amount
 * (suggestedAmountsMap, then localFixedAmounts), else the amount at the operator's rate. Null for bundles and data
 * plans, which deliver a plan rather than money, and whenever the operator gives no real rate: an amount is never
 * invented.
 */
export function localAmountOf(operator: AmountFacts, usdCents: number): number | null {
  if (operator.bundle || operator.data) return null;
  const mapped = operator.suggestedAmountsMap[String(usdCents / 100)];
  if (mapped !== undefined) return mapped;
  const fixedIndex = operator.fixedAmounts.findIndex((amount) => Math.round(amount * 100) === usdCents);
  const fixedLocal = fixedIndex >= 0 ? operator.localFixedAmounts[fixedIndex] : undefined;
  if (fixedLocal !== undefined) return fixedLocal;
  const rate = conversionRate(operator);
  return rate === null ? null : Math.round(usdCents * rate) / 100;
}

/** What an amount buys, as the operator describes it ("Small Plan - 2GB, 7 Days"); null when it says nothing. */
export function planDescriptionOf(operator: Pick<OperatorInfo, 'amountDescriptions'>, usdCents: number): string | null {
  return operator.amountDescriptions[amountKey(usdCents)] ?? null;
}
