import type { PaymentProvider } from '../payments/provider';
import type { TopupProvider } from '../topups/provider';
import { providerCallDuration, providerCalls } from './registry';

/** How a provider call ended: answered, refused for good by the provider (an error it says not to retry), or failed. */
export type ProviderCallOutcome = 'ok' | 'refused' | 'error';

function outcomeOf(error: unknown): ProviderCallOutcome {
  // Both providers' errors (PaymentProviderError, TopupProviderError) say whether trying again may help.
  const retryable = (error as { retryable?: unknown } | null)?.retryable;
  return retryable === false ? 'refused' : 'error';
}

/**
 * The provider with each of `operations` counted and timed (provider_calls_total, provider_call_duration_seconds),
 * everything else as it is: the one place provider calls are measured, whichever provider (or test fake) it is.
 */
function measured<T extends object, K extends keyof T & string>(provider: T, name: string, operations: Readonly<Partial<Record<K, string>>>): T {
  const wrapped = Object.create(provider) as T;
  for (const [method, operation] of Object.entries(operations) as Array<[K, string]>) {
    const call = provider[method] as unknown as (...args: unknown[]) => Promise<unknown>;
    const observe = (outcome: ProviderCallOutcome, startedAt: number) => {
      const labels = { provider: name, operation, outcome };
      providerCalls.inc(labels);
      providerCallDuration.observe(labels, (performance.now() - startedAt) / 1000);
    };
    (wrapped as Record<string, unknown>)[method] = async (...args: unknown[]) => {
      const startedAt = performance.now();
      try {
        const answer = await call.apply(provider, args);
        observe('ok', startedAt);
        return answer;
      } catch (error) {
        observe(outcomeOf(error), startedAt);
        throw error;
      }
    };
  }
  return wrapped;
}

/** Each measured payment call and its `operation` label (the labels kept from before the calls had neutral names). */
const PAYMENT_OPERATIONS = {
  createPayment: 'createPaymentIntent',
  getPayment: 'retrievePaymentIntent',
  capturePayment: 'capturePaymentIntent',
  releasePayment: 'cancelPaymentIntent',
  refundPayment: 'refundPayment',
  paymentIdOfCharge: 'paymentIntentIdOfCharge',
  getDispute: 'retrieveDispute',
  submitDisputeEvidence: 'updateDispute',
} as const satisfies Partial<Record<keyof PaymentProvider, string>>;

const TOPUP_OPERATIONS = [
  'detectOperator',
  'operatorsByCountry',
  'sendTopup',
  'topupStatus',
  'findTopupByCustomIdentifier',
  'walletBalance',
  'promotionsByCountry',
] as const satisfies ReadonlyArray<keyof TopupProvider>;

/** The payment provider (Stripe or the sandbox), its calls measured under its kind. */
export function measuredPayments(provider: PaymentProvider): PaymentProvider {
  return measured(provider, provider.kind, PAYMENT_OPERATIONS);
}

/** The top-up provider (Reloadly or the sandbox), its calls measured under `name`. */
export function measuredTopups<T extends Partial<TopupProvider>>(provider: T, name: string): T {
  const present = TOPUP_OPERATIONS.filter((operation) => typeof provider[operation] === 'function') as Array<keyof T & string>;
  return measured(
    provider,
    name,
    Object.fromEntries(present.map((operation) => [operation, operation])) as Partial<Record<keyof T & string, string>>,
  );
}
