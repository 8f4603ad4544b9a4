import { and, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ADMIN_MESSAGE_PREVIEW_LENGTH,
  type AdminMessageDetail,
  type AdminMessageFilter,
  type AdminMessageRow,
  type adminMessagesQuerySchema,
} from '../../shared/api/admin-messages';
import type { ContactTopic } from '../../shared/api/contact';
import type { Language } from '../../shared/constants';
import type { Database } from '../db/client';
import { contactMessages, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import { micros, pageLimit } from '../db/cursor';
import { UUID } from '../db/ids';

/**
 * The contact messages in the operations console: the inbox (unread first, then newest first, a keyset page at a
 * time), one message (opening it marks it read), and marking it handled with a note or reopening it, each with its
 * audit row in the same transaction.
 */

export const messageNotFound = () => new DomainError('not_found', 'MESSAGE_NOT_FOUND', { key: 'apiErrors.messageNotFound' });

// ---------------------------------------------------------------------------------------------------------------------
// The inbox's order and its cursor

/** True while nobody has opened the message: the inbox's first sort key (contact_messages_inbox_idx's first column). */
const unread = sql<boolean>`(${contactMessages.readAt} is null)`;

/** Unread first (true after false, so descending), then newest first: contact_messages_inbox_idx read backwards. */
const INBOX_ORDER = [sql`${unread} desc`, desc(contactMessages.createdAt), desc(contactMessages.id)];

/** Where a page ended: whether that message was unread, its created_at to the microsecond, and its id. */
interface InboxPosition {
  unread: boolean;
  atMicros: string;
  id: string;
}

const positionSchema = z.tuple([z.boolean(), z.string().regex(/^\d{1,17}$/), z.string().regex(UUID)]);

function encodeInboxCursor(position: InboxPosition): string {
  return Buffer.from(JSON.stringify([position.unread, position.atMicros, position.id])).toString('base64url');
}

/** The position a cursor names; a cursor this list did not give is a 400 naming `cursor`. */
function decodeInboxCursor(cursor: string): InboxPosition {
  let content: unknown;
  try {
    content = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    content = undefined;
  }
  const parsed = positionSchema.safeParse(content);
  if (!parsed.success) throw new DomainError('invalid', 'INVALID_CURSOR', { key: 'apiErrors.cursorInvalid' }, { field: 'cursor' });
  const [isUnread, atMicros, id] = parsed.data;
  return { unread: isUnread, atMicros, id: id.toLowerCase() };
}

/** Messages after the position in the inbox's order: one range of the index, whichever filter narrows it. */
function afterPosition(position: InboxPosition): SQL {
  const at = sql`(timestamptz 'epoch' + ${position.atMicros}::bigint * interval '1 microsecond')`;
  return sql`(${unread}, ${contactMessages.createdAt}, ${contactMessages.id}) < (${position.unread}::boolean, ${at}, ${position.id}::uuid)`;
}

// ---------------------------------------------------------------------------------------------------------------------
// Reading

const FILTERS: Record<AdminMessageFilter, SQL | undefined> = {
  all: undefined,
  unread,
  // The partial index contact_messages_open_idx answers this one.
  open: isNull(contactMessages.handledAt),
  handled: isNotNull(contactMessages.handledAt),
};

/** `%` and `_` typed in the search box are searched for as themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The account the message's address belongs to. Accounts keep their address in lower case (Better Auth normalises
 * it), so the unique index on user.email answers the sender's address lowered.
 */
const customer = alias(user, 'customer');
const customerOfSender = eq(customer.email, sql`lower(${contactMessages.email})`);

const rowColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  topic: contactMessages.topic,
  language: contactMessages.language,
  createdAt: contactMessages.createdAt,
  readAt: contactMessages.readAt,
  handledAt: contactMessages.handledAt,
  preview: sql<string>`left(${contactMessages.message}, ${ADMIN_MESSAGE_PREVIEW_LENGTH})`,
  customerId: customer.id,
};

interface RowValues {
  id: string;
  name: string;
  email: string;
  topic: string;
  language: string;
  createdAt: Date;
  readAt: Date | null;
  handledAt: Date | null;
  preview: string;
  customerId: string | null;
}

function toMessageRow(row: RowValues): AdminMessageRow {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    topic: row.topic as ContactTopic,
    language: row.language as Language,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    handledAt: row.handledAt?.toISOString() ?? null,
    preview: row.preview,
    customerId: row.customerId ?? null,
  };
}

type MessagesQuery = z.output<typeof adminMessagesQuerySchema>;

/** The statement that reads one page of the inbox (and one message more, to tell whether another page follows). */
export function contactMessagesPageQuery(db: Database, query: MessagesQuery) {
  const limit = pageLimit(query.limit);
  const position = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
  return db
    .select({ ...rowColumns, unread, atMicros: micros(contactMessages.createdAt) })
    .from(contactMessages)
    .leftJoin(customer, customerOfSender)
    .where(
      and(
        FILTERS[query.filter],
        query.q ? ilike(contactMessages.email, containing(query.q)) : undefined,
        position ? afterPosition(position) : undefined,
      ),
    )
    .orderBy(...INBOX_ORDER)
    .limit(limit + 1);
}

