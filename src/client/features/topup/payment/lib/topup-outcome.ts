import type { TopupResponse, TopupResultStatus } from '@shared/api/orders';
import { ApiRequestError } from '@/lib/api-client';
import { processTopup, topupBody, type TopupRequest } from '../api/process-topup';
import { failureReasonKey } from '@/lib/failure-reasons';

/** Why a top-up request got no result: a translation key under topup.result.errors, and the server's own words. */
export interface TopupFailure {
  messageKey: string;
  detail?: string;
}

/** What the result screen shows: the request still running, the server's result, or a request that failed. */
export type TopupOutcome =
  | { kind: 'pending' }
  | { kind: 'answered'; result: TopupResponse; alreadyCaptured: boolean }
  | { kind: 'failed'; failure: TopupFailure };

export type ResultView = 'processing' | 'successful' | 'failed';

const ALREADY_CAPTURED = /cannot cancel this PaymentIntent because it has a status of succeeded/i;
const SERVICE_UNAVAILABLE = 'Could not find';

/** SPEC §8: the provider refusing to cancel an already captured payment means the top-up went through. */
export function isAlreadyCaptured(message: string | undefined): boolean {
  return message !== undefined && ALREADY_CAPTURED.test(message);
}

function messageOf(error: unknown): string | undefined {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : undefined;
}

/**
 * SPEC §8 top-up errors: a message containing 'Could not find' becomes 'Service temporarily unavailable…'; a refused
 * request is 'Failed to process topup' with the server's words as the detail; anything else (no answer at all) gets
 * the generic 'We couldn't process your top-up request at this time…'.
 */
export function topupFailureOf(error: unknown): TopupFailure {
  const message = messageOf(error);
  if (message?.includes(SERVICE_UNAVAILABLE)) return { messageKey: 'topup.result.errors.serviceUnavailable' };
  if (error instanceof ApiRequestError) return { messageKey: 'topup.result.errors.failedToProcess', detail: message };
  return { messageKey: 'topup.result.errors.generic' };
}

/** The readable line of a FAILED result, as a translation key when SPEC §8 rewrites it. */
export function failedResultMessage(result: Pick<TopupResponse, 'message' | 'errorCode'>): { messageKey: string } | { text: string } | null {
  if (!result.message) return null;
  const reasonKey = failureReasonKey(result.errorCode);
  if (reasonKey) return { messageKey: reasonKey };
  if (result.message.includes(SERVICE_UNAVAILABLE)) return { messageKey: 'topup.result.errors.serviceUnavailable' };
  return { text: result.message };
}

/** SPEC §4: a status of requires_capture (the payment is authorised) is shown as SUCCESSFUL. */
export function displayedStatus(status: TopupResultStatus | 'requires_capture' | 'succeeded'): TopupResultStatus {
  return status === 'requires_capture' || status === 'succeeded' ? 'SUCCESSFUL' : status;
}

/** The failed view is used when the status is FAILED or the request itself failed (SPEC §4). */
export function resultViewOf(outcome: TopupOutcome, latest: TopupResponse | null = null): ResultView {
  if (outcome.kind === 'failed') return 'failed';
  if (outcome.kind === 'pending') return 'processing';
  if (outcome.alreadyCaptured) return 'successful';
  const status = displayedStatus((latest ?? outcome.result).status);
  if (status === 'FAILED') return 'failed';
  return status === 'PROCESSING' ? 'processing' : 'successful';
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
    status: 'SUCCESSFUL',
    recipientPhone: known.recipientPhone ?? '',
    operatorName: known.operatorName ?? '',
    requestedAmount: (known.amountCents ?? 0) / 100,
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: null,
    deliveredAmountCurrencyCode: null,
    transactionId: null,
    paymentIntentId: request.paymentIntentId,
    transactionDate: null,
    payment: 'captured',
  };
  return { ...facts, success: true, status: 'SUCCESSFUL', payment: 'captured', message: undefined, errorCode: undefined, technicalDetails: undefined };
}

/** Sends the top-up request and settles it into what the result screen shows; never throws. */
export async function requestTopup(request: TopupRequest, known: KnownTopup = {}, now: () => number = Date.now): Promise<Exclude<TopupOutcome, { kind: 'pending' }>> {
  try {
    const result = await processTopup(topupBody(request, now()));
    if (result.status === 'FAILED' && isAlreadyCaptured(result.message)) {
      return { kind: 'answered', result: capturedResult(request, known, result), alreadyCaptured: true };
    }
    return { kind: 'answered', result, alreadyCaptured: false };
  } catch (error) {
    if (isAlreadyCaptured(messageOf(error))) return { kind: 'answered', result: capturedResult(request, known), alreadyCaptured: true };
    return { kind: 'failed', failure: topupFailureOf(error) };
  }
}
