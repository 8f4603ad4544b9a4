import { createContext, useContext } from 'react';

export interface AccountUser {
  id: string;
  email: string;
  username: string | null;
  is_admin: boolean;
}

export interface AccountState {
  user: AccountUser | null;
  isLoading: boolean;
}

/**
 * Who is signed in. The product has no sign-in backend yet, so every visitor is signed out; the guards and the header
 * already read this state, so sessions plug in here without touching them.
 */
export const AccountContext = createContext<AccountState>({ user: null, isLoading: false });

export function useAccount(): AccountState {
  return useContext(AccountContext);
}
