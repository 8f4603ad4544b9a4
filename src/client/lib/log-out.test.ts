import { afterEach, describe, expect, it, vi } from 'vitest';
import { endSession } from './log-out';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const signedInUser = { success: true, user: { id: 'user-1', email: 'amina@example.com', username: null, is_admin: false } };

function serverAnswering(answers: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (path: string) => (answers[path] ?? (() => json(404, {})))());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('logging out', () => {
  it('is done when the server logs out, without reading the account again', async () => {
    const fetchMock = serverAnswering({ '/api/auth/sign-out': () => json(200, {}), '/api/logout': () => json(200, { success: true }) });
    expect(await endSession()).toEqual({ signedOut: true });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/auth/sign-out', '/api/logout']);
  });

  it('when the server logout fails but the session is gone, the customer is signed out', async () => {
    serverAnswering({
      '/api/auth/sign-out': () => json(200, {}),
      '/api/logout': () => Promise.reject(new TypeError('Failed to fetch')),
      '/api/user': () => json(401, { success: false }),
    });
    expect(await endSession()).toEqual({ signedOut: true });
  });

  it('when the server logout fails and the session is still there, it failed', async () => {
    serverAnswering({
      '/api/auth/sign-out': () => json(500, {}),
      '/api/logout': () => json(502, {}),
      '/api/user': () => json(200, signedInUser),
    });
    expect(await endSession()).toMatchObject({ signedOut: false, error: expect.objectContaining({ status: 502 }) });
  });

  it('when the account cannot be read either, it is not claimed to be signed out', async () => {
    serverAnswering({
      '/api/logout': () => Promise.reject(new TypeError('Failed to fetch')),
      '/api/user': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(await endSession()).toMatchObject({ signedOut: false });
  });
});
