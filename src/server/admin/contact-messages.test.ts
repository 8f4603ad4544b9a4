import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminMessagesQuerySchema, type AdminMessagesQuery } from '../../shared/api/admin-messages';
import type { Database } from '../db/client';
import { adminAuditLog, contactMessages, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import {
  contactMessagesPageQuery,
  countUnreadMessages,
  handleContactMessage,
  listContactMessages,
  readContactMessage,
  reopenContactMessage,
} from './contact-messages';

const NOW = new Date('2026-11-24T12:00:00Z');
const MINUTE = 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const ADMIN = { id: 'admin-1', email: 'boss@example.com' };

/** The DomainError a call throws, for its kind and code. */
async function refusalOf(call: Promise<unknown>): Promise<Pick<DomainError, 'kind' | 'code'> & { field?: string }> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return { kind: error.kind, code: error.code, ...(error.options.field ? { field: error.options.field } : {}) };
}

describe.each(TEST_DATABASE_KINDS)('contact messages in the console on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
  });
  beforeEach(async () => {
    await database.reset();
    await db.insert(user).values({ id: ADMIN.id, name: 'Boss', email: ADMIN.email, emailVerified: true, isAdmin: true });
  });
  afterAll(() => database.close());

  async function message(values: Partial<typeof contactMessages.$inferInsert> = {}) {
    const [row] = await db
      .insert(contactMessages)
      .values({
        name: 'Amina Yusuf',
        email: 'amina@example.com',
        topic: 'topup',
        message: 'My top-up to 08031234567 has not arrived yet.',
        language: 'en',
        ...values,
      })
      .returning();
    return row!;
  }

  const list = (query: AdminMessagesQuery = {}) => listContactMessages(db, adminMessagesQuerySchema.parse(query));
  const ids = async (query: AdminMessagesQuery = {}) => (await list(query)).messages.map((row) => row.id);

  /** Every page of a query, following nextCursor, `limit` at a time. */
  async function allPages(query: AdminMessagesQuery, limit: number): Promise<string[][]> {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ ...query, limit: String(limit), cursor });
      pages.push(page.messages.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return pages;
  }

  it('lists unread messages first, then the read ones, each newest first', async () => {
    const oldUnread = await message({ createdAt: ago(50 * MINUTE) });
    const newRead = await message({ createdAt: ago(5 * MINUTE), readAt: ago(4 * MINUTE) });
    const newUnread = await message({ createdAt: ago(10 * MINUTE) });
    const oldRead = await message({ createdAt: ago(60 * MINUTE), readAt: ago(MINUTE) });
    const handled = await message({
      createdAt: ago(2 * MINUTE),
      readAt: ago(MINUTE),
      handledAt: ago(MINUTE),
      handledBy: ADMIN.id,
      handledNote: 'Done',
    });
    expect(await ids()).toEqual([newUnread.id, oldUnread.id, handled.id, newRead.id, oldRead.id]);
  });

  it('pages through the inbox by keyset, each message once, even with several at the same instant', async () => {
    const at = ago(30 * MINUTE);
    const created = [];
    for (let index = 0; index < 7; index++) created.push(await message({ createdAt: at, readAt: index % 2 ? ago(MINUTE) : null }));
    for (let index = 0; index < 4; index++) created.push(await message({ createdAt: ago(index * MINUTE) }));
    const whole = await ids({ limit: '100' });
    const pages = await allPages({}, 3);
    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 2]);
    expect(pages.flat()).toEqual(whole);
    expect(new Set(whole)).toEqual(new Set(created.map((row) => row.id)));
    // Unread first: the 4 + 4 unread, then the 3 read ones.
    const unreadIds = new Set(created.filter((row) => row.readAt === null).map((row) => row.id));
    expect(whole.slice(0, 8).every((id) => unreadIds.has(id))).toBe(true);
  });

  it('narrows by unread, open and handled, and by part of the sender’s address in any case, across pages too', async () => {
    const unread = await message({ email: 'Kofi.Mensah@Example.com', createdAt: ago(3 * MINUTE) });
    const read = await message({ createdAt: ago(2 * MINUTE), readAt: ago(MINUTE) });
    const handled = await message({ email: 'kofi.m@example.org', createdAt: ago(MINUTE), readAt: ago(MINUTE), handledAt: NOW, handledBy: ADMIN.id });
    expect(await ids({ filter: 'unread' })).toEqual([unread.id]);
    expect(await ids({ filter: 'open' })).toEqual([unread.id, read.id]);
    expect(await ids({ filter: 'handled' })).toEqual([handled.id]);
    expect(await ids({ filter: 'all' })).toEqual([unread.id, handled.id, read.id]);
    expect(await ids({ q: 'KOFI' })).toEqual([unread.id, handled.id]);
    expect(await ids({ q: 'kofi', filter: 'handled' })).toEqual([handled.id]);
    expect((await allPages({ filter: 'open' }, 1)).flat()).toEqual([unread.id, read.id]);
    // % and _ are themselves, not wildcards.
    expect(await ids({ q: '%' })).toEqual([]);
    expect(await ids({ q: 'kofi_m' })).toEqual([]);
  });

  it('links a message to the account whose e-mail is the sender’s, in any case, and to no other', async () => {
    await db.insert(user).values({ id: 'customer-1', name: 'Amina', email: 'amina@example.com' });
    const same = await message({ email: 'AMINA@Example.com' });
    const other = await message({ email: 'amina@example.org' });
    const rows = (await list()).messages;
    expect(Object.fromEntries(rows.map((row) => [row.id, row.customerId]))).toEqual({ [same.id]: 'customer-1', [other.id]: null });
    expect((await readContactMessage(db, same.id, NOW)).customerId).toBe('customer-1');
    expect((await readContactMessage(db, other.id, NOW)).customerId).toBeNull();
  });

  it('marks a message read the first time it is opened, writing no audit row, and counts the unread', async () => {
    const first = await message({ createdAt: ago(2 * MINUTE) });
    await message({ createdAt: ago(MINUTE) });
    expect(await countUnreadMessages(db)).toBe(2);
    const opened = await readContactMessage(db, first.id.toUpperCase(), NOW);
    expect(opened).toMatchObject({ id: first.id, readAt: NOW.toISOString(), text: first.message, handledAt: null });
    expect((await readContactMessage(db, first.id, new Date(NOW.getTime() + MINUTE))).readAt).toBe(NOW.toISOString());
    expect(await countUnreadMessages(db)).toBe(1);
    expect(await db.select().from(adminAuditLog)).toEqual([]);
  });

  it('marks a message handled with a note, in one transaction with its audit row, and reopens it with a reason', async () => {
    const sent = await message();
    const handled = await handleContactMessage(db, { actor: ADMIN, messageId: sent.id, note: 'Refunded the order by hand', now: NOW });
    expect(handled).toMatchObject({
      readAt: NOW.toISOString(),
      handledAt: NOW.toISOString(),
      handledById: ADMIN.id,
      handledByEmail: ADMIN.email,
      handledNote: 'Refunded the order by hand',
    });
    expect(await refusalOf(handleContactMessage(db, { actor: ADMIN, messageId: sent.id, note: 'Again', now: NOW }))).toEqual({
      kind: 'conflict',
      code: 'MESSAGE_ALREADY_HANDLED',
    });

    const later = new Date(NOW.getTime() + MINUTE);
    const reopened = await reopenContactMessage(db, { actor: ADMIN, messageId: sent.id, reason: 'The customer wrote again', now: later });
    expect(reopened).toMatchObject({ readAt: NOW.toISOString(), handledAt: null, handledById: null, handledNote: null });
    expect(await refusalOf(reopenContactMessage(db, { actor: ADMIN, messageId: sent.id, reason: 'Again', now: later }))).toEqual({
      kind: 'conflict',
      code: 'MESSAGE_NOT_HANDLED',
    });

    const audit = await db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
    expect(
      audit.map(({ action, targetType, targetId, actorId, actorEmail, reason, before, after }) => ({
        action,
        targetType,
        targetId,
        actorId,
        actorEmail,
        reason,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'message.handle',
        targetType: 'contact_message',
        targetId: sent.id,
        actorId: ADMIN.id,
        actorEmail: ADMIN.email,
        reason: 'Refunded the order by hand',
        before: { readAt: null, handledAt: null, handledBy: null, handledNote: null },
        after: { readAt: NOW.toISOString(), handledAt: NOW.toISOString(), handledBy: ADMIN.id, handledNote: 'Refunded the order by hand' },
      },
      {
        action: 'message.reopen',
        targetType: 'contact_message',
        targetId: sent.id,
        actorId: ADMIN.id,
        actorEmail: ADMIN.email,
        reason: 'The customer wrote again',
        before: { readAt: NOW.toISOString(), handledAt: NOW.toISOString(), handledBy: ADMIN.id, handledNote: 'Refunded the order by hand' },
        after: { readAt: NOW.toISOString(), handledAt: null, handledBy: null, handledNote: null },
      },
    ]);
  });

  it('keeps the message unhandled when its audit row cannot be written', async () => {
    const sent = await message();
    // An actor id the audit log refuses (NUL cannot be stored in text) makes the transaction's last insert fail.
    const failing = handleContactMessage(db, { actor: { id: 'bad\u0000id', email: ADMIN.email }, messageId: sent.id, note: 'Done', now: NOW });
    await expect(failing).rejects.toThrow();
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, sent.id));
    expect(row).toMatchObject({ handledAt: null, handledNote: null, readAt: null });
  });

  it('answers MESSAGE_NOT_FOUND for an unknown id and for text that is no id, and INVALID_CURSOR for a cursor it did not give', async () => {
    for (const id of [randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      expect(await refusalOf(readContactMessage(db, id, NOW)), id).toEqual({ kind: 'not_found', code: 'MESSAGE_NOT_FOUND' });
      expect(await refusalOf(handleContactMessage(db, { actor: ADMIN, messageId: id, note: 'x', now: NOW })), id).toMatchObject({
        code: 'MESSAGE_NOT_FOUND',
      });
      expect(await refusalOf(reopenContactMessage(db, { actor: ADMIN, messageId: id, reason: 'x', now: NOW })), id).toMatchObject({
        code: 'MESSAGE_NOT_FOUND',
      });
    }
    const forged = (content: unknown) => Buffer.from(JSON.stringify(content)).toString('base64url');
    for (const cursor of ['garbage', forged([true, '1', 'x']), forged(['1', randomUUID()]), forged([1, '1', randomUUID()])]) {
      expect(await refusalOf(list({ cursor })), cursor).toEqual({ kind: 'invalid', code: 'INVALID_CURSOR', field: 'cursor' });
    }
  });

  it('reads each filter’s first page from an inbox index, not the whole table', async () => {
    // Most messages handled long ago, a few still open: what an inbox looks like after a while.
    await db.execute(sql`insert into contact_messages (name, email, topic, message, language, created_at, read_at, handled_at)
      select 'Sender ' || g, 'sender' || g || '@example.com', 'other', 'Hello there, a question.', 'en', now() - g * interval '1 minute',
             case when g % 50 <> 0 then now() end, case when g % 25 <> 0 then now() end
      from generate_series(1, 5000) g`);
    await db.execute(sql`analyze contact_messages`);
    const indexesOf = async (query: AdminMessagesQuery) => {
      const statement = contactMessagesPageQuery(db, adminMessagesQuerySchema.parse(query)).getSQL();
      const plan = ((await db.execute(sql`explain ${statement}`)) as unknown as { rows: Array<{ 'QUERY PLAN': string }> }).rows;
      return plan.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await indexesOf({})).toContain('contact_messages_inbox_idx');
    expect(await indexesOf({ filter: 'unread' })).toContain('contact_messages_inbox_idx');
    expect(await indexesOf({ filter: 'open' })).toContain('contact_messages_open_idx');
    const second = await list({ filter: 'open', limit: '10' });
    expect(await indexesOf({ filter: 'open', cursor: second.nextCursor! })).toContain('contact_messages_open_idx');
    expect(await countUnreadMessages(db)).toBe(100);
  });
});
