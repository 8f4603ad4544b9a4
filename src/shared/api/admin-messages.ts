import { z } from 'zod';
import type { Language } from '../constants';
import { EMAIL_MAX_LENGTH, hasNoNul } from '../text-rules';
import { undisguised } from './free-text';
import { cursorSchema, limitSchema, type AdminPage } from './admin';
import type { ContactTopic } from './contact';

/**
 * The operations console's contact messages (/api/admin/messages/*): what visitors sent from the contact page, unread
 * first, then newest first. Opening one marks it read; an admin marks it handled with a note, or reopens it with a
 * reason, each written to the audit log.
 */

/** all; unread (nobody opened it); open (not handled yet, read or not); handled. */
export const ADMIN_MESSAGE_FILTERS = ['all', 'unread', 'open', 'handled'] as const;
export type AdminMessageFilter = (typeof ADMIN_MESSAGE_FILTERS)[number];

/** The admin's note when marking a message handled: required, trimmed, at most this long. */
export const ADMIN_MESSAGE_NOTE_MAX_LENGTH = 1000;
/** How much of a message the list shows. */
export const ADMIN_MESSAGE_PREVIEW_LENGTH = 140;

/** GET /api/admin/messages — `q` is part of the sender's e-mail address, in any case. */
export const adminMessagesQuerySchema = z.object({
  filter: z.enum(ADMIN_MESSAGE_FILTERS, `filter must be one of ${ADMIN_MESSAGE_FILTERS.join(', ')}`).default('all'),
  q: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `q must be at most ${EMAIL_MAX_LENGTH} characters`)
    // PostgreSQL text cannot hold a NUL character: refused here rather than failing the query.
    .refine(hasNoNul, 'q must not contain a NUL character')
    .optional(),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminMessagesQuery = z.input<typeof adminMessagesQuerySchema>;

/** One row of the messages list. */
export interface AdminMessageRow {
  id: string;
  name: string;
  email: string;
  topic: ContactTopic;
  /** The language the visitor wrote from. */
  language: Language;
  createdAt: string;
  /** When an admin first opened it; null while unread. */
  readAt: string | null;
  /** When it was marked handled; null while open. */
  handledAt: string | null;
  /** The beginning of the text (ADMIN_MESSAGE_PREVIEW_LENGTH characters). */
  preview: string;
  /** The account whose e-mail address is the sender's (in any case); null when no account has it. */
  customerId: string | null;
}

export interface AdminMessagesResponse extends AdminPage {
  success: true;
  messages: AdminMessageRow[];
}

/** GET /api/admin/messages/:id — the whole message; reading it marks it read. */
export interface AdminMessageDetail extends AdminMessageRow {
  /** As the visitor wrote it: plain text, shown as text, never as HTML. */
  text: string;
  handledById: string | null;
  handledByEmail: string | null;
  handledNote: string | null;
}

export interface AdminMessageResponse {
  success: true;
  message: AdminMessageDetail;
}

/** GET /api/admin/messages/count — for the navigation's badge. */
export interface AdminMessagesCountResponse {
  success: true;
  unread: number;
}

/** POST /api/admin/messages/:id/handle — what was done about it (kept on the message and in the audit log). */
export const adminMessageHandleBodySchema = z.object({
  note: z
    .string('note is required')
    .trim()
    .min(1, 'note is required')
    .max(ADMIN_MESSAGE_NOTE_MAX_LENGTH, `note must be at most ${ADMIN_MESSAGE_NOTE_MAX_LENGTH} characters`)
    .refine(hasNoNul, 'note must not contain a NUL character')
    .superRefine(undisguised('text')),
});
export type AdminMessageHandleBody = z.input<typeof adminMessageHandleBodySchema>;

/**
 * What an admin can do to a message: `handle` (AdminMessageHandleBody) and `reopen` (AdminReasonBody), each answering
 * AdminMessageResponse. Handling one already handled, or reopening one that is open, answers 409.
 */
export const ADMIN_MESSAGE_ACTIONS = ['handle', 'reopen'] as const;
export type AdminMessageAction = (typeof ADMIN_MESSAGE_ACTIONS)[number];
