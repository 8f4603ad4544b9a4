import type { KeyedMessage } from '../shared/api/messages';

/**
 * What kind of refusal a domain error is. The domain says what went wrong; server/http/errors.ts alone decides which
 * HTTP status each kind is answered with.
 */
export type DomainErrorKind =
  /** The request names something that cannot be: a bad amount, an unknown operator. */
  | 'invalid'
  /** Nobody is signed in. */
  | 'unauthenticated'
  /** Signed in, but not allowed: not an admin, past the daily limit, a blocked account. */
  | 'forbidden'
  | 'not_found'
  /** The thing changed meanwhile or is in a state that does not allow this. */
  | 'conflict'
  /** Too many attempts; `retryAfterSeconds` says when to try again. */
  | 'rate_limited'
  /** A provider answered with an error we pass on as such. */
  | 'upstream'
  /** A provider or store cannot be reached now; nothing was decided. */
  | 'unavailable';

export interface DomainErrorOptions {
  /** The request field the refusal is about, for forms to mark. */
  field?: string;
  /** For `rate_limited`: seconds until another attempt may succeed (the answer's Retry-After). */
  retryAfterSeconds?: number;
  /** Facts the caller may show beside the message, e.g. an order's current status on a conflict. */
  details?: Record<string, unknown>;
}

/**
 * A refusal decided by the domain: a stable `code` for programs and a translation key (with its values) for people.
 * The domain throws it without knowing about HTTP; the HTTP layer answers it with the kind's status and the key's
 * English text, and the browser shows the key in the customer's language. The code is left out only where the kind
 * alone says it all (a request without a session).
 */
export class DomainError extends Error {
  override name = 'DomainError';

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string | undefined,
    readonly messageRef: KeyedMessage,
    readonly options: DomainErrorOptions = {},
  ) {
    super(`${code ?? kind}: ${messageRef.key}`);
  }
}
