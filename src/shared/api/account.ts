import { z } from 'zod';
import { SUPPORTED_LANGUAGES, THEMES, type Language, type Theme } from '../constants';
import { englishText } from './message-texts';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../text-rules';

/**
 * Accounts: the product's own calls (docs/product.md §7). Sign-up, sign-in, two-factor and password reset are Better Auth's
 * endpoints under /api/auth (see docs/accounts.md).
 */

/** The English the server answers a refused password with: the texts of their message keys, written in message-texts.ts. */
export const PASSWORD_MESSAGES = {
  tooShort: englishText('apiErrors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
  tooLong: englishText('apiErrors.passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
  tooCommon: englishText('apiErrors.passwordTooCommon'),
  hasEmail: englishText('apiErrors.passwordHasEmail'),
  hasProductName: englishText('apiErrors.passwordHasProductName'),
  repeated: englishText('apiErrors.passwordRepeated'),
} as const;

export const USERNAME_MESSAGES = {
  invalid: englishText('apiErrors.usernameInvalid'),
  taken: englishText('apiErrors.usernameTaken'),
} as const;

export const SIGN_IN_THROTTLE_MESSAGE = englishText('apiErrors.tooManySignInAttempts');

/*
 * The rules of the account forms, written once for the browser's forms and the server's checks. Their messages are
 * translation keys (docs/decisions/004-…); ACCOUNT_RULE_PARAMS holds the values of their {{placeholders}}.
 */

export const ACCOUNT_RULE_PARAMS = { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH } as const;

export const usernameSchema = z
  .string('apiErrors.usernameInvalid')
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,30}$/, 'apiErrors.usernameInvalid');

/** A username as a form field holds it: left blank (or only spaces), there is none. */
export const usernameFieldSchema = z
  .string('apiErrors.usernameInvalid')
  .trim()
  .transform((typed) => typed || null)
  .pipe(usernameSchema.nullable());

export const emailSchema = z
  .string('validation.emailInvalid')
  .trim()
  .max(EMAIL_MAX_LENGTH, 'validation.emailInvalid')
  .pipe(z.email('validation.emailInvalid'));

/** A password as sign-up, sign-in and a reset take it. The server also refuses common and guessable ones. */
export const passwordSchema = z
  .string('validation.passwordRequired')
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN_LENGTH, 'apiErrors.passwordTooShort')
  .max(PASSWORD_MAX_LENGTH, 'apiErrors.passwordTooLong');

/** The password typed again to turn two-factor on or off: the server says whether it is the right one. */
export const confirmingPasswordSchema = z
  .string('validation.passwordRequired')
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX_LENGTH, 'apiErrors.passwordTooLong');

/** People type and paste codes with spaces ('123 456'). */
const withoutSpaces = (typed: string) => typed.replace(/\s/g, '');

/** A code from an authenticator app: six digits. */
export const totpCodeSchema = z
  .string('validation.codeDigits')
  .transform(withoutSpaces)
  .pipe(z.string().regex(/^\d{6}$/, 'validation.codeDigits'));

/**
 * A backup code as the profile shows it, `abcde-12345`, from what was typed: spaces dropped, the hyphen added when it
 * was left out. Each code works once.
 */
export function normaliseBackupCode(typed: string): string {
  const code = withoutSpaces(typed);
  return /^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code;
}

export const backupCodeSchema = z
  .string('validation.backupCodeFormat')
  .transform(normaliseBackupCode)
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'validation.backupCodeFormat'));

/** POST /api/auth/sign-in/email. */
export const signInRequestSchema = z.object({ email: emailSchema, password: passwordSchema });
export type SignInRequest = z.output<typeof signInRequestSchema>;

/** The register form; POST /api/auth/sign-up/email takes these, the name and no username when there is none. */
export const signUpFieldsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: usernameFieldSchema,
  marketingPreference: z.boolean(),
});
export type SignUpFields = z.output<typeof signUpFieldsSchema>;

/** POST /api/auth/request-password-reset (with the page the link opens). */
export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-password: the token from the e-mailed link and the new password. */
export const resetPasswordRequestSchema = z.object({ token: z.string().min(1), newPassword: passwordSchema });

/** POST /api/auth/two-factor/verify-totp: at sign-in, and to confirm two-factor enrolment. */
export const verifyTotpRequestSchema = z.object({ code: totpCodeSchema });

/** POST /api/auth/two-factor/verify-backup-code. */
export const verifyBackupCodeRequestSchema = z.object({ code: backupCodeSchema });

/** POST /api/auth/two-factor/enable. */
export const enableTwoFactorRequestSchema = z.object({ password: confirmingPasswordSchema });

/** POST /api/auth/two-factor/disable: the server asks for a current code as well as the password. */
export const disableTwoFactorRequestSchema = z.object({ code: totpCodeSchema, password: confirmingPasswordSchema });

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
  /** The account's language and theme, so the browser shows them as soon as it knows who is signed in. */
  settings: UserSettings;
}

/** PATCH /api/user — change the username (null removes it). */
export const updateUserRequestSchema = z.object({ username: usernameSchema.nullable() });
export type UpdateUserRequest = z.input<typeof updateUserRequestSchema>;

/** The profile's username form: the same call, a blank field removing the username. */
export const usernameFormSchema = z.object({ username: usernameFieldSchema });

/** GET /api/user/settings → 200; signed out → 401 with `{ language: 'en' }`. */
export interface UserSettings {
  language: Language;
  theme: Theme;
  /** Whether a receipt is e-mailed when a top-up completes, fails or is refunded (signed-in answers only). */
  receiptEmails?: boolean;
}

/** POST /api/user/settings — any of them. */
export const updateSettingsRequestSchema = z
  .object({
    language: z.enum(SUPPORTED_LANGUAGES, `language must be one of ${SUPPORTED_LANGUAGES.join(', ')}`).optional(),
    theme: z.enum(THEMES, `theme must be one of ${THEMES.join(', ')}`).optional(),
    receiptEmails: z.boolean('receiptEmails must be true or false').optional(),
  })
  .strict()
  .refine(
    (settings) => settings.language !== undefined || settings.theme !== undefined || settings.receiptEmails !== undefined,
    'language, theme or receiptEmails is required',
  );
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

/** GET /api/admin/topup-wallet — the top-up provider's wallet as last read or reported by a top-up, and how long it lasts. */
export interface AdminTopupWalletResponse {
  success: true;
  /** Null until a top-up answer has reported the balance. */
  balance: number | null;
  currencyCode: string | null;
  /** When that answer was recorded (ISO 8601). */
  reportedAt: string | null;
  /** The low-balance threshold in force (the console's alert setting, else RELOADLY_LOW_BALANCE_USD), when set. */
  lowBalance: number | null;
  low: boolean;
  /** The balance in USD cents (a USD wallet's, or at its last top-up's rate); null when unknown. */
  balanceUsdCents?: number | null;
  /** The provider cost of the orders delivered in the last 7 days, USD cents. */
  spentLast7DaysCents?: number;
  /** How many whole days the balance lasts at the last 7 days' spend; null without spend or balance. */
  daysLeft?: number | null;
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
