import type { TopupResponse, TopupResultStatus } from '@shared/api/orders';
import { ApiRequestError } from '@/lib/api-client';
import { processTopup, topupBody, type TopupRequest } from '../api/process-topup';
import { failureReasonKey } from '@shared/api/failure-reasons';

/** Why our server refused a top-up request: a translation key under topup.result.errors, and the server's own words. */
export interface TopupFailure {
  messageKey: string;
  detail?: string;
}

/**
 * What the result screen shows: the request still on its way; the server's result; a request whose answer never
 * arrived, so the order is followed until the server says how it ended; or a request our server refused before
 * anything was sent or charged.
 */
export type TopupOutcome =
  | { kind: 'pending' }
  | { kind: 'answered'; result: TopupResponse; alreadyCaptured: boolean }
  | { kind: 'unanswered'; paymentIntentId: string; orderId?: string }
  | { kind: 'refused'; failure: TopupFailure };

export type ResultView = 'processing' | 'successful' | 'failed';

const ALREADY_CAPTURED = /cannot cancel this PaymentIntent because it has a status of succeeded/i;
const SERVICE_UNAVAILABLE = 'Could not find';

/** docs/product.md §8: the provider refusing to cancel an already captured payment means the top-up went through. */
export function isAlreadyCaptured(message: string | undefined): boolean {
  return message !== undefined && ALREADY_CAPTURED.test(message);
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

/**
 * Only our server's own refusal is an answer: a 4xx in its JSON error shape, given before anything was sent or
 * charged. A dropped connection, a timeout, a proxy's page, any 5xx (ours included: the work may have been done before
 * it failed) and a lost session (401) say nothing about the order, which goes on without the browser.
 */
export function isRefusal(error: unknown): error is ApiRequestError {
  return (
    error instanceof ApiRequestError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 401 &&
    error.code !== undefined &&
    !ORDER_GOES_ON.has(error.code)
  );
}

/** Refusals of the call, not of the order: the paid order is delivered as recorded, so the screen follows it. */
const ORDER_GOES_ON = new Set(['TOPUP_MISMATCH']);

/**
 * docs/product.md §8 top-up errors: a message containing 'Could not find' becomes 'Service temporarily unavailable…'; any other
 * refusal is 'Failed to process topup' with the server's words as the detail.
 */
export function topupFailureOf(error: ApiRequestError): TopupFailure {
  const message = messageOf(error);
  if (message?.includes(SERVICE_UNAVAILABLE)) return { messageKey: 'topup.result.errors.serviceUnavailable' };
  return { messageKey: 'topup.result.errors.failedToProcess', detail: message };
}

/** The readable line of a FAILED result, as a translation key when docs/product.md §8 rewrites it. */
export function failedResultMessage(result: Pick<TopupResponse, 'message' | 'errorCode'>): { messageKey: string } | { text: string } | null {
  if (!result.message) return null;
  const reasonKey = failureReasonKey(result.errorCode);
  if (reasonKey) return { messageKey: reasonKey };
  if (result.message.includes(SERVICE_UNAVAILABLE)) return { messageKey: 'topup.result.errors.serviceUnavailable' };
  return { text: result.message };
}

/** docs/product.md §4: a status of requires_capture (the payment is authorised) is shown as SUCCESSFUL. */
export function displayedStatus(status: TopupResultStatus | 'requires_capture' | 'succeeded'): TopupResultStatus {
  return status === 'requires_capture' || status === 'succeeded' ? 'SUCCESSFUL' : status;
}

/**
 * The failed view is used when the order's status is FAILED or our server refused the request (docs/product.md §4). Without the
 * server's word, the top-up is processing: an answer that never arrived is not a failure.
 */
export function resultViewOf(outcome: TopupOutcome, latest: TopupResponse | null = null): ResultView {
  if (outcome.kind === 'refused') return 'failed';
  if (outcome.kind === 'answered' && outcome.alreadyCaptured) return 'successful';
  const current = latest ?? (outcome.kind === 'answered' ? outcome.result : null);
  if (!current) return 'processing';
  const status = displayedStatus(current.status);
  if (status === 'FAILED') return 'failed';
  return status === 'PROCESSING' ? 'processing' : 'successful';
}

/**
 * What the failed view says about the money (docs/product.md §8 gives two sentences; only the one true for this order is shown).
 * With hold-then-capture a failed delivery releases the hold: nothing was charged. "Your payment was successful, but
 * we couldn't deliver the airtime" is only for an order whose payment was captured.
 */
export function failedMoneyKey(outcome: TopupOutcome, latest: TopupResponse | null): string {
  const payment = outcome.kind === 'refused' ? 'none' : (latest?.payment ?? 'none');
  switch (payment) {
    // A refunded order was delivered, so its view is never the failed one; its payment was taken, then given back.
    case 'captured':
    case 'refunded':
      return 'topup.result.failedCaptured';
    case 'released':
      return 'topup.result.failedHoldReleased';
    case 'held':
      return 'topup.result.failedHoldReleasing';
    case 'none':
      return 'topup.result.failedNotCharged';
  }
}

/**
 * The successful view's lead. A top-up delivered after its payment hold was released (ADR 041) comes as SUCCESSFUL with
 * its payment released: it was delivered, and the card was not charged for it.
 */
export function successLeadKey(latest: Pick<TopupResponse, 'payment'> | null): string {
  return latest?.payment === 'released' ? 'topup.result.successNotCharged' : 'topup.result.successLead';
}

/** The amount the successful view shows as paid: none for a top-up whose card was not charged. */
export function amountPaidShown<T>(latest: Pick<TopupResponse, 'payment'> | null, paid: T): T | undefined {
  return latest?.payment === 'released' ? undefined : paid;
}

/** "Amount paid" only once the server's record says the payment was captured; until then the amount is a hold. */
export function amountLabelKey(latest: Pick<TopupResponse, 'payment'>): 'topup.result.amountPaid' | 'topup.result.amountHeld' {
  return latest.payment === 'captured' || latest.payment === 'refunded' ? 'topup.result.amountPaid' : 'topup.result.amountHeld';
}

/** A result for a top-up the server reported as already paid, from what the browser knew when it asked. */
export interface KnownTopup {
  orderId?: string;
  recipientPhone?: string;
  operatorName?: string;
  amountCents?: number;
}

function capturedResult(request: TopupRequest, known: KnownTopup, answered?: TopupResponse): TopupResponse {
  const facts: TopupResponse = answered ?? {
    success: true,
    orderId: known.orderId ?? '',
    // Not known here: the result screen shows no reference until the order is read again.
    reference: '',
    status: 'SUCCESSFUL',
    recipientPhone: known.recipientPhone ?? '',
    operatorName: known.operatorName ?? '',
    requestedAmount: (known.amountCents ?? 0) / 100,
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: null,
    deliveredAmountCurrencyCode: null,
    transactionId: null,
    paymentIntentId: request.paymentIntentId,
    paymentMethod: null,
    transactionDate: null,
    planDescription: null,
    hasPin: false,
    payment: 'captured',
  };
  return {
    ...facts,
    success: true,
    status: 'SUCCESSFUL',
    payment: 'captured',
    message: undefined,
    errorCode: undefined,
    technicalDetails: undefined,
  };
}

/**
 * Sends the top-up request and settles it into what the result screen shows; never throws. When no answer comes
 * back, the order (`known.orderId`, else the one paid with this intent) is followed instead.
 */
export async function requestTopup(
  request: TopupRequest,
  known: KnownTopup = {},
  now: () => number = Date.now,
): Promise<Exclude<TopupOutcome, { kind: 'pending' }>> {
  try {
    const result = await processTopup(topupBody(request, now()));
    if (result.status === 'FAILED' && isAlreadyCaptured(result.message)) {
      return { kind: 'answered', result: capturedResult(request, known, result), alreadyCaptured: true };
    }
    return { kind: 'answered', result, alreadyCaptured: false };
  } catch (error) {
    if (isAlreadyCaptured(messageOf(error))) return { kind: 'answered', result: capturedResult(request, known), alreadyCaptured: true };
    if (isRefusal(error)) return { kind: 'refused', failure: topupFailureOf(error) };
    return { kind: 'unanswered', paymentIntentId: request.paymentIntentId, ...(known.orderId ? { orderId: known.orderId } : {}) };
  }
}
