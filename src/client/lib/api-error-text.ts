import type { TFunction } from 'i18next';
import { ApiRequestError } from './api-client';

/** The server's answer behind an error: the error itself, or the one it wraps (its cause). */
function serverAnswerOf(error: unknown): ApiRequestError | undefined {
  if (error instanceof ApiRequestError) return error;
  return error instanceof Error && error.cause instanceof ApiRequestError ? error.cause : undefined;
}

/** A translation key the browser put on an error of its own, e.g. 'payment.intent.failed'. */
function ownKeyOf(error: unknown): string | undefined {
  const key = error instanceof Error ? (error as { messageKey?: unknown }).messageKey : undefined;
  return typeof key === 'string' ? key : undefined;
}

/**
 * What to tell the customer about a failed call, in their language: the translation of the server's messageKey with
 * its values, or the server's English when this version of the app has no text for the key (or was sent none). When
 * the server gave no readable message, the error's own key, else `fallbackKey`, else the error's message.
 */
export function apiErrorText(t: TFunction, error: unknown, fallbackKey?: string): string {
  const answer = serverAnswerOf(error);
  if (answer?.messageKey) return t(answer.messageKey, { ...answer.messageParams, defaultValue: answer.serverMessage ?? answer.message });
  if (answer?.serverMessage) return answer.serverMessage;
  const key = ownKeyOf(error) ?? fallbackKey;
  if (key) return t(key);
  return error instanceof Error ? error.message : String(error);
}
