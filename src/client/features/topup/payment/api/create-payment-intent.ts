import { useMutation } from '@tanstack/react-query';
import type { CreatePaymentIntentBody, CreatePaymentIntentResponse } from '@shared/api/orders';
import { ApiRequestError, apiRequest } from '@/lib/api-client';

/** How the payment step pays (ADR 063): saving the card typed, or with a saved card (its id in GET /api/user/payment-methods). */
export type PaymentMethodChoice = { saveCard: boolean } | { savedCardId: string };

/** The payment intent the server created for a checkout, with the server's own price (2-decimal USD strings). */
export type CheckoutIntent = Pick<CreatePaymentIntentResponse, 'clientSecret' | 'paymentIntentId' | 'orderId' | 'amount' | 'fee' | 'totalAmount'> &
  Pick<Partial<CreatePaymentIntentResponse>, 'customerSessionClientSecret'>;

export function checkoutIntentOf({
  clientSecret,
  paymentIntentId,
  orderId,
  amount,
  fee,
  totalAmount,
  customerSessionClientSecret,
}: CreatePaymentIntentResponse): CheckoutIntent {
  return {
    clientSecret,
    paymentIntentId,
    orderId,
    amount,
    fee,
    totalAmount,
    ...(customerSessionClientSecret ? { customerSessionClientSecret } : {}),
  };
}

/**
 * A payment intent that could not be created: the server's refusal is its cause; `messageKey` is set when the text
 * is the browser's own. apiErrorText turns either into the customer's language.
 */
export class PaymentIntentError extends Error {
  constructor(
    message: string,
    readonly messageKey?: string,
    /** The server's error code, e.g. PRICE_CHANGED when the fees changed since the review was shown. */
    readonly code?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }

  /** docs/product.md §4: the server answered 401, so the session is gone and the payer must sign in again. */
  get sessionExpired(): boolean {
    return this.cause instanceof ApiRequestError && this.cause.status === 401;
  }
}

/** POST /api/create-payment-intent (docs/product.md §7); the answer must carry a clientSecret (docs/product.md §5). */
export async function createPaymentIntent(body: CreatePaymentIntentBody): Promise<CreatePaymentIntentResponse> {
  let answer: Partial<CreatePaymentIntentResponse> | null;
  try {
    answer = await apiRequest<Partial<CreatePaymentIntentResponse> | null>('/api/create-payment-intent', { method: 'POST', body });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw new PaymentIntentError(error.message, undefined, undefined, { cause: error });
    if (error instanceof ApiRequestError && error.serverMessage)
      throw new PaymentIntentError(error.serverMessage, undefined, error.code, { cause: error });
    throw new PaymentIntentError('Failed to create payment intent', 'payment.intent.failed');
  }
  if (!answer?.clientSecret || !answer.paymentIntentId || !answer.orderId) {
    throw new PaymentIntentError('Invalid response from server', 'payment.intent.invalidResponse');
  }
  return answer as CreatePaymentIntentResponse;
}

export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
