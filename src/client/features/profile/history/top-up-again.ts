import type { OperatorInfo } from '@shared/api/catalog';
import type { OrderView } from '@shared/api/orders';
import { formatUsd, toCents } from '@shared/pricing';
import { ROUTES } from '@shared/routes';

/** Whether the operator still sells this USD amount, by the rule checkout applies: one of its fixed amounts, or within its range. */
export function offersAmount(operator: OperatorInfo, usdCents: number): boolean {
  if (operator.denominationType === 'FIXED') return operator.fixedAmounts.some((amount) => toCents(amount) === usdCents);
  const min = operator.minAmount === null ? 1 : toCents(operator.minAmount);
  const max = operator.maxAmount === null ? Number.MAX_SAFE_INTEGER : toCents(operator.maxAmount);
  return usdCents >= min && usdCents <= max;
}

type RepeatedOrder = Pick<OrderView, 'countryCode' | 'recipientPhone' | 'amount'>;

const query = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

export interface TopUpAgainTarget {
  path: string;
  /** False when the visitor has to pick the amount again. */
  sameAmount: boolean;
}

/**
 * Where 'Top up again' goes (docs/product.md §2 query parameters): the review step of the same number and amount with the operator
 * detected now, or, when the number has no operator any more or it no longer sells that amount, the same number
 * without an amount so the visitor picks again.
 */
export function topUpAgainTarget(order: RepeatedOrder, operator: OperatorInfo | null): TopUpAgainTarget {
  const recipient = { restore: 'summary', country: order.countryCode.toUpperCase(), phone: order.recipientPhone };
  const usdCents = toCents(order.amount);
  if (!operator || !offersAmount(operator, usdCents)) return { path: `${ROUTES.home}?${query(recipient)}`, sameAmount: false };
  const path = `${ROUTES.home}?${query({ ...recipient, amount: formatUsd(usdCents), operatorInfo: JSON.stringify(operator) })}`;
  return { path, sameAmount: true };
}
