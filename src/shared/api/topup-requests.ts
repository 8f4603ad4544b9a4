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

/**
 * A web address in a note: a scheme, "www.", or a host name ending in a top-level domain of letters ("pay-me.example",
 * "bit.ly/x"). A note is text from a stranger shown on our page, and a link in it would lend our name to wherever it
 * goes; "1.5", "e.g." and "Mom." are not addresses.
 */
const WEB_ADDRESS = /(?:[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\b[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}(?:[/:?#]|\b))/iu;
export const hasWebAddress = (note: string) => WEB_ADDRESS.test(note.normalize('NFKC'));

/** The links a signed-in customer may make in a day (docs/api.md). */
export const REQUEST_LINKS_PER_DAY = 10;

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
    .refine((note) => !hasWebAddress(note), 'validation.noteNoLinks')
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
  /** The first name of the customer who asks, as their account gives it; null when it has none. */
  requesterFirstName: string | null;
}

export interface GetTopupRequestResponse {
  success: true;
  request: TopupRequestView;
}

export const requestLinkPath = (token: string) => `${REQUEST_LINK_PREFIX}${token}`;

/** One of the signed-in customer's own links, as GET /api/user/topup-requests lists them (never the token: it is not kept). */
export interface OwnTopupRequest {
  id: number;
  countryCode: string;
  phone: string;
  suggestedAmount: string | null;
  note: string | null;
  createdAt: string;
  expiresAt: string;
  /** When a top-up of the number by someone else answered it, or null. */
  paidAt: string | null;
}

export interface ListTopupRequestsResponse {
  success: true;
  requests: OwnTopupRequest[];
}
