import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ApiErrorBody } from '../../shared/api/errors';
import { englishMessage } from './messages';

/** An error whose message is safe to show to the user, answered with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details: Pick<ApiErrorBody, 'field' | 'messageKey'> = {},
    /** Sent with the answer, e.g. Retry-After on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** Parses a request part with a shared schema; the first problem becomes a 400 naming the field. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.join('.') || undefined;
  const text = englishMessage(issue.message) ?? (field ? `${field}: ${issue.message}` : issue.message);
  throw new HttpError(400, text, 'VALIDATION_FAILED', { field, messageKey: issue.message });
}

const GENERIC_FAILURE = 'Something went wrong on our side. Please try again later.';

export function sendError(reply: FastifyReply, statusCode: number, body: Omit<ApiErrorBody, 'success'>) {
  return reply.status(statusCode).send({ success: false, ...body } satisfies ApiErrorBody);
}

export function handleError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    reply.headers(error.headers);
    return sendError(reply, error.statusCode, { message: error.message, code: error.code, ...error.details });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const message = error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
      ? 'Malformed JSON in request body'
      : error.message;
    return sendError(reply, status, { message, code: error.code });
  }
  request.log.error({ err: error }, 'request failed');
  return sendError(reply, 500, { message: GENERIC_FAILURE, code: 'INTERNAL_ERROR' });
}
