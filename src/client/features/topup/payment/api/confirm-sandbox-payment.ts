import type { PaymentErrorDetail, SandboxConfirmBody, SandboxConfirmResponse } from '@shared/api/orders';
import { apiErrorFromAnswer } from '@/lib/api-client';

function isPaymentError(value: unknown): value is PaymentErrorDetail {
  return typeof value === 'object' && value !== null && typeof (value as PaymentErrorDetail).type === 'string';
}

/**
 * POST /api/sandbox-payments/:id/confirm. Like stripe.confirmPayment it resolves with `{ paymentIntent }` or with
 * Stripe's `{ error }` (a declined card is HTTP 402); only an answer of neither shape throws.
 */
export async function confirmSandboxPayment(paymentIntentId: string, body: SandboxConfirmBody): Promise<SandboxConfirmResponse> {
  const response = await fetch(`/api/sandbox-payments/${encodeURIComponent(paymentIntentId)}/confirm`, {
    method: 'POST',
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let answer: { paymentIntent?: unknown; error?: unknown } | null = null;
  try {
    answer = JSON.parse(text);
  } catch {
    answer = null;
  }
  if (isPaymentError(answer?.error)) return { error: answer.error };
  if (response.ok && answer?.paymentIntent) return answer as SandboxConfirmResponse;
  throw apiErrorFromAnswer(response.status, response.statusText, text);
}
