import type { BetterAuthOptions } from 'better-auth';
import type { GenericOAuthConfig } from 'better-auth/plugins';
import type { Config } from '../config';
import type { LocalOidc } from './local-oidc';

/**
 * Google sign-in: Better Auth's Google provider with real credentials when GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET are
 * set. Without them, in development and tests, the local OpenID Connect provider stands in (see localGoogle below).
 */
export function socialProviders(config: Pick<Config, 'google'>): BetterAuthOptions['socialProviders'] {
  if (config.google) {
    return { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, prompt: 'consent', accessType: 'offline' } };
  }
  return {};
}

/**
 * The local OpenID Connect provider (local-oidc.ts) as Better Auth's provider 'google', through the generic OAuth
 * plugin: the browser uses the same /api/auth/sign-in/social and /api/auth/callback/google as with Google itself.
 * The authorization request carries a PKCE S256 challenge; the code is exchanged in-process and the profile (e-mail,
 * email_verified, name) is read from the ID token that exchange returns.
 */
export function localGoogle(oidc: LocalOidc | undefined): GenericOAuthConfig[] {
  if (!oidc) return [];
  return [
    {
      providerId: 'google',
      name: 'Google',
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      authorizationUrl: oidc.authorizationUrl,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      getToken: (data) => oidc.exchangeCode(data),
    },
  ];
}
