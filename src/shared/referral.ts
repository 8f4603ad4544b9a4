/*
 * Refer a friend (docs/decisions/070-refer-a-friend.md): what the server and the browser share. Money in integer USD cents.
 */

/** The amounts and dispute window in force until the console saves others. */
export const REFERRAL_DEFAULTS = { friendDiscountCents: 500, referrerCreditCents: 500, disputeWindowDays: 60 } as const;

/** A referral code: 8 characters of Crockford's base 32 (no I, L, O or U), 32^8 ≈ 10^12 codes, drawn at random. */
export const REFERRAL_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** The cookie a page opened with `?ref=<code>` sets, read when the friend makes their account (30 days). */
export const REFERRAL_COOKIE = 'referral';
export const REFERRAL_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

/** The link a customer shares: the home page with `?ref=<code>` (`/r/` is the request links'). */
export const referralPath = (code: string) => `/?ref=${code}`;

/** A code as typed or pasted: upper case, without spaces; null when it cannot be one. */
export function normaliseReferralCode(text: string): string | null {
  const code = text.replace(/\s+/g, '').toUpperCase();
  return REFERRAL_CODE_PATTERN.test(code) ? code : null;
}

/** A referral's states: joined → qualified → rewarded, or refused with its reason. */
export const REFERRAL_STATUSES = ['joined', 'qualified', 'rewarded', 'refused'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
export const REFERRAL_REFUSALS = ['same_card', 'same_address', 'same_account', 'self', 'first_top_up_undone'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];
