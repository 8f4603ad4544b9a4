import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AccountUser, UserResponse, UserSettings } from '@shared/api/account';
import { changeLanguage, currentLanguage } from '@/i18n';
import { useTheme } from './theme';

export type { AccountUser };

export interface AccountState {
  user: AccountUser | null;
  /** True until the first answer of GET /api/user. */
  isLoading: boolean;
  /** Reads the signed-in user again (after sign-in, sign-out or an admin change). */
  refresh(): Promise<AccountUser | null>;
}

const AccountContext = createContext<AccountState | null>(null);

/**
 * GET /api/user (or another call answering the user): 401 means signed out (no retry); any other failure is retried
 * once (docs/product.md §8). The one call the home route makes before any lazy page loads, so it calls fetch itself: the shared
 * wrapper (api-client.ts) would add a chunk the home route's budget (ADR 003) has no room for.
 */
export async function fetchAccount(path = '/api/user', attempt = 0): Promise<UserResponse | null> {
  const response = await fetch(path, { credentials: 'include', headers: { Accept: 'application/json' } });
  if (response.status === 401) {
    // Read to the end: an answer the browser may not cache (no-store) otherwise keeps its connection busy.
    await response.text().catch(() => '');
    return null;
  }
  if (!response.ok) {
    if (attempt === 0) return fetchAccount(path, 1);
    throw new Error(`${response.status}: ${response.statusText}`);
  }
  return (await response.json()) as UserResponse;
}

/** On load, a session's admin right is read again (docs/product.md §4), so one granted or removed since shows without a new sign-in. */
export async function loadAccount(): Promise<UserResponse | null> {
  const account = await fetchAccount();
  return (
    account &&
    fetchAccount('/api/user/refresh-admin-status').then(
      (again) => again ?? account,
      () => account,
    )
  );
}

/**
 * Shows the account's language and theme as soon as the account is read, and keeps the browser's stored values in
 * step with them (lib/storage/preferences.ts), so the next visit paints them first (docs/product.md §4).
 */
function useApplyAccountSettings() {
  const { setTheme } = useTheme();
  return useCallback(
    async (settings: UserSettings | undefined) => {
      if (!settings) return;
      setTheme(settings.theme);
      if (settings.language !== currentLanguage()) await changeLanguage(settings.language);
    },
    [setTheme],
  );
}

/**
 * Who is signed in, for the header, the guards and the pages. `mayBeSignedIn` says whether the browser holds a
 * session (storage.ts mayHaveSession): without one there is no account to ask for (docs/product.md §4), and the
 * visitor is signed out from the first render, as the pre-rendered pages show them.
 */
export function AccountProvider({ children, mayBeSignedIn }: { children: ReactNode; mayBeSignedIn: boolean }) {
  const [user, setUser] = useState<AccountUser | null>(null);
  const [isLoading, setLoading] = useState(mayBeSignedIn);
  const applySettings = useApplyAccountSettings();

  const refresh = useCallback(async () => {
    const next = await fetchAccount().catch(() => null);
    await applySettings(next?.settings).catch(() => undefined);
    setUser(next?.user ?? null);
    setLoading(false);
    return next?.user ?? null;
  }, [applySettings]);

  useEffect(() => {
    if (!mayBeSignedIn) return;
    let cancelled = false;
    loadAccount()
      .catch(() => null)
      .then(async (next) => {
        if (cancelled) return;
        await applySettings(next?.settings).catch(() => undefined);
        setUser(next?.user ?? null);
        setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [mayBeSignedIn, applySettings]);

  const value = useMemo(() => ({ user, isLoading, refresh }), [user, isLoading, refresh]);
  return <AccountContext.Provider value={value}>{children}</AccountContext.Provider>;
}

export function useAccount(): AccountState {
  const state = useContext(AccountContext);
  if (!state) throw new Error('useAccount must be used inside AccountProvider');
  return state;
}

/** The name the header greets: the username, else the part of the e-mail before the @, else 'User' (docs/product.md §2). */
export function displayNameOf(user: Pick<AccountUser, 'username' | 'email'>, fallback: string): string {
  return user.username || user.email.split('@')[0] || fallback;
}
