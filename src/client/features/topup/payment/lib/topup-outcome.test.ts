import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { englishText } from './test-texts';
import { displayedStatus, failedResultMessage, isAlreadyCaptured, requestTopup, resultViewOf, topupFailureOf } from './topup-outcome';
import { testTopupResult } from '@/testing/builders';

const ALREADY_CAPTURED =
  'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.';

const result = testTopupResult;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('top-up errors (SPEC §8)', () => {
  it("a message containing 'Could not find' reads 'Service temporarily unavailable…'", () => {
    const failure = topupFailureOf(new ApiRequestError(404, '404: …', 'Could not find operator with id 341'));
    expect(englishText(failure.messageKey)).toBe('Service temporarily unavailable. Please try again later.');
    expect(failure.detail).toBeUndefined();
  });

  it("a refused request reads 'Failed to process topup' with the server's words as the detail", () => {
    const failure = topupFailureOf(new ApiRequestError(409, '409: …', 'This payment is not authorised.'));
    expect(englishText(failure.messageKey)).toBe('Failed to process topup');
    expect(failure.detail).toBe('This payment is not authorised.');
    expect(topupFailureOf(new ApiRequestError(502, '502: Bad Gateway')).detail).toBe('502: Bad Gateway');
  });

  it('no answer at all reads the generic text', () => {
    expect(englishText(topupFailureOf(new TypeError('Failed to fetch')).messageKey)).toBe(
      "We couldn't process your top-up request at this time. Please try again later.",
    );
  });

  it('recognises the provider refusing to cancel an already captured payment', () => {
    expect(isAlreadyCaptured(ALREADY_CAPTURED)).toBe(true);
    expect(isAlreadyCaptured('You cannot cancel this PaymentIntent because it has a status of canceled.')).toBe(false);
    expect(isAlreadyCaptured(undefined)).toBe(false);
  });

  it("rewrites a FAILED result's 'Could not find' message and keeps any other", () => {
    expect(failedResultMessage({ message: 'Could not find a route to the operator' })).toEqual({ messageKey: 'topup.result.errors.serviceUnavailable' });
    expect(failedResultMessage({ message: 'Recipient phone number is not valid' })).toEqual({ text: 'Recipient phone number is not valid' });
    expect(failedResultMessage({})).toBeNull();
  });

  it('shows a known failure code in the interface language instead of the server’s English', () => {
    expect(failedResultMessage({ message: 'The operator could not deliver the top-up.', errorCode: 'TOPUP_FAILED' })).toEqual({
      messageKey: 'failureReasons.topupFailed',
    });
    expect(englishText('failureReasons.topupFailed')).toBe('The operator could not deliver the top-up.');
    expect(failedResultMessage({ message: 'Something new', errorCode: 'SOMETHING_NEW' })).toEqual({ text: 'Something new' });
  });
});

describe('which view the result screen shows', () => {
  it('processing while the request runs and while the server says PROCESSING', () => {
    expect(resultViewOf({ kind: 'pending' })).toBe('processing');
    expect(resultViewOf({ kind: 'answered', result: result({ status: 'PROCESSING' }), alreadyCaptured: false })).toBe('processing');
  });

  it('follows the latest status read from the order', () => {
    const outcome = { kind: 'answered', result: result({ status: 'PROCESSING' }), alreadyCaptured: false } as const;
    expect(resultViewOf(outcome, result({ status: 'SUCCESSFUL' }))).toBe('successful');
    expect(resultViewOf(outcome, result({ status: 'FAILED' }))).toBe('failed');
  });

  it('failed when the status is FAILED or the request failed', () => {
    expect(resultViewOf({ kind: 'answered', result: result({ status: 'FAILED' }), alreadyCaptured: false })).toBe('failed');
    expect(resultViewOf({ kind: 'failed', failure: { messageKey: 'topup.result.errors.generic' } })).toBe('failed');
  });

  it('shows requires_capture as SUCCESSFUL (SPEC §4)', () => {
    expect(displayedStatus('requires_capture')).toBe('SUCCESSFUL');
    expect(displayedStatus('PROCESSING')).toBe('PROCESSING');
    expect(displayedStatus('FAILED')).toBe('FAILED');
  });
});

describe('requesting the top-up', () => {
  const request = { paymentIntentId: 'pi_1', operatorId: 341, operatorName: 'MTN Nigeria', amountCents: 1000, countryCode: 'NG', phone: '08031234567' };

  it('posts the SPEC §7 body and returns the server result', async () => {
    const fetchMock = answer(200, result());
    await expect(requestTopup(request, {}, () => 1_700_000_000_000)).resolves.toEqual({ kind: 'answered', result: result(), alreadyCaptured: false });
    expect(fetchMock).toHaveBeenCalledWith('/api/reloadly/topup', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({
      paymentIntentId: 'pi_1',
      operatorId: '341',
      amount: '10.00',
      useLocalAmount: false,
      customIdentifier: 'topup-1700000000000',
      recipientPhone: { countryCode: 'NG', number: '08031234567' },
      operatorName: 'MTN Nigeria',
    });
  });

  it('sends only the payment intent when nothing else is known (return from a redirect)', async () => {
    const fetchMock = answer(200, result());
    await requestTopup({ paymentIntentId: 'pi_1' }, {}, () => 5);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ paymentIntentId: 'pi_1', useLocalAmount: false, customIdentifier: 'topup-5' });
  });

  it('a delivery failure is a result, not an error', async () => {
    answer(200, result({ success: false, status: 'FAILED', message: 'The operator rejected the top-up.', errorCode: 'TOPUP_TRANSACTION_FAILED' }));
    const outcome = await requestTopup(request);
    expect(outcome).toMatchObject({ kind: 'answered', alreadyCaptured: false, result: { status: 'FAILED', errorCode: 'TOPUP_TRANSACTION_FAILED' } });
  });

  it('treats "cannot cancel … status of succeeded" as SUCCESSFUL, from a result or from an error', async () => {
    answer(200, result({ success: false, status: 'FAILED', message: ALREADY_CAPTURED, errorCode: 'payment_intent_unexpected_state' }));
    const fromResult = await requestTopup(request);
    expect(fromResult).toMatchObject({ kind: 'answered', alreadyCaptured: true, result: { status: 'SUCCESSFUL', success: true, transactionId: '4602843' } });
    expect(fromResult.kind === 'answered' && fromResult.result.message).toBeUndefined();

    answer(400, { success: false, message: ALREADY_CAPTURED });
    const fromError = await requestTopup(request, { orderId: 'order-9', recipientPhone: '+234 08031234567', operatorName: 'MTN Nigeria', amountCents: 1000 });
    expect(fromError).toMatchObject({
      kind: 'answered',
      alreadyCaptured: true,
      result: { status: 'SUCCESSFUL', orderId: 'order-9', recipientPhone: '+234 08031234567', requestedAmount: 10, paymentIntentId: 'pi_1' },
    });
  });

  it('a refused request becomes the failed view with the reason', async () => {
    answer(409, { success: false, message: 'This payment is not authorised.', code: 'PAYMENT_NOT_AUTHORISED' });
    await expect(requestTopup(request)).resolves.toEqual({
      kind: 'failed',
      failure: { messageKey: 'topup.result.errors.failedToProcess', detail: 'This payment is not authorised.' },
    });
  });

  it('a network failure becomes the generic failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(requestTopup(request)).resolves.toEqual({ kind: 'failed', failure: { messageKey: 'topup.result.errors.generic' } });
  });
});
