import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api/errors';
import { englishText } from '../../shared/api/message-texts';
import { isApiMessageKey, messageForPassedOnCode, type ApiMessageKey, type KeyedMessage, type MessageParams } from '../../shared/api/messages';
import { isDatabaseUnavailable } from '../db/unavailable';
import { DomainError, type DomainErrorKind } from '../domain-error';

/** How long the browser waits before asking again when the database cannot be reached. */
const DATABASE_RETRY_AFTER_S = 5;

/** The one place where a domain refusal's kind becomes an HTTP status. */
export const STATUS_BY_DOMAIN_ERROR_KIND: Readonly<Record<DomainErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

export interface HttpErrorDetails {
  field?: string;
  messageKey?: ApiMessageKey;
  messageParams?: MessageParams;
  /** Facts beside the message, e.g. an order's current status on a conflict. */
  details?: Record<string, unknown>;
}

/** An error whose message is safe to show to the user, answered with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details: HttpErrorDetails = {},
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** An answer's message as the English text of its key, with the key and its values for the browser to translate. */
export function keyedMessage({ key, params }: KeyedMessage): { message: string } & Omit<HttpErrorDetails, 'field'> {
  return { message: englishText(key, params), messageKey: key, ...(params ? { messageParams: params } : {}) };
}

/** A refusal the customer reads, in their own language: see keyedMessage. */
export function refusal(statusCode: number, code: string, message: KeyedMessage, field?: string): HttpError {
  const { message: text, ...keyed } = keyedMessage(message);
  return new HttpError(statusCode, text, code, { ...(field ? { field } : {}), ...keyed });
}

/** Parses a request part with a shared schema; the first problem becomes a 400 naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  // The shared schemas' messages are translation keys where a customer can meet them, else English for developers. A
  // custom check may give its key's values (a range).
  const params = issue.code === 'custom' ? (issue.params as MessageParams | undefined) : undefined;
  if (isApiMessageKey(issue.message)) throw refusal(400, 'VALIDATION_FAILED', { key: issue.message, ...(params ? { params } : {}) }, field);
  throw new HttpError(400, field ? `${field}: ${issue.message}` : issue.message, 'VALIDATION_FAILED', { field });
}

/** The translation key (and its values) of an answer passed on from a library or provider, chosen by its code. */
export function passedOnMessageKey(code: unknown): Omit<HttpErrorDetails, 'field'> {
  const message = typeof code === 'string' ? messageForPassedOnCode(code) : undefined;
  return message ? { messageKey: message.key, ...(message.params ? { messageParams: message.params } : {}) } : {};
}

/** Error answers go out in one shape; one without a key of its own gets the key of its code, if it is known. */
export function sendError(reply: FastifyReply, statusCode: number, body: Omit<ApiErrorBody, 'success'>) {
  const keyed = body.messageKey ? {} : passedOnMessageKey(body.code);
  return reply.status(statusCode).send({ success: false, ...body, ...keyed } satisfies ApiErrorBody);
}

/** A domain refusal as the error answer the browser reads: the kind's status, the key's English text, the key itself. */
export function domainErrorAnswer(error: DomainError): HttpError {
  const { field, retryAfterSeconds, details } = error.options;
  const { message, ...keyed } = keyedMessage(error.messageRef);
  const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) };
  return new HttpError(
    STATUS_BY_DOMAIN_ERROR_KIND[error.kind],
    message,
    error.code,
    { ...(field ? { field } : {}), ...keyed, ...(details ? { details } : {}) },
    headers,
  );
}

export function handleError(error: FastifyError | HttpError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) error = domainErrorAnswer(error);
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, { message: error.message, code: error.code, ...error.details });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? 'Malformed JSON in request body' : error.message;
    return sendError(reply, status, { message, code: error.code });
  }
  if (isDatabaseUnavailable(error)) {
    // Nothing was decided: the browser asks again (a money call follows its order), so this is no failure.
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    return sendError(reply, 503, { ...keyedMessage({ key: 'apiErrors.serviceUnavailable' }), code: 'DATABASE_UNAVAILABLE' });
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, { ...keyedMessage({ key: 'apiErrors.internal' }), code: 'INTERNAL_ERROR' });
}
