import { z } from 'zod';
import { REQUEST_LINK_PREFIX } from '../routes';
import { isSafeName } from '../text-rules';
import { undisguised } from './free-text';

/**
 * "Request a top-up" links (docs/product.md §2, ADR 022): someone makes a link for their own number; whoever opens it
 * finds the recipient step filled in. Messages are translation keys: the browser shows them in the visitor's
 * language, the server answers in English.
 */

/** The longest note a request may carry, in characters (code points, as people count them). */
export const REQUEST_NOTE_MAX_LENGTH = 140;
/** How long a link works after it is made. */
export const REQUEST_LINK_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** The smallest amount a request may suggest, as a typed amount (docs/product.md §5). */
export const REQUEST_MIN_AMOUNT_CENTS = 100;
/** A token as links carry it: 32 random bytes in base64url, 43 characters. */
export const REQUEST_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The length of a note as its reader counts it: an emoji or an Arabic letter is one character. */
export const noteLength = (note: string) => [...note].length;

/** POST /api/topup-requests — a link for one's own number. */
export const createTopupRequestBodySchema = z.object({
  countryCode: z
    .string('validation.countryCode')
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((code) => code.toUpperCase()),
  /** The national number; the phone rules (docs/product.md §5) check it once the country is known. */
  phone: z.string('phone.required').max(40, 'validation.phoneDigits'),
  /** A USD amount the sender will find chosen, when their operator sells it. */
  suggestedAmount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(?:\.\d{1,2})?$/, 'validation.suggestedAmountFormat')
    .nullish()
    .or(z.literal('').transform(() => null)),
  note: z
    .string()
    .trim()
    .refine((note) => noteLength(note) <= REQUEST_NOTE_MAX_LENGTH, { message: 'validation.noteTooLong', params: { max: REQUEST_NOTE_MAX_LENGTH } })
    .refine(isSafeName, 'validation.noteCharacters')
    .superRefine(undisguised('text'))
    .nullish(),
});
export type CreateTopupRequestBody = z.input<typeof createTopupRequestBodySchema>;

export interface CreateTopupRequestResponse {
  success: true;
  /** The secret of the link; the server keeps only its hash. */
  token: string;
  /** `/r/<token>`, to put after the site's origin. */
  path: string;
  expiresAt: string;
}

/** What a link asks for, as GET /api/topup-requests/:token answers it. */
export interface TopupRequestView {
  countryCode: string;
  /** National number, digits only. */
  phone: string;
  /** 2-decimal USD string, or null. */
  suggestedAmount: string | null;
  /** Plain text: shown as text, never as HTML. */
  note: string | null;
  expiresAt: string;
}

export interface GetTopupRequestResponse {
  success: true;
  request: TopupRequestView;
}

export const requestLinkPath = (token: string) => `${REQUEST_LINK_PREFIX}${token}`;
