import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api/errors';
import { englishText } from '../../shared/api/message-texts';
import { isApiMessageKey, messageForPassedOnCode, type KeyedMessage, type MessageParams } from '../../shared/api/messages';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, type DomainErrorKind } from '../domain-error';

/** How long the browser waits before asking again when the database cannot be reached. */
const DATABASE_RETRY_AFTER_S = 5;

/** The one place where a refusal's kind becomes an HTTP status. */
export const STATUS_BY_DOMAIN_ERROR_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

const DOMAIN_ERROR_KINDS = Object.keys(STATUS_BY_DOMAIN_ERROR_KIND) as DomainErrorKind[];

/**
 * The kind answered with `status`, for a refusal whose status was chosen by someone else: a provider's or library's
 * 4xx passed on. A status that no kind has is answered as `invalid` (400).
 */
function kindOfStatus(status: number): DomainErrorKind {
  return DOMAIN_ERROR_KINDS.find((kind) => STATUS_BY_DOMAIN_ERROR_KIND[kind] === status) ?? 'invalid';
}

/**
 * A provider's or library's refusal passed on in its own words (`code`, `text`): answered with its own status when a
 * kind has it (an unknown payment 404, a finished one 400, a body too large 413).
 */
export function passedOnRefusal(status: number, code: string | undefined, text: string): DomainError {
  return new DomainError(kindOfStatus(status), code, { text });
}

/** An answer's message as the English text of its key, with the key and its values for the browser to translate. */
function keyedMessage({ key, params }: KeyedMessage): Pick<ApiErrorBody, 'message' | 'messageKey' | 'messageParams'> {
  return { message: englishText(key, params), messageKey: key, ...(params ? { messageParams: params } : {}) };
}

/** Parses a request part with a shared schema; the first problem becomes a 400 naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  const where = field ? { field } : {};
  // The shared schemas' messages are translation keys where a customer can meet them, else English for developers. A
  // custom check may give its key's values (a range).
  const params = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
  if (isApiMessageKey(issue.message))
    throw new DomainError('invalid', 'VALIDATION_FAILED', { key: issue.message, ...(params ? { params } : {}) }, where);
  throw new DomainError('invalid', 'VALIDATION_FAILED', { text: field ? `${field}: ${issue.message}` : issue.message }, where);
}

/** The translation key (and its values) of an answer passed on from a library or provider, chosen by its code. */
export function passedOnMessageKey(code: unknown): Pick<ApiErrorBody, 'messageKey' | 'messageParams'> {
  const message = typeof code === 'string' ? messageForPassedOnCode(code) : undefined;
  return message ? { messageKey: message.key, ...(message.params ? { messageParams: message.params } : {}) } : {};
}

/** The error answer's shape, status and headers: what the error handler sends. */
interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  headers: Record<string, string>;
}

/**
 * A refusal as the error answer the browser reads: the kind's status, the key's English text with the key itself, or
 * an untranslated text with the key of its code when the product knows that code.
 */
function domainErrorAnswer(error: DomainError): ErrorAnswer {
  const { field, retryAfterSeconds, details } = error.options;
  const { message, ...keyed } =
    'key' in error.messageRef ? keyedMessage(error.messageRef) : { message: error.messageRef.text, ...passedOnMessageKey(error.code) };
  return {
    status: STATUS_BY_DOMAIN_ERROR_KIND[error.kind],
    body: { success: false, message, code: error.code, ...(field ? { field } : {}), ...keyed, ...(details ? { details } : {}) },
    headers: retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  };
}

function send(reply: FastifyReply, { status, body, headers }: ErrorAnswer) {
  return reply.headers(headers).status(status).send(body);
}

/** Fastify's own refusals (a body that is not JSON, too large, of another type) and other libraries' 4xx, passed on. */
function passedOnClientError(error: FastifyError): DomainError | undefined {
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) return undefined;
  const text = error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON in request body' : error.message;
  return passedOnRefusal(status, error.code, text);
}

/** Every error answer goes out here: a refusal with its kind's status, anything else as a 500 that says nothing more. */
export function handleError(error: FastifyError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  const refused = error instanceof DomainError ? error : passedOnClientError(error);
  if (refused) return send(reply, domainErrorAnswer(refused));
  if (isDatabaseUnavailable(error)) {
    // Nothing was decided: the browser asks again (a money call follows its order), so this is no failure.
    request.log.warn({ err: error }, 'database unavailable');
    const unavailable = new DomainError(
      'unavailable',
      'DATABASE_UNAVAILABLE',
      { key: 'apiErrors.serviceUnavailable' },
      { retryAfterSeconds: DATABASE_RETRY_AFTER_S },
    );
    return send(reply, domainErrorAnswer(unavailable));
  }
  request.log.error({ err: error }, 'request failed');
  return send(reply, { status: 500, body: { success: false, ...keyedMessage({ key: 'apiErrors.internal' }), code: 'INTERNAL_ERROR' }, headers: {} });
}
