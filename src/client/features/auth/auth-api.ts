import type { SignInRequest, UserSettings } from '@shared/api/account';
import { apiRequest } from '@/lib/api-client';

/** Better Auth's endpoints under /api/auth, as this page uses them. */

export interface SignInAnswer {
  /** Set when the account has two-factor on: the code must be verified before the session starts. */
  twoFactorRedirect?: boolean;
}

export function signInWithPassword(body: SignInRequest) {
  return apiRequest<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body });
}

export function signUpWithPassword(
  body: { email: string; password: string; name: string; username?: string; marketingPreference: boolean } & UserSettings,
) {
  return apiRequest<unknown>('/api/auth/sign-up/email', { method: 'POST', body });
}

export function verifyTotp(code: string) {
  return apiRequest<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
}

/** Finishes a two-factor sign-in with one of the backup codes given when two-factor was turned on. */
export function verifyBackupCode(code: string) {
  return apiRequest<unknown>('/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } });
}

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: `${window.location.origin}/auth` } });
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

/** Where a failed Google sign-in comes back to: the /auth page, told so by `error=google`. */
const GOOGLE_FAILED = 'google';

/** The code the server adds (as a second `error`) when it refused the Google sign-in of a blocked account. */
const ACCOUNT_BLOCKED = 'ACCOUNT_BLOCKED';

/**
 * What to tell a visitor back from a Google sign-in that failed: that the account is blocked when the server said so,
 * else that Google sign-in failed. Null when the page was not opened by a failed Google sign-in.
 */
export function googleFailureKey(params: URLSearchParams): 'apiErrors.accountBlocked' | 'auth.googleFailed' | null {
  const errors = params.getAll('error');
  if (!errors.includes(GOOGLE_FAILED)) return null;
  return errors.includes(ACCOUNT_BLOCKED) ? 'apiErrors.accountBlocked' : 'auth.googleFailed';
}

/** Starts Google sign-in: the server answers the provider's URL, the browser goes there and comes back to callbackURL. */
export async function startGoogleSignIn(callbackURL: string) {
  const answer = await apiRequest<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL, errorCallbackURL: `${window.location.origin}/auth?error=${GOOGLE_FAILED}` },
  });
  if (!answer.url) throw new Error('No sign-in address');
  window.location.assign(answer.url);
}
