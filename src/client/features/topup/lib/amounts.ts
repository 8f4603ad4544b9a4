import type { OperatorInfo } from '@shared/api/catalog';
import type { Language } from '@shared/constants';
import { formatUsd, toCents } from '@shared/pricing';
import { intlLocale } from './country-list';

/** One amount the visitor can send: what they pay in USD and what the recipient gets in local currency. */
export interface AmountOption {
  usdCents: number;
  /** In the destination currency; null when the operator gives no rate for it. */
  localAmount: number | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The local amount for a USD amount, from the operator's exchange rate when it has one. */
export function localAmountFor(usdCents: number, operator: Pick<OperatorInfo, 'fxRate'>): number | null {
  return operator.fxRate ? round2((usdCents * operator.fxRate) / 100) : null;
}

/** The amount cards: the suggested amounts, else the fixed amounts a FIXED operator accepts. */
export function amountOptions(operator: OperatorInfo): AmountOption[] {
  const seen = new Set<number>();
  const options: AmountOption[] = [];
  const add = (usdAmount: number, localAmount: number | null | undefined) => {
    const usdCents = toCents(usdAmount);
    if (usdCents <= 0 || seen.has(usdCents)) return;
    seen.add(usdCents);
    options.push({ usdCents, localAmount: localAmount ?? localAmountFor(usdCents, operator) });
  };
  if (operator.suggestedAmounts.length > 0) {
    for (const amount of operator.suggestedAmounts) add(amount, operator.suggestedAmountsMap[String(amount)]);
  } else {
    operator.fixedAmounts.forEach((amount, index) => add(amount, operator.localFixedAmounts[index]));
  }
  return options;
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

/** A destination-currency amount in the interface language, e.g. "NGN 4,500.50" or "₦4,500". */
export function formatLocalAmount(amount: number, currency: string, language: Language): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(fractionDigits)} ${currency}`;
  }
}
