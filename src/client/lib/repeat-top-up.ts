import type { QueryClient } from '@tanstack/react-query';
import type { OperatorInfo } from '@shared/api/catalog';
import { formatUsd, toCents } from '@shared/pricing';
import { ROUTES } from '@shared/routes';
import { operatorsQueryOptions } from './operators';

/**
 * 'Send again' (home page) and 'Top up again' (history) repeat a completed top-up (docs/product.md §2, §11): the same
 * number, the operator the customer chose for it (ADR 055) and the same amount, on the review, when that operator is
 * still offered and still sells the amount; otherwise the same number, for the customer to pick again.
 */

/** Whether the operator still sells this USD amount, by the rule checkout applies: one of its fixed amounts, or within its range. */
export function offersAmount(operator: OperatorInfo, usdCents: number): boolean {
  if (operator.denominationType === 'FIXED') return operator.fixedAmounts.some((amount) => toCents(amount) === usdCents);
  const min = operator.minAmount === null ? 1 : toCents(operator.minAmount);
  const max = operator.maxAmount === null ? Number.MAX_SAFE_INTEGER : toCents(operator.maxAmount);
  return usdCents >= min && usdCents <= max;
}

/** The top-up to repeat: a number, and the operator and USD amount of its last completed top-up when there is one. */
export interface RepeatedTopUp {
  /** ISO 3166 alpha-2. */
  countryCode: string;
  /** National number. */
  phone: string;
  last: { operatorId: number; amount: string } | null;
}

export interface RepeatTarget {
  /** The home page with the top-up in its query parameters (docs/product.md §2 restore). */
  path: string;
  /** True: the path opens the review. False: only the number, and the customer picks the operator's amount again. */
  sameAmount: boolean;
}

const query = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');

/**
 * Where repeating goes, given the country's operators as the picker lists them (null when they could not be read):
 * the review with the same operator and amount, or the number alone when the operator is gone from the list, no
 * longer sells the amount, or there is no completed top-up to copy.
 */
export function repeatTopUpTarget(topUp: RepeatedTopUp, operators: readonly OperatorInfo[] | null): RepeatTarget {
  // repeat=1: a new top-up copied from an old one, not one put back, so the review says nothing of a restore.
  const recipient = { restore: 'summary', repeat: '1', country: topUp.countryCode.toUpperCase(), phone: topUp.phone };
  const numberOnly = { path: `${ROUTES.home}?${query(recipient)}`, sameAmount: false };
  if (!topUp.last) return numberOnly;
  const { operatorId, amount } = topUp.last;
  const usdCents = toCents(amount);
  const operator = operators?.find((offered) => offered.operatorId === operatorId);
  if (!operator || !offersAmount(operator, usdCents)) return numberOnly;
  return { path: `${ROUTES.home}?${query({ ...recipient, amount: formatUsd(usdCents), operatorInfo: JSON.stringify(operator) })}`, sameAmount: true };
}

/** Reads the country's operators (the picker's cached query) and answers where repeating goes; a failed read: the number alone. */
export async function findRepeatTarget(queryClient: QueryClient, topUp: RepeatedTopUp): Promise<RepeatTarget> {
  if (!topUp.last) return repeatTopUpTarget(topUp, null);
  const operators = await queryClient.fetchQuery(operatorsQueryOptions(topUp.countryCode.toUpperCase())).catch(() => null);
  return repeatTopUpTarget(topUp, operators);
}
