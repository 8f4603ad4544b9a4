import type { Config } from '../config';
import type { Database } from '../db/client';
import type { PaymentProvider } from './provider';
import { createSandboxPaymentProvider } from './sandbox/sandbox-payment-provider';

/**
 * Signs the sandbox's webhook events. The sandbox holds no real money and a webhook only makes us re-read the intent,
 * so a fixed secret is enough; Stripe's own secret comes from STRIPE_WEBHOOK_SECRET.
 */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_topups';

/** Stripe when its keys are configured (its SDK loads only then), else the sandbox provider in our own database. */
export async function createPaymentProvider(config: Config, db: Database): Promise<PaymentProvider> {
  if (config.stripe) {
    const { createStripePaymentProvider } = await import('./stripe/stripe-provider');
    return createStripePaymentProvider(config.stripe);
  }
  return createSandboxPaymentProvider(db, { webhookSecret: SANDBOX_WEBHOOK_SECRET });
}
