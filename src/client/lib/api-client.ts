import type { MessageParams } from '@shared/api/messages';

/**
 * Error raised for any non-OK answer (docs/product.md §8): '401: Please login to continue', else '{status}: {text}'. What it says
 * to the customer is apiErrorText's business (lib/api-error-text.ts).
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's readable message, when the answer was our JSON error shape. */
    readonly serverMessage?: string,
    readonly field?: string,
    readonly messageKey?: string,
    /** The server's error code (e.g. PRICE_CHANGED), when it gave one. */
    readonly code?: string,
    /** The values of messageKey's placeholders. */
    readonly messageParams?: MessageParams,
    /** Facts beside the message, e.g. an order's current status when an admin's action on it was refused. */
    readonly details?: Record<string, unknown>,
    /** Seconds until the refused call may be made again (a 429's Retry-After), when the server said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function paramsOf(value: unknown): MessageParams | undefined {
  if (!isRecord(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1])),
  );
}

/** A server answer as read: its status and its body's text, whatever the status. */
export interface ApiAnswer {
  status: number;
  ok: boolean;
  statusText: string;
  text: string;
  /** The answer's Retry-After header (seconds), when it has one. */
  retryAfter?: string | null;
}

/** The error for a refused answer, from its status and its body's text (our JSON error shape, or anything else). */
export function apiErrorFromAnswer({ status, statusText, text, retryAfter }: ApiAnswer): ApiRequestError {
  let body: { message?: unknown; field?: unknown; messageKey?: unknown; code?: unknown; messageParams?: unknown; details?: unknown } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
  return new ApiRequestError(
    status,
    status === 401 ? '401: Please login to continue' : `${status}: ${text || statusText}`,
    serverMessage,
    typeof body?.field === 'string' ? body.field : undefined,
    typeof body?.messageKey === 'string' ? body.messageKey : undefined,
    typeof body?.code === 'string' ? body.code : undefined,
    paramsOf(body?.messageParams),
    isRecord(body?.details) ? body.details : undefined,
    retryAfterSecondsOf(retryAfter),
  );
}

/** Retry-After in whole seconds; only the delay-seconds form, which is the one our server sends. */
function retryAfterSecondsOf(header: string | null | undefined): number | undefined {
  if (!header || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Number(header.trim());
}

/** The browser's one way to call the server: cookies included, JSON in and out; answers whatever the status. */
export async function sendApiRequest(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiAnswer> {
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json', ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  return {
    status: response.status,
    ok: response.ok,
    statusText: response.statusText,
    text: await response.text(),
    retryAfter: response.headers.get('Retry-After'),
  };
}

/** A call whose OK answer is JSON, throwing ApiRequestError for any other answer. */
export async function apiRequest<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const answer = await sendApiRequest(path, init);
  if (!answer.ok) throw apiErrorFromAnswer(answer);
  return JSON.parse(answer.text) as T;
}
