import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountUser } from '@shared/api/account';
import { loadAccount } from './account';

const user: AccountUser = { id: 'user-1', email: 'amina@example.com', username: 'amina', is_admin: false };
const settings = { language: 'es', theme: 'dark' } as const;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serverAnswering(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (path: string) => (answers[path] ?? (() => json(404, {})))());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const calledPaths = (fetchMock: ReturnType<typeof serverAnswering>) => fetchMock.mock.calls.map(([path]) => path);

afterEach(() => vi.unstubAllGlobals());

describe('loading the account', () => {
  it('reads the admin right again when a session exists, so a right granted since shows', async () => {
    const fetchMock = serverAnswering({
      '/api/user': () => json(200, { success: true, user, settings }),
      '/api/user/refresh-admin-status': () => json(200, { success: true, user: { ...user, is_admin: true }, settings }),
    });
    expect(await loadAccount()).toEqual({ success: true, user: { ...user, is_admin: true }, settings });
    expect(calledPaths(fetchMock)).toEqual(['/api/user', '/api/user/refresh-admin-status']);
  });

  it('does not ask for a visitor', async () => {
    const fetchMock = serverAnswering({ '/api/user': () => json(401, { success: false }) });
    expect(await loadAccount()).toBeNull();
    expect(calledPaths(fetchMock)).toEqual(['/api/user']);
  });

  it('keeps the account as read when the refresh fails', async () => {
    serverAnswering({
      '/api/user': () => json(200, { success: true, user, settings }),
      '/api/user/refresh-admin-status': () => json(502, {}),
    });
    expect(await loadAccount()).toEqual({ success: true, user, settings });
  });
});
