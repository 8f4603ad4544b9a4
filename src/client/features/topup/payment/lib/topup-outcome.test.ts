import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { englishText } from '@/testing/texts';
import {
  amountLabelKey,
  amountPaidShown,
  displayedStatus,
  failedMoneyKey,
  failedResultMessage,
  isAlreadyCaptured,
  requestTopup,
  resultViewOf,
  successLeadKey,
  topupFailureOf,
} from './topup-outcome';
import { testTopupResult } from '@/testing/builders';
import type { TopupResponse } from '@shared/api/orders';

const ALREADY_CAPTURED =
  'You cannot cancel this PaymentIntent because it has a status of succeeded. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.';

const result = testTopupResult;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('top-up errors (docs/product.md §8)', () => {
  it("a message containing 'Could not find' reads 'Service temporarily unavailable…'", () => {
    const failure = topupFailureOf(new ApiRequestError(404, '404: …', 'Could not find operator with id 341'));
    expect(englishText(failure.messageKey)).toBe('Service temporarily unavailable. Please try again later.');
    expect(failure.detail).toBeUndefined();
  });

  it("a refused request reads 'Failed to process topup' with the server's words as the detail", () => {
    const failure = topupFailureOf(
      new ApiRequestError(409, '409: …', 'This payment is not authorised.', undefined, undefined, 'PAYMENT_NOT_AUTHORISED'),
    );
    expect(englishText(failure.messageKey)).toBe('Failed to process topup');
    expect(failure.detail).toBe('This payment is not authorised.');
  });

  it('recognises the provider refusing to cancel an already captured payment', () => {
    expect(isAlreadyCaptured(ALREADY_CAPTURED)).toBe(true);
    expect(isAlreadyCaptured('You cannot cancel this PaymentIntent because it has a status of canceled.')).toBe(false);
    expect(isAlreadyCaptured(undefined)).toBe(false);
  });

  it("rewrites a FAILED result's 'Could not find' message and keeps any other", () => {
    expect(failedResultMessage({ message: 'Could not find a route to the operator' })).toEqual({
      messageKey: 'topup.result.errors.serviceUnavailable',
    });
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

  it('failed when the order is FAILED or our server refused the request', () => {
    expect(resultViewOf({ kind: 'answered', result: result({ status: 'FAILED' }), alreadyCaptured: false })).toBe('failed');
    expect(resultViewOf({ kind: 'refused', failure: { messageKey: 'topup.result.errors.failedToProcess' } })).toBe('failed');
  });

  it('an unanswered request is processing until the followed order says how it ended', () => {
    const unanswered = { kind: 'unanswered', paymentIntentId: 'pi_1', orderId: 'order-1' } as const;
    expect(resultViewOf(unanswered)).toBe('processing');
    expect(resultViewOf(unanswered, result({ status: 'PROCESSING' }))).toBe('processing');
    expect(resultViewOf(unanswered, result({ status: 'SUCCESSFUL' }))).toBe('successful');
    expect(resultViewOf(unanswered, result({ status: 'FAILED', payment: 'released' }))).toBe('failed');
  });

  it('shows requires_capture as SUCCESSFUL (docs/product.md §4)', () => {
    expect(displayedStatus('requires_capture')).toBe('SUCCESSFUL');
    expect(displayedStatus('PROCESSING')).toBe('PROCESSING');
    expect(displayedStatus('FAILED')).toBe('FAILED');
  });
});

describe('requesting the top-up', () => {
  const request = {
    paymentIntentId: 'pi_1',
    operatorId: 341,
    operatorName: 'MTN Nigeria',
    amountCents: 1000,
    countryCode: 'NG',
    phone: '08031234567',
  };

  it('posts the docs/product.md §7 body and returns the server result', async () => {
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
    expect(fromResult).toMatchObject({
      kind: 'answered',
      alreadyCaptured: true,
      result: { status: 'SUCCESSFUL', success: true, transactionId: '4602843' },
    });
    expect(fromResult.kind === 'answered' && fromResult.result.message).toBeUndefined();

    answer(400, { success: false, message: ALREADY_CAPTURED });
    const fromError = await requestTopup(request, {
      orderId: 'order-9',
      recipientPhone: '+234 08031234567',
      operatorName: 'MTN Nigeria',
      amountCents: 1000,
    });
    expect(fromError).toMatchObject({
      kind: 'answered',
      alreadyCaptured: true,
      result: { status: 'SUCCESSFUL', orderId: 'order-9', recipientPhone: '+234 08031234567', requestedAmount: 10, paymentIntentId: 'pi_1' },
    });
  });

  it('our server refusing the request (its JSON error, a 4xx) is the failed view with the reason', async () => {
    answer(409, { success: false, message: 'This payment is not authorised.', code: 'PAYMENT_NOT_AUTHORISED' });
    await expect(requestTopup(request, { orderId: 'order-1' })).resolves.toEqual({
      kind: 'refused',
      failure: { messageKey: 'topup.result.errors.failedToProcess', detail: 'This payment is not authorised.' },
    });
  });

  it.each([
    ['a dropped connection', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a timeout', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))],
    ["a proxy's 502 page", async () => new Response('<html>Bad Gateway</html>', { status: 502 })],
    ["a proxy's 504 without a body", async () => new Response('', { status: 504 })],
    [
      'our own 503 (database unreachable)',
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Service temporarily unavailable.', code: 'DATABASE_UNAVAILABLE' }), { status: 503 }),
    ],
    [
      'our own 500',
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Something went wrong on our side.', code: 'INTERNAL_ERROR' }), { status: 500 }),
    ],
    [
      "our payment provider's 502",
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Our payment service is experiencing issues.', code: 'PAYMENT_PROVIDER_ERROR' }), {
          status: 502,
        }),
    ],
    ['a lost session (401)', async () => new Response(JSON.stringify({ success: false, message: 'Please login to continue' }), { status: 401 })],
    [
      'a refusal of the call whose paid order goes on (TOPUP_MISMATCH)',
      async () =>
        new Response(
          JSON.stringify({ success: false, message: 'The top-up details do not match the order that was paid for.', code: 'TOPUP_MISMATCH' }),
          { status: 400 },
        ),
    ],
  ])('%s is no answer: the order is followed, never shown as failed', async (_case, reply) => {
    vi.stubGlobal('fetch', vi.fn(reply));
    const outcome = await requestTopup(request, { orderId: 'order-1' });
    expect(outcome).toEqual({ kind: 'unanswered', paymentIntentId: 'pi_1', orderId: 'order-1' });
    expect(resultViewOf(outcome)).toBe('processing');
  });

  it('without a known order the unanswered request is followed by its payment intent', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(requestTopup({ paymentIntentId: 'pi_7' })).resolves.toEqual({ kind: 'unanswered', paymentIntentId: 'pi_7' });
  });
});

