import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchMessage, fetchMessages, fetchUnreadMessageCount, runMessageAction } from './messages';

interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** Answers every call with `body`, and records what was asked. */
function answerWith(body: unknown): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('the contact messages’ calls', () => {
  it('read the inbox with its filter, search and cursor, one message by its id, and the unread count', async () => {
    const calls = answerWith({ success: true, messages: [], nextCursor: null, unread: 3 });
    await fetchMessages({ filter: 'unread', q: 'Amina@', cursor: 'abc' });
    await fetchMessage('a/b?c');
    await expect(fetchUnreadMessageCount()).resolves.toBe(3);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/messages?filter=unread&q=Amina%40&cursor=abc',
      '/api/admin/messages/a%2Fb%3Fc',
      '/api/admin/messages/count',
    ]);
  });

  it('send the handling note and the reopening reason trimmed, as the server reads them', async () => {
    const calls = answerWith({ success: true, message: {} });
    await runMessageAction('m-1', 'handle', '  Refunded by hand  ');
    await runMessageAction('m-1', 'reopen', ' Wrote again ');
    expect(calls).toEqual([
      { url: '/api/admin/messages/m-1/handle', method: 'POST', body: { note: 'Refunded by hand' } },
      { url: '/api/admin/messages/m-1/reopen', method: 'POST', body: { reason: 'Wrote again' } },
    ]);
  });

  it('never send a note or reason the server would refuse', async () => {
    const calls = answerWith({ success: true, message: {} });
    await expect(runMessageAction('m-1', 'handle', '   ')).rejects.toThrow();
    await expect(runMessageAction('m-1', 'handle', 'x'.repeat(1001))).rejects.toThrow();
    await expect(runMessageAction('m-1', 'reopen', '')).rejects.toThrow();
    expect(calls).toEqual([]);
  });
});
