import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AdminAuditResponse } from '../../../shared/api/admin-audit';
import type { AdminMessageResponse, AdminMessagesCountResponse, AdminMessagesResponse } from '../../../shared/api/admin-messages';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';
import { insertTestUser } from '../../testing/orders';

describe('the console’s contact message routes', () => {
  const testApp = useTestApp();

  /** A visitor's message through the contact form, as the page sends it. */
  async function sendContactMessage(fields: Partial<Record<'name' | 'email' | 'topic' | 'message', string>> = {}) {
    const answer = await testApp.client().post('/api/contact', {
      name: 'Amina Yusuf',
      email: 'amina@example.com',
      topic: 'topup',
      message: 'My top-up to 08031234567 has not arrived yet.',
      language: 'fr',
      ...fields,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ id: string }>().id;
  }

  it('shows a sent message unread in the inbox and the count, and opening it marks it read', async () => {
    const admin = await signedInAdmin(testApp);
    const first = await sendContactMessage({ message: 'First: <b>bold</b> & <script>alert(1)</script> stays text.' });
    const second = await sendContactMessage({ email: 'kofi@example.com', topic: 'payment' });

    const count = async () => (await admin.browser.get('/api/admin/messages/count')).json<AdminMessagesCountResponse>().unread;
    expect(await count()).toBe(2);
    const inbox = (await admin.browser.get('/api/admin/messages')).json<AdminMessagesResponse>();
    expect(inbox.messages.map((row) => [row.id, row.readAt, row.handledAt])).toEqual([
      [second, null, null],
      [first, null, null],
    ]);
    expect(inbox.messages[1]).toMatchObject({ name: 'Amina Yusuf', email: 'amina@example.com', topic: 'topup', language: 'fr' });

    const opened = await admin.browser.get(`/api/admin/messages/${first}`);
    expect(opened.statusCode).toBe(200);
    const { message } = opened.json<AdminMessageResponse>();
    expect(message.text).toBe('First: <b>bold</b> & <script>alert(1)</script> stays text.');
    expect(message.readAt).not.toBeNull();
    expect(await count()).toBe(1);
    const unread = (await admin.browser.get('/api/admin/messages?filter=unread')).json<AdminMessagesResponse>();
    expect(unread.messages.map((row) => row.id)).toEqual([second]);
  });

  it('links the message to the customer only when an account has the sender’s address, in any case', async () => {
    const admin = await signedInAdmin(testApp);
    const customerId = await insertTestUser(testApp.database.db, 'amina@example.com');
    const matching = await sendContactMessage({ email: 'Amina@EXAMPLE.com' });
    const stranger = await sendContactMessage({ email: 'amina@example.net' });
    const read = async (id: string) => (await admin.browser.get(`/api/admin/messages/${id}`)).json<AdminMessageResponse>().message;
    expect((await read(matching)).customerId).toBe(customerId);
    expect((await read(stranger)).customerId).toBeNull();
  });

  it('marks a message handled with a note, audited before and after, then reopens it', async () => {
    const admin = await signedInAdmin(testApp);
    const id = await sendContactMessage();
    const handled = await admin.browser.post(`/api/admin/messages/${id}/handle`, { note: '  Found the order; it was delivered.  ' });
    expect(handled.statusCode, handled.body).toBe(200);
    expect(handled.json<AdminMessageResponse>().message).toMatchObject({
      handledById: admin.id,
      handledByEmail: 'boss@example.com',
      handledNote: 'Found the order; it was delivered.',
    });
    const again = await admin.browser.post(`/api/admin/messages/${id}/handle`, { note: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'MESSAGE_ALREADY_HANDLED', messageKey: 'apiErrors.messageAlreadyHandled' });
    expect((await admin.browser.get('/api/admin/messages?filter=handled')).json<AdminMessagesResponse>().messages.map((row) => row.id)).toEqual([id]);

    const reopened = await admin.browser.post(`/api/admin/messages/${id}/reopen`, { reason: 'The customer wrote back' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json<AdminMessageResponse>().message).toMatchObject({ handledAt: null, handledNote: null });
    expect((await admin.browser.post(`/api/admin/messages/${id}/reopen`, { reason: 'Again' })).statusCode).toBe(409);

    const audit = (await admin.browser.get(`/api/admin/audit-log?targetType=contact_message&targetId=${id}`)).json<AdminAuditResponse>();
    expect(audit.entries.map(({ action, actorEmail, reason, before, after }) => ({ action, actorEmail, reason, before, after }))).toEqual([
      {
        action: 'message.reopen',
        actorEmail: 'boss@example.com',
        reason: 'The customer wrote back',
        before: expect.objectContaining({ handledBy: admin.id, handledNote: 'Found the order; it was delivered.' }),
        after: expect.objectContaining({ handledAt: null, handledBy: null, handledNote: null }),
      },
      {
        action: 'message.handle',
        actorEmail: 'boss@example.com',
        reason: 'Found the order; it was delivered.',
        before: { readAt: null, handledAt: null, handledBy: null, handledNote: null },
        after: expect.objectContaining({ handledBy: admin.id, handledNote: 'Found the order; it was delivered.' }),
      },
    ]);
  });

  it('answers 404 MESSAGE_NOT_FOUND for a message that does not exist', async () => {
    const admin = await signedInAdmin(testApp);
    for (const id of [randomUUID(), 'not-a-uuid', '%27%20or%201%3D1', '%00']) {
      for (const answer of [
        await admin.browser.get(`/api/admin/messages/${id}`),
        await admin.browser.post(`/api/admin/messages/${id}/handle`, { note: 'Done' }),
        await admin.browser.post(`/api/admin/messages/${id}/reopen`, { reason: 'Again' }),
      ]) {
        expect(answer.statusCode, id).toBe(404);
        expect(answer.json(), id).toMatchObject({ success: false, code: 'MESSAGE_NOT_FOUND', messageKey: 'apiErrors.messageNotFound' });
      }
    }
  });

  it('answers 400 naming the field for a filter, search, page or body that does not parse, never a 500', async () => {
    const admin = await signedInAdmin(testApp);
    const id = await sendContactMessage();
    const queries: Array<[string, string, string?]> = [
      ['filter=archived', 'filter'],
      [`q=${'a'.repeat(255)}`, 'q'],
      ['q=amina%00%40example.com', 'q'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor', 'INVALID_CURSOR'],
      [`cursor=${Buffer.from(JSON.stringify([true, '1', "1' or '1'='1"])).toString('base64url')}`, 'cursor', 'INVALID_CURSOR'],
    ];
    for (const [query, field, code = 'VALIDATION_FAILED'] of queries) {
      const answer = await admin.browser.get(`/api/admin/messages?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json(), query).toMatchObject({ success: false, code, field });
    }
    const bodies: Array<[string, unknown, string]> = [
      ['handle', {}, 'note'],
      ['handle', { note: '   ' }, 'note'],
      ['handle', { note: 'x'.repeat(1001) }, 'note'],
      ['handle', { note: 42 }, 'note'],
      ['handle', { note: 'with a \u0000 inside' }, 'note'],
      ['reopen', {}, 'reason'],
      ['reopen', { reason: 'x'.repeat(501) }, 'reason'],
    ];
    for (const [action, body, field] of bodies) {
      const answer = await admin.browser.post(`/api/admin/messages/${id}/${action}`, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json(), JSON.stringify(body)).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    }
    // Fastify itself refuses a path parameter over 100 characters.
    expect((await admin.browser.get(`/api/admin/messages/${'a'.repeat(201)}`)).statusCode).toBe(414);
    // Nothing was changed by the refused calls.
    const { message } = (await admin.browser.get(`/api/admin/messages/${id}`)).json<AdminMessageResponse>();
    expect(message).toMatchObject({ handledAt: null, handledNote: null });
  });
});
