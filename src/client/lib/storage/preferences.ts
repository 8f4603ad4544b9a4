import { STORAGE_KEYS, type Language, type Theme } from '@shared/constants';
import { safeStorage } from '.';

interface Preferences {
  language: Language;
  theme: Theme;
}

/**
 * The one place the browser remembers its reader's language and theme, whether the reader chose them or their account
 * brought them: localStorage, which boot.js applies before the first paint, and a cookie of the same name, which tells
 * the server the visitor's preferences when it makes their account (a Google sign-up has no form to send them).
 */
export function rememberPreference<Name extends keyof Preferences>(name: Name, value: Preferences[Name]) {
  // safeStorage also writes the cookie of the same name (storage.ts).
  safeStorage.set(STORAGE_KEYS[name], value);
}

export function storedPreference(name: keyof Preferences): string | null {
  return safeStorage.get(STORAGE_KEYS[name]);
}
