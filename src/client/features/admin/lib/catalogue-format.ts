import type { AdminCatalogueOperator } from '@shared/api/admin-catalogue';
import type { Language } from '@shared/constants';
import { formatLocalAmount, intlLocale } from '@/lib/local-format';
import { formatMoney } from './format';

/** One amount an operator accepts, in the sender currency, with what it buys when the operator describes it. */
export interface OfferedAmount {
  amount: string;
  /** A bundle's or data plan's description of what the amount buys. */
  plan: string | null;
}

/** What an operator sells, as the catalogue shows it: its amounts (FIXED) or its bounds (RANGE), and what arrives. */
export type Denominations =
  | { type: 'FIXED'; amounts: OfferedAmount[]; local: string[] }
  | { type: 'RANGE'; min: string | null; max: string | null; localMin: string | null; localMax: string | null };

/** Amounts in the operator's sender currency (USD) and the destination currency, in the admin's language. */
export function denominationsOf(operator: AdminCatalogueOperator, language: Language): Denominations {
  const sender = (amount: number) => formatMoney(amount, operator.senderCurrencyCode, language);
  const local = (amount: number) => formatLocalAmount(amount, operator.destinationCurrencyCode, language);
  if (operator.denominationType === 'FIXED') {
    return {
      type: 'FIXED',
      amounts: operator.fixedAmounts.map((amount) => ({ amount: sender(amount), plan: operator.amountDescriptions[amount.toFixed(2)] ?? null })),
      local: operator.localFixedAmounts.map(local),
    };
  }
  // Plans deliver a plan, not an amount of money: no local bounds for them, as for their FIXED amounts.
  const rate = operator.bundle || operator.data ? null : operator.fxRate;
  const localOf = (amount: number | null) => (amount === null || rate === null ? null : local(Math.round(amount * rate * 100) / 100));
  return {
    type: 'RANGE',
    min: operator.minAmount === null ? null : sender(operator.minAmount),
    max: operator.maxAmount === null ? null : sender(operator.maxAmount),
    localMin: localOf(operator.minAmount),
    localMax: localOf(operator.maxAmount),
  };
}

/** "1 USD = 1,460 NGN": the rate the provider prices the operator's top-ups at; null when it gives none. */
export function fxRateText(operator: Pick<AdminCatalogueOperator, 'fxRate' | 'senderCurrencyCode' | 'destinationCurrencyCode'>, language: Language) {
  if (operator.fxRate === null) return null;
  const rate = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 6 }).format(operator.fxRate);
  return `1 ${operator.senderCurrencyCode} = ${rate} ${operator.destinationCurrencyCode}`;
}
