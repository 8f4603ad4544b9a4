import type { KeyedMessage } from '../shared/api/messages';

/**
 * What kind of refusal a domain error is. The domain says what went wrong; server/http/errors.ts alone decides which
 * HTTP status each kind is answered with.
 */
export type DomainErrorKind =
  /** The request names something that cannot be: a bad amount, an unknown operator, a malformed body. */
  | 'invalid'
  /** Nobody is signed in. */
  | 'unauthenticated'
  /** Signed in, but not allowed: not an admin, past the daily limit, a blocked account. */
  | 'forbidden'
  | 'not_found'
  /** The thing changed meanwhile or is in a state that does not allow this. */
  | 'conflict'
  /** The request's body is larger than the server reads. */
  | 'too_large'
  /** The request's body is of a type the route does not read. */
  | 'unsupported_media_type'
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | 'rate_limited'
  /** A provider answered with an error we pass on as such. */
  | 'upstream'
  /** A provider or store cannot be reached now; nothing was decided. */
  | 'unavailable';

export interface DomainErrorOptions {
  /** The request field the refusal is about, for forms to mark. */
  field?: string;
  /** For `rate_limited` and `unavailable`: seconds until another attempt may succeed (the answer's Retry-After). */
  retryAfterSeconds?: number;
  /** Facts the caller may show beside the message, e.g. an order's current status on a conflict. */
  details?: Record<string, unknown>;
}

/**
 * Words with no translation key: English for developers (a malformed request, a path that names nothing) or a
 * provider's or library's own message passed on as it came. No customer meets them in a form; the browser shows the
 * text as it is, or the translation of the refusal's code when it is one the product knows.
 */
export interface UntranslatedMessage {
  text: string;
}

/** A refusal's message: a translation key with its values, or words that have none. */
export type DomainErrorMessage = KeyedMessage | UntranslatedMessage;

/**
 * A refusal: a stable `code` for programs and a translation key (with its values) for people. The domain throws it
 * without knowing about HTTP; the HTTP layer answers it with the kind's status and the key's English text, and the
 * browser shows the key in the customer's language. The code is left out only where the kind alone says it all (a
 * request without a session).
 *
 * Every refusal the server gives is one, the HTTP layer's own included (a malformed body, an unknown path, a
 * provider's 4xx passed on): those that no customer can meet, or whose words are someone else's, carry an
 * `UntranslatedMessage` instead of a key, and are answered with the text alone.
 */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string | undefined,
    readonly messageRef: DomainErrorMessage,
    readonly options: DomainErrorOptions = {},
  ) {
    super(`${code ?? kind}: ${'key' in messageRef ? messageRef.key : messageRef.text}`);
  }
}
