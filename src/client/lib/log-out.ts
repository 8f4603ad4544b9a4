import { fetchAccount } from './account';
import { apiRequest } from './api-client';
import { STORAGE_KEYS } from '@shared/constants';
import { forgetSessionHint, safeStorage } from './storage';

export type LogOutResult = { signedOut: true } | { signedOut: false; error: unknown };

/**
 * Logout (docs/product.md §4): ends the auth session (a failure there is ignored), then the server's logout. When that fails, the
 * account is read again: a session that is gone all the same was ended, and the customer is signed out.
 */
export async function endSession(): Promise<LogOutResult> {
  await apiRequest('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  try {
    await apiRequest('/api/logout', { method: 'POST', body: {} });
  } catch (error) {
    const stillSignedIn = await fetchAccount().then(
      (account) => account !== null,
      () => true,
    );
    if (stillSignedIn) return { signedOut: false, error };
  }
  return { signedOut: true };
}

/** Forgets everything this browser kept for the account; the language and theme stay, being the reader's. */
export function forgetAccountData() {
  for (const key of Object.values(STORAGE_KEYS)) {
    if (key !== STORAGE_KEYS.language && key !== STORAGE_KEYS.theme) safeStorage.remove(key);
  }
  forgetSessionHint();
  window.sessionStorage.clear();
}
