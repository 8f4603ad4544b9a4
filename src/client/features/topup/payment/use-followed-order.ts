import { useQuery } from '@tanstack/react-query';
import type { TopupResponse } from '@shared/api/orders';
import { orderIdOfPaymentQueryOptions, orderQueryOptions } from './api/get-order';
import { displayedStatus, resultViewOf, type ResultView, type TopupOutcome } from './lib/topup-outcome';

/** How often an order that is not final yet is read again (docs/product.md §4: Processing Top-up follows it until it is final). */
const ORDER_POLL_INTERVAL_MS = 2000;

export interface FollowedOrder {
  view: ResultView;
  /** The latest result the server gave: from the order once it is read, else from the top-up call. */
  latest: TopupResponse | null;
  /** The total charged (2-decimal USD) once known. */
  paid: string | number | undefined;
}

/**
 * Reads the order behind the result screen every 2 s while it is not final: a PROCESSING answer, or no answer at all
 * (the order found by its id, else by its payment intent in the history). Failed reads are simply tried again: only
 * the server's word ends 'Processing Top-up'.
 */
export function useFollowedOrder(outcome: TopupOutcome, amountPaid: string | undefined): FollowedOrder {
  const answered = outcome.kind === 'answered' ? outcome : null;
  const unanswered = outcome.kind === 'unanswered' ? outcome : null;
  const answeredStatus = answered ? displayedStatus(answered.result.status) : null;

  const lookup = useQuery({
    ...orderIdOfPaymentQueryOptions(unanswered?.paymentIntentId ?? ''),
    enabled: Boolean(unanswered && !unanswered.orderId),
    refetchInterval: (query) => (query.state.data ? false : ORDER_POLL_INTERVAL_MS),
  });
  const orderId = answered?.result.orderId || unanswered?.orderId || lookup.data || '';
  const follow =
    Boolean(orderId) && !answered?.alreadyCaptured && (unanswered !== null || answeredStatus === 'PROCESSING' || amountPaid === undefined);
  const order = useQuery({
    ...orderQueryOptions(orderId),
    enabled: follow,
    refetchInterval: (query) => {
      const status = query.state.data?.result.status ?? answeredStatus ?? 'PROCESSING';
      return status === 'PROCESSING' ? ORDER_POLL_INTERVAL_MS : false;
    },
  });

  const latest = (follow ? order.data?.result : undefined) ?? answered?.result ?? null;
  // Until the order is read, what was charged is unknown: the requested amount leaves out the fee.
  const paid = amountPaid ?? order.data?.order.totalAmount ?? (follow && !order.isError ? undefined : latest?.requestedAmount);
  return { view: resultViewOf(outcome, latest), latest, paid };
}
