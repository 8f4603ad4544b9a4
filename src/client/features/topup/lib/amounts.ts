import type { TopUpPrice } from '@shared/pricing';
import type { TFunction } from 'i18next';
import type { OperatorInfo } from '@shared/api/catalog';
import type { Language } from '@shared/constants';
import { localAmountOf, planDescriptionOf } from '@shared/operator-amounts';
import { formatUsd, toCents } from '@shared/pricing';
import { formatLocalAmount } from '@/lib/local-format';

export { formatLocalAmount } from '@/lib/local-format';

/** One amount the visitor can send: what they pay in USD and what the recipient gets. */
export interface AmountOption {
  usdCents: number;
  /** In the destination currency; null when the operator gives none for it (bundles never do). */
  localAmount: number | null;
  /** For bundles and data plans: the plan the amount buys. Absent in top-ups saved before plans were shown. */
  plan?: string | null;
}

/** The amount as the operator sells it: its local amount, or for bundles its plan. */
export function amountOption(operator: OperatorInfo, usdCents: number): AmountOption {
  const sellsPlans = operator.bundle || operator.data;
  return { usdCents, localAmount: localAmountOf(operator, usdCents), plan: sellsPlans ? planDescriptionOf(operator, usdCents) : null };
}

/** The amount cards: the suggested amounts, else the fixed amounts a FIXED operator accepts. */
export function amountOptions(operator: OperatorInfo): AmountOption[] {
  const amounts = operator.suggestedAmounts.length > 0 ? operator.suggestedAmounts : operator.fixedAmounts;
  const cents = [...new Set(amounts.map(toCents))].filter((usdCents) => usdCents > 0);
  return cents.map((usdCents) => amountOption(operator, usdCents));
}

/**
 * What "They Get" says for an amount: the plan of a bundle (the operator's own words), else the local amount, else the
 * currency alone when the operator gives no amount; a bundle without a description is "a data plan".
 */
export function theyGetText(option: AmountOption, operator: OperatorInfo, language: Language, t: TFunction): string {
  if (option.plan) return option.plan;
  if (operator.bundle || operator.data) return t('topup.amount.dataPlan');
  if (option.localAmount === null) return operator.destinationCurrencyCode;
  return formatLocalAmount(option.localAmount, operator.destinationCurrencyCode, language);
}

export type CustomAmountCheck = { ok: true; usdCents: number } | { ok: false; reason: 'empty' | 'format' | 'range' };

/** A typed USD amount for a RANGE operator: dollars with at most 2 decimals, within minAmount–maxAmount. */
export function checkCustomAmount(text: string, operator: Pick<OperatorInfo, 'minAmount' | 'maxAmount'>): CustomAmountCheck {
  const value = text.trim();
  if (value === '') return { ok: false, reason: 'empty' };
  if (!/^\d+(?:\.\d{1,2})?$/.test(value)) return { ok: false, reason: 'format' };
  const usdCents = toCents(value);
  const min = operator.minAmount === null ? 1 : toCents(operator.minAmount);
  const max = operator.maxAmount === null ? Number.MAX_SAFE_INTEGER : toCents(operator.maxAmount);
  if (usdCents < Math.max(min, 1) || usdCents > max) return { ok: false, reason: 'range' };
  return { ok: true, usdCents };
}

/** USD as the product shows it everywhere: "$10.00". */
export function formatUsdCents(cents: number): string {
  return `$${formatUsd(cents)}`;
}

/** An amount's price with fees: the one function the amount cards and the review both use (shared/pricing.ts's priceTopUp). */
export type PriceOf = (usdCents: number) => TopUpPrice;
