import { PREFERENCE_COOKIES, SESSION_HINT_COOKIE } from '@shared/constants';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The saved language and theme are also sent to the server as cookies of the same name and value, so it answers the
 * public pages pre-rendered in them (ADR 016). Every write and removal of those keys goes through here.
 */
function mirrorToCookie(key: string, value: string | null) {
  if (!(Object.values(PREFERENCE_COOKIES) as string[]).includes(key) || typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = value === null ? 'Max-Age=0' : `Max-Age=${ONE_YEAR_S}`;
  document.cookie = `${key}=${encodeURIComponent(value ?? '')}; Path=/; ${lifetime}; SameSite=Lax${secure}`;
}

/** localStorage that never throws (private mode, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    mirrorToCookie(key, value);
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the preference lasts for this page only.
    }
  },
  remove(key: string) {
    mirrorToCookie(key, null);
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored, nothing to remove.
    }
  },
};

/** Whether this browser holds a session: the server marks one with a cookie scripts can read (ADR 016). */
export function mayHaveSession(): boolean {
  return typeof document !== 'undefined' && document.cookie.split(/;\s*/).some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));
}

/** Forgets the session mark at sign-out (the server also drops it on the next page it serves without a session). */
export function forgetSessionHint() {
  if (typeof document !== 'undefined') document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}
