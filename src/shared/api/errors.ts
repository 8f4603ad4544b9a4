import type { MessageParams } from './messages';

/** Shape of every error answer under /api: `message` is readable English that the UI can show. */
export interface ApiErrorBody {
  success: false;
  message: string;
  code?: string;
  /** For validation failures: the field that failed. */
  field?: string;
  /** The translation key of `message` (one of API_MESSAGE_KEYS), so the browser can show it in the customer's language. */
  messageKey?: string;
  /** The values of the key's placeholders. */
  messageParams?: MessageParams;
  /** Facts beside the message, e.g. an order's current status when an action on it is refused (409). */
  details?: Record<string, unknown>;
}
