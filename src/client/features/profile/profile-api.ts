import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UpdateSettingsRequest, UpdateSettingsResponse, UserSettings } from '@shared/api/account';
import { apiRequest } from '@/lib/api-client';

/**
 * Better Auth's endpoints under /api/auth that the profile page calls: two-factor enrolment and the linked sign-in
 * methods. They answer errors as `{ success: false, message, code, messageKey }`; a wrong TOTP code is a 401
 * (`INVALID_CODE`) even though the session is fine, so what counts is the code, not the status.
 */

function authCall<T>(path: string, body?: unknown): Promise<T> {
  return apiRequest<T>(`/api/auth/${path}`, body === undefined ? {} : { method: 'POST', body });
}

export interface TwoFactorEnrolment {
  /** otpauth://totp/…?secret=…&issuer=GlobalTopUp&digits=6&period=30 */
  totpURI: string;
  backupCodes: string[];
}

export interface LinkedAccount {
  id: string;
  providerId: string;
  accountId: string;
}

/** The sign-in methods the profile knows how to show, in display order. */
export const SIGN_IN_METHODS = ['credential', 'google'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const enableTwoFactor = (password: string) => authCall<TwoFactorEnrolment>('two-factor/enable', { password });
/** Confirms enrolment; for a user who already has two-factor on it only checks the code. */
export const verifyTotpCode = (code: string) => authCall<unknown>('two-factor/verify-totp', { code });
/** The server asks for a current code as well as the password before it turns two-factor off. */
export const disableTwoFactor = (password: string, code: string) => authCall<{ status: boolean }>('two-factor/disable', { password, code });
export const unlinkAccount = (account: Pick<LinkedAccount, 'providerId' | 'accountId'>) =>
  authCall<{ status: boolean }>('unlink-account', { providerId: account.providerId, accountId: account.accountId });

/** Asks for the provider's address and sends the browser there; it comes back to the profile either way. */
export async function linkGoogle() {
  const back = `${window.location.origin}/profile`;
  const answer = await authCall<{ url?: string }>('link-social', { provider: 'google', callbackURL: back, errorCallbackURL: back });
  if (!answer.url) throw new Error('No sign-in address');
  window.location.assign(answer.url);
}

/** The signed-in user as GET /api/auth/get-session answers it (`{ session, user }`, or null when signed out). */
const sessionUser = async () =>
  (await authCall<{ user?: { twoFactorEnabled?: boolean | null; emailVerified?: boolean | null } } | null>('get-session'))?.user;

/** Whether two-factor is on. */
export const twoFactorQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId, 'two-factor'],
    queryFn: async () => (await sessionUser())?.twoFactorEnabled === true,
    staleTime: 0,
  });

export const useTwoFactorEnabled = (userId: string) => useQuery(twoFactorQueryOptions(userId));

export const linkedAccountsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profile', userId, 'accounts'], queryFn: () => authCall<LinkedAccount[]>('list-accounts'), staleTime: 0 });

export const useLinkedAccounts = (userId: string) => useQuery(linkedAccountsQueryOptions(userId));

/** Whether the account's e-mail address is confirmed (the link sent at sign-up was opened). */
export const emailVerifiedQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId, 'email-verified'],
    queryFn: async () => (await sessionUser())?.emailVerified === true,
    staleTime: 0,
  });

export const useEmailVerified = (userId: string) => useQuery(emailVerifiedQueryOptions(userId));

/** Sends the confirmation link again; it brings the browser back to the profile. */
export const sendVerificationEmail = (email: string) =>
  authCall<{ status: boolean }>('send-verification-email', { email, callbackURL: `${window.location.origin}/profile` });

/** The secret of an otpauth:// URI, for people who type it into their app instead of scanning. */
export function secretOf(totpUri: string): string {
  try {
    return new URL(totpUri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

/** ABCD EFGH IJKL …: easier to read and type. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Whether the account's receipts are e-mailed (GET /api/user/settings); on unless the customer turned them off. */
export const receiptEmailsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId, 'receipt-emails'],
    queryFn: async () => (await apiRequest<UserSettings>('/api/user/settings')).receiptEmails !== false,
    staleTime: 0,
  });

export const useReceiptEmails = (userId: string) => useQuery(receiptEmailsQueryOptions(userId));

/** Turns the account's receipt e-mails on or off; answers the saved value. */
export const saveReceiptEmails = async (on: boolean) =>
  (await apiRequest<UpdateSettingsResponse>('/api/user/settings', { method: 'POST', body: { receiptEmails: on } satisfies UpdateSettingsRequest }))
    .settings.receiptEmails !== false;