describe("what the failed view says about the money (docs/product.md §8's two sentences, only the true one)", () => {
  const failed = (payment: TopupResponse['payment']) => result({ status: 'FAILED', success: false, payment });
  const answered = (latest: TopupResponse) => ({ kind: 'answered', result: latest, alreadyCaptured: false }) as const;

  it('a failed delivery whose hold was released says nothing was charged and the hold is released', () => {
    const latest = failed('released');
    expect(englishText(failedMoneyKey(answered(latest), latest))).toBe(
      "We couldn't deliver your top-up, so nothing was charged: the hold on your card has been released. Your bank may take a few days to show the amount as available again.",
    );
  });

  it('while the release is still under way it says so', () => {
    const latest = failed('held');
    expect(englishText(failedMoneyKey(answered(latest), latest))).toBe(
      "We couldn't deliver your top-up, so nothing was charged: the hold on your card is being released.",
    );
  });

  it('"payment successful" only when the payment was captured', () => {
    const latest = failed('captured');
    expect(englishText(failedMoneyKey(answered(latest), latest))).toBe(
      "We couldn't process your top-up. Your payment was successful, but we couldn't deliver the airtime.",
    );
  });

  it('a payment never authorised, or a refused request, was not processed', () => {
    const notProcessed = 'Your payment has not been processed. Our team will review this transaction and contact you if needed.';
    expect(englishText(failedMoneyKey({ kind: 'refused', failure: { messageKey: 'topup.result.errors.failedToProcess' } }, null))).toBe(notProcessed);
    const latest = failed('none');
    expect(englishText(failedMoneyKey(answered(latest), latest))).toBe(notProcessed);
  });
});

describe('what the successful view says of a top-up delivered after its hold was released (ADR 041)', () => {
  const delivered = (payment: TopupResponse['payment']) => result({ status: 'SUCCESSFUL', success: true, payment });
  const answered = (latest: TopupResponse) => ({ kind: 'answered', result: latest, alreadyCaptured: false }) as const;

  it('is the successful view, saying it was delivered and the card was not charged, with no amount paid', () => {
    const latest = delivered('released');
    expect(resultViewOf(answered(latest), latest)).toBe('successful');
    expect(englishText(successLeadKey(latest))).toBe(
      'Your top-up was delivered, and your card was not charged for it: the payment hold had already been released.',
    );
    expect(amountPaidShown(latest, '10.63')).toBeUndefined();
  });

  it('a captured or held delivery keeps the usual lead and its amount paid', () => {
    for (const payment of ['captured', 'held'] as const) {
      expect(englishText(successLeadKey(delivered(payment)))).toBe('Your top-up was delivered.');
      expect(amountPaidShown(delivered(payment), '10.63')).toBe('10.63');
    }
  });
});

describe('the amount on the result screen', () => {
  it('is "Amount paid" only once the server says the payment was captured, a hold before', () => {
    expect(englishText(amountLabelKey({ payment: 'captured' }))).toBe('Amount paid');
    expect(englishText(amountLabelKey({ payment: 'refunded' }))).toBe('Amount paid');
    for (const payment of ['none', 'held'] as const) {
      expect(englishText(amountLabelKey({ payment }))).toBe('On hold, charged on delivery');
    }
  });
});
