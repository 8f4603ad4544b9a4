import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TopupResponse, TopupResultStatus } from '@shared/api/orders';
import { orderIdOfPaymentQueryOptions, orderQueryOptions } from './api/get-order';
import { followIntervalMs, STILL_CHECKING_AFTER_MS } from './lib/order-follow';
import { displayedStatus, resultViewOf, type ResultView, type TopupOutcome } from './lib/topup-outcome';

/**
 * The order read again while it is PROCESSING, at the pace of ORDER_FOLLOW_PACE counted from `since`: paused while the
 * tab is hidden and read at once when it is shown again. A failed read keeps the last answer and goes on.
 */
export function followedOrderQueryOptions(orderId: string, since: number, answeredStatus: TopupResultStatus | null) {
  type Read = { state: { data?: { result: TopupResponse } } };
  const processing = (query: Read) => (query.state.data?.result.status ?? answeredStatus ?? 'PROCESSING') === 'PROCESSING';
  return {
    ...orderQueryOptions(orderId),
    refetchOnWindowFocus: (query: Read) => (processing(query) ? ('always' as const) : false),
    refetchInterval: (query: Read) => (processing(query) ? followIntervalMs(Date.now() - since) : false),
  };
}

export interface FollowedOrder {
  view: ResultView;
  /** The latest result the server gave: from the order once it is read, else from the top-up call. */
  latest: TopupResponse | null;
  /** The total charged (2-decimal USD) once known. */
  paid: string | number | undefined;
  /** Processing for longer than usual: the screen says it is still being checked. */
  stillChecking: boolean;
}

/**
 * Reads the order behind the result screen while it is not final (a PROCESSING answer, or no answer at all: the order
 * found by its id, else by its payment intent in the history), without end while the page is open. Failed reads are
 * simply tried again: only the server's word ends 'Processing Top-up'.
 */
export function useFollowedOrder(outcome: TopupOutcome, amountPaid: string | undefined): FollowedOrder {
  const answered = outcome.kind === 'answered' ? outcome : null;
  const unanswered = outcome.kind === 'unanswered' ? outcome : null;
  const answeredStatus = answered ? displayedStatus(answered.result.status) : null;
  const [since] = useState(Date.now);

  const lookup = useQuery({
    ...orderIdOfPaymentQueryOptions(unanswered?.paymentIntentId ?? ''),
    enabled: Boolean(unanswered && !unanswered.orderId),
    refetchOnWindowFocus: (query) => (query.state.data ? false : 'always'),
    refetchInterval: (query) => (query.state.data ? false : followIntervalMs(Date.now() - since)),
  });
  const orderId = answered?.result.orderId || unanswered?.orderId || lookup.data || '';
  const follow =
    Boolean(orderId) && !answered?.alreadyCaptured && (unanswered !== null || answeredStatus === 'PROCESSING' || amountPaid === undefined);
  const order = useQuery({ ...followedOrderQueryOptions(orderId, since, answeredStatus), enabled: follow });

  const latest = (follow ? order.data?.result : undefined) ?? answered?.result ?? null;
  // Until the order is read, what was charged is unknown: the requested amount leaves out the fee.
  const paid = amountPaid ?? order.data?.order.totalAmount ?? (follow && !order.isError ? undefined : latest?.requestedAmount);
  const view = resultViewOf(outcome, latest);
  return { view, latest, paid, stillChecking: useStillChecking(view === 'processing', since) };
}

/** Whether the screen has been processing since `since` for STILL_CHECKING_AFTER_MS or more. */
function useStillChecking(processing: boolean, since: number): boolean {
  const [late, setLate] = useState(() => Date.now() - since >= STILL_CHECKING_AFTER_MS);
  useEffect(() => {
    if (!processing || late) return;
    const timer = setTimeout(() => setLate(true), since + STILL_CHECKING_AFTER_MS - Date.now());
    return () => clearTimeout(timer);
  }, [processing, late, since]);
  return processing && late;
}