/** GET /api/admin/messages: the messages the filter and the search select, unread first then newest first, a page at a time. */
export async function listContactMessages(db: Database, query: MessagesQuery) {
  const limit = pageLimit(query.limit);
  const rows = await contactMessagesPageQuery(db, query);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: page.map(toMessageRow),
    nextCursor: rows.length > limit && last ? encodeInboxCursor({ unread: last.unread, atMicros: last.atMicros, id: last.id }) : null,
  };
}

/** How many messages nobody has opened yet, for the navigation (the inbox index's first column). */
export async function countUnreadMessages(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<string>`count(*)` })
    .from(contactMessages)
    .where(unread);
  return Number(row?.count ?? 0);
}

const handler = alias(user, 'handler');

async function messageDetail(db: Database, messageId: string): Promise<AdminMessageDetail | null> {
  const [found] = await db
    .select({
      ...rowColumns,
      text: contactMessages.message,
      handledById: contactMessages.handledBy,
      handledByEmail: handler.email,
      handledNote: contactMessages.handledNote,
    })
    .from(contactMessages)
    .leftJoin(customer, customerOfSender)
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
    .where(eq(contactMessages.id, messageId));
  if (!found) return null;
  const { text, handledById, handledByEmail, handledNote } = found;
  return { ...toMessageRow(found), text, handledById, handledByEmail, handledNote };
}

/** An id that is no message's, or no id at all, reads as a message that does not exist. */
const messageIdOf = (messageId: string) => {
  if (!UUID.test(messageId)) throw messageNotFound();
  return messageId.toLowerCase();
};

/**
 * GET /api/admin/messages/:id: the whole message. The first admin to open it marks it read (no audit row: reading
 * changes nothing the customer sees).
 */
export async function readContactMessage(db: Database, messageId: string, now: Date): Promise<AdminMessageDetail> {
  const id = messageIdOf(messageId);
  await db
    .update(contactMessages)
    .set({ readAt: now })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  const detail = await messageDetail(db, id);
  if (!detail) throw messageNotFound();
  return detail;
}

// ---------------------------------------------------------------------------------------------------------------------
// Handling

export interface MessageActionRequest {
  actor: AdminActor;
  messageId: string;
  now: Date;
}

type MessageRecord = typeof contactMessages.$inferSelect;

/** The fields an action changes, as its audit row keeps them before and after. */
const handlingOf = (message: Pick<MessageRecord, 'readAt' | 'handledAt' | 'handledBy' | 'handledNote'>) => ({
  readAt: message.readAt?.toISOString() ?? null,
  handledAt: message.handledAt?.toISOString() ?? null,
  handledBy: message.handledBy,
  handledNote: message.handledNote,
});

/** Runs one action on a message, locked, in one transaction with its audit row; answers the message as it is after. */
async function actOnMessage(
  db: Database,
  request: MessageActionRequest,
  act: (tx: Database, message: MessageRecord) => Promise<{ action: 'message.handle' | 'message.reopen'; reason: string; after: MessageRecord }>,
): Promise<AdminMessageDetail> {
  const id = messageIdOf(request.messageId);
  await db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!message) throw messageNotFound();
    const { action, reason, after } = await act(tx, message);
    await recordAdminAction(tx, {
      actor: request.actor,
      action,
      targetType: 'contact_message',
      targetId: id,
      reason,
      before: handlingOf(message),
      after: handlingOf(after),
      now: request.now,
    });
  });
  return (await messageDetail(db, id))!;
}

/** Marks a message handled, with the admin's note of what was done; a message opened by nobody counts as read too. */
export function handleContactMessage(db: Database, request: MessageActionRequest & { note: string }): Promise<AdminMessageDetail> {
  return actOnMessage(db, request, async (tx, message) => {
    if (message.handledAt) {
      throw new DomainError(
        'conflict',
        'MESSAGE_ALREADY_HANDLED',
        { key: 'apiErrors.messageAlreadyHandled' },
        { details: { handledAt: message.handledAt.toISOString() } },
      );
    }
    const [after] = await tx
      .update(contactMessages)
      .set({ readAt: message.readAt ?? request.now, handledAt: request.now, handledBy: request.actor.id, handledNote: request.note })
      .where(eq(contactMessages.id, message.id))
      .returning();
    return { action: 'message.handle', reason: request.note, after: after! };
  });
}

/** Opens a handled message again (its note goes; the audit log keeps it), with the admin's reason. */
export function reopenContactMessage(db: Database, request: MessageActionRequest & { reason: string }): Promise<AdminMessageDetail> {
  return actOnMessage(db, request, async (tx, message) => {
    if (!message.handledAt) {
      throw new DomainError('conflict', 'MESSAGE_NOT_HANDLED', { key: 'apiErrors.messageNotHandled' }, { details: { handledAt: null } });
    }
    const [after] = await tx
      .update(contactMessages)
      .set({ handledAt: null, handledBy: null, handledNote: null })
      .where(eq(contactMessages.id, message.id))
      .returning();
    return { action: 'message.reopen', reason: request.reason, after: after! };
  });
}
