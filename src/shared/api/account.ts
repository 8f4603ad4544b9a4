import { z } from 'zod';
import { SUPPORTED_LANGUAGES, THEMES, type Language, type Theme } from '../constants';

/**
 * Accounts: the product's own calls (docs/product.md §7). Sign-up, sign-in, two-factor and password reset are Better Auth's
 * endpoints under /api/auth (see the README, "Accounts").
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  tooCommon: 'This password is too common. Please choose a less common one.',
  hasEmail: 'Your password must not contain your e-mail address.',
  hasProductName: 'Your password must not contain the name GlobalTopUp.',
  repeated: 'Your password must not be one character repeated.',
} as const;

export const USERNAME_MESSAGES = {
  invalid: 'Username must be 3 to 30 characters: letters, digits, dots, underscores or hyphens.',
  taken: 'This username is already taken',
} as const;

export const SIGN_IN_THROTTLE_MESSAGE = 'Too many failed sign-in attempts. Please wait 15 minutes and try again.';

export const usernameSchema = z
  .string(USERNAME_MESSAGES.invalid)
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,30}$/, USERNAME_MESSAGES.invalid);

/** The user as the product's calls answer it. */
export interface AccountUser {
  id: string;
  email: string;
  username: string | null;
  is_admin: boolean;
}

/** GET /api/user, GET /api/user/refresh-admin-status, PATCH /api/user → 200. Signed out: 401 ApiErrorBody. */
export interface UserResponse {
  success: true;
  user: AccountUser;
}

/** PATCH /api/user — change the username (null removes it). */
export const updateUserRequestSchema = z.object({ username: usernameSchema.nullable() });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** GET /api/user/settings → 200; signed out → 401 with `{ language: 'en' }`. */
export interface UserSettings {
  language: Language;
  theme: Theme;
}

/** POST /api/user/settings — either or both. */
export const updateSettingsRequestSchema = z
  .object({
    language: z.enum(SUPPORTED_LANGUAGES, `language must be one of ${SUPPORTED_LANGUAGES.join(', ')}`).optional(),
    theme: z.enum(THEMES, `theme must be one of ${THEMES.join(', ')}`).optional(),
  })
  .strict()
  .refine((settings) => settings.language !== undefined || settings.theme !== undefined, 'language or theme is required');
export type UpdateSettingsRequest = z.input<typeof updateSettingsRequestSchema>;

export interface UpdateSettingsResponse {
  success: true;
  settings: UserSettings;
}

/** POST /api/logout → always 200. */
export interface LogoutResponse {
  success: true;
}

/**
 * GET /api/admin/users → 200 for admins with two-factor on whose session gave a code; 401 visitors; 403 others (code
 * TWO_FACTOR_REQUIRED or SECOND_FACTOR_REQUIRED when that is why).
 */
export interface AdminUserRow {
  id: string;
  email: string;
  username: string | null;
  is_admin: boolean;
  two_factor_enabled: boolean;
  created_at: string;
}
export interface AdminUsersResponse {
  success: true;
  users: AdminUserRow[];
}

/** GET /api/admin/topup-wallet — the top-up provider's wallet as its last top-up answer reported it. */
export interface AdminTopupWalletResponse {
  success: true;
  /** Null until a top-up answer has reported the balance. */
  balance: number | null;
  currencyCode: string | null;
  /** When that answer was recorded (ISO 8601). */
  reportedAt: string | null;
  /** RELOADLY_LOW_BALANCE_USD, when set. */
  lowBalance: number | null;
  low: boolean;
}

/**
 * Extra fields POST /api/auth/sign-up/email accepts besides email, password and name (name may be omitted: it
 * defaults to the username, else the e-mail's local part).
 */
export interface SignUpExtraFields {
  username?: string;
  marketingPreference?: boolean;
  language?: Language;
  theme?: Theme;
}
