import type { BetterAuthOptions } from 'better-auth';
import type { Config } from '../config';

/**
 * Google sign-in: Better Auth's Google provider with real credentials when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are
 * set. Without them, no Google provider is configured yet; this is where the local OpenID Connect stand-in for
 * development and tests plugs in.
 */
export function socialProviders(config: Pick<Config, 'google'>): BetterAuthOptions['socialProviders'] {
  if (config.google) {
    return { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'consent', accessType: 'offline' } };
  }
  return {};
}
