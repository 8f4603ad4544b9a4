/** Bounds on text the product stores, shared by the browser's forms and the server's checks. */

export const NAME_MAX_LENGTH = 100;
/** The longest address SMTP can carry (RFC 5321: a 256-octet path, less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;
export const IMAGE_URL_MAX_LENGTH = 2048;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * Characters no name may hold: control characters (NUL included, which PostgreSQL cannot store in text) and the
 * Unicode bidirectional marks, embeddings, overrides and isolates, which make a name display as other text than it is.
 */
const UNSAFE_IN_NAME = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

export const isSafeName = (text: string) => !UNSAFE_IN_NAME.test(text);

/** Free text (messages) may hold line breaks and any script, but not NUL. */
export const hasNoNul = (text: string) => !text.includes('\u0000');

/** An avatar address: https only (no javascript:, data: or plain http), of a sane length. */
export function isSafeImageUrl(value: string): boolean {
  if (value.length > IMAGE_URL_MAX_LENGTH) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}
