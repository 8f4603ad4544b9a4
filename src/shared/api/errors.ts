/** Shape of every error answer under /api: `message` is readable English that the UI can show. */
export interface ApiErrorBody {
  success: false;
  message: string;
  code?: string;
  /** For validation failures: the field that failed and the translation key of its message. */
  field?: string;
  messageKey?: string;
}
