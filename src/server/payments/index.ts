import { createHmac } from 'node:crypto';
import { resolveAuthSecret } from '../auth/secret';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { PaymentProvider } from './provider';
import { createSandboxPaymentProvider, type SandboxEventListener } from './sandbox/sandbox-payment-provider';

/** The tests' sandbox webhook secret (NODE_ENV=test, like the tests' auth secret). */
export const SANDBOX_WEBHOOK_SECRET = 'whsec_sandbox_topups';

/**
 * Signs the sandbox's webhook events: derived from the server secret, so each data directory (which keeps its own
 * generated secret) and each deployment (BETTER_AUTH_SECRET) has its own, and instances sharing one PostgreSQL agree.
 * Stripe's own secret comes from STRIPE_WEBHOOK_SECRET.
 */
export function sandboxWebhookSecret(config: Config): string {
  if (config.nodeEnv === 'test') return SANDBOX_WEBHOOK_SECRET;
  return `whsec_${createHmac('sha256', resolveAuthSecret(config)).update('sandbox-webhook').digest('base64url')}`;
}

/**
 * Stripe when its keys are configured (its SDK loads only then), else the sandbox provider in our own database, which
 * hands the events it makes itself (a test card's dispute) to `sandboxEvents`.
 */
export async function createPaymentProvider(config: Config, db: Database, sandboxEvents?: SandboxEventListener): Promise<PaymentProvider> {
  if (config.stripe) {
    const { createStripePaymentProvider } = await import('./stripe/stripe-provider');
    return createStripePaymentProvider(config.stripe);
  }
  return createSandboxPaymentProvider(db, { webhookSecret: sandboxWebhookSecret(config), events: sandboxEvents });
}
