/**
 * Whether an error means the database could not be reached (refused, cut, timed out, shutting down), as opposed to a
 * query that failed: the request may succeed a moment later, so it is answered 503, not 500. Drizzle wraps the
 * driver's error, so the whole cause chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
    if (LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}

/** The socket to PostgreSQL failed. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** PostgreSQL's own "not now": shutting down, starting, out of connections (class 08 is every connection exception). */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres says these in words only. */
const LOST_CONNECTION_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
];
