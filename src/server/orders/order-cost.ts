import type { OrderStatus } from '../../shared/api/orders';
import type { TopupResult } from '../topups/provider';
import { CAPTURED_STATUSES } from './daily-figures';

/*
 * What an order cost us and what it left (docs/decisions/050-cost-and-margin-on-every-order.md). Integer USD cents.
 * Margin = what the customer paid − the provider's cost − the processor's fees − what was given back (refunds, and a
 * disputed charge's amount).
 */

/** The card was charged: captured, whether or not the money was given back since. */
export const CHARGED_STATUSES: readonly OrderStatus[] = CAPTURED_STATUSES;

/** A top-up's cost, as recorded on its order: the wallet's debit in its currency, the rate to USD, the USD cents. */
export interface ProviderCost {
  walletDebit: string;
  /** The requested amount less the discount, when the answer tells both: what the debit should be. */
  walletDebitExpected: string | null;
  walletUsdRate: string;
  providerCostCents: number;
}

/** Two wallet figures that differ by less than this (a rounding of the provider's) are the same debit. */
const SAME_DEBIT = 0.011;

/**
 * What the provider's wallet paid for a top-up of `amountCents` (sent in USD), from its answer: the requested amount less
 * the discount, checked against the balance's old minus new. When both are known and differ, the balance's figure is
 * kept (it is what left the wallet) and `disagrees` says so. A wallet in another currency is converted at the rate the
 * top-up itself was priced at (our USD amount over the requested amount in the wallet's currency). Null when the
 * answer tells neither.
 */
export function providerCostOf(amountCents: number, result: TopupResult): (ProviderCost & { disagrees: boolean }) | null {
  const { requestedAmount, discount, balance } = result;
  const byDiscount = requestedAmount !== null && discount !== null ? requestedAmount - discount : null;
  const byBalance = balance?.oldBalance != null ? balance.oldBalance - balance.newBalance : null;
  const debit = byBalance ?? byDiscount;
  if (debit === null) return null;
  const walletCurrency = balance?.currencyCode ?? result.discountCurrencyCode ?? result.requestedAmountCurrencyCode ?? 'USD';
  let usdRate = 1;
  if (walletCurrency.toUpperCase() !== 'USD') {
    if (requestedAmount === null || requestedAmount <= 0) return null;
    usdRate = amountCents / 100 / requestedAmount;
  }
  return {
    walletDebit: debit.toFixed(4),
    walletDebitExpected: byDiscount === null ? null : byDiscount.toFixed(4),
    walletUsdRate: usdRate.toFixed(12),
    providerCostCents: Math.round(debit * usdRate * 100),
    disagrees: byBalance !== null && byDiscount !== null && Math.abs(byBalance - byDiscount) > SAME_DEBIT,
  };
}

export interface OrderMoney {
  /** An OrderStatus (a row's status column is typed as text). */
  status: string;
  totalCents: number;
  providerCostCents: number | null;
  processorFeeCents: number | null;
  disputedCents: number | null;
  disputeFeeCents: number | null;
}

/** What the customer paid: the total of a charged order. */
export const capturedCentsOf = (order: Pick<OrderMoney, 'status' | 'totalCents'>) =>
  (CHARGED_STATUSES as readonly string[]).includes(order.status) ? order.totalCents : 0;
/** What was given back by refund: a refund gives the whole total back. */
export const refundedCentsOf = (order: Pick<OrderMoney, 'status' | 'totalCents'>) => (order.status === 'refunded' ? order.totalCents : 0);
/** The processor's fees: the charge's, and a dispute's (a refund does not give a fee back). */
export const processorFeesOf = (order: OrderMoney) => (order.processorFeeCents ?? 0) + (order.disputeFeeCents ?? 0);

export function marginCentsOf(order: OrderMoney): number {
  return capturedCentsOf(order) - refundedCentsOf(order) - (order.disputedCents ?? 0) - (order.providerCostCents ?? 0) - processorFeesOf(order);
}
