import { apiRequest } from '@/lib/api-client';

/** Better Auth's endpoints under /api/auth, as this page uses them. */

export interface SignInAnswer {
  /** Set when the account has two-factor on: the code must be verified before the session starts. */
  twoFactorRedirect?: boolean;
}

export function signInWithPassword(body: { email: string; password: string }) {
  return apiRequest<SignInAnswer>('/api/auth/sign-in/email', { method: 'POST', body });
}

export function signUpWithPassword(body: { email: string; password: string; name: string; username?: string; marketingPreference: boolean }) {
  return apiRequest<unknown>('/api/auth/sign-up/email', { method: 'POST', body });
}

export function verifyTotp(code: string) {
  return apiRequest<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } });
}

/**
 * A backup code as the profile shows it, `abcde-12345`, from what was typed: spaces dropped, the hyphen added when it
 * was left out. Each code works once.
 */
export function normaliseBackupCode(typed: string): string {
  const code = typed.replace(/\s/g, '');
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

/** Finishes a two-factor sign-in with one of the backup codes given when two-factor was turned on. */
export function verifyBackupCode(typed: string) {
  return apiRequest<unknown>('/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code: normaliseBackupCode(typed) } });
}

export function requestPasswordReset(email: string) {
  return apiRequest<unknown>('/api/auth/request-password-reset', { method: 'POST', body: { email, redirectTo: `${window.location.origin}/auth` } });
}

export function resetPassword(token: string, newPassword: string) {
  return apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

/** Starts Google sign-in: the server answers the provider's URL, the browser goes there and comes back to callbackURL. */
export async function startGoogleSignIn(callbackURL: string) {
  const answer = await apiRequest<{ url?: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: 'google', callbackURL, errorCallbackURL: `${window.location.origin}/auth?error=google` },
  });
  if (!answer.url) throw new Error('No sign-in address');
  window.location.assign(answer.url);
}
