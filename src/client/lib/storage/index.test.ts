import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mayHaveSession, safeStorage } from '.';

/** A browser's localStorage and cookie jar, as far as storage.ts uses them. */
function browser(protocol = 'http:') {
  const stored = new Map<string, string>();
  const cookiesWritten: string[] = [];
  vi.stubGlobal('window', {
    location: { protocol },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });
  const document = { cookie: '' };
  Object.defineProperty(document, 'cookie', { get: () => '', set: (value: string) => cookiesWritten.push(value) });
  vi.stubGlobal('document', document);
  return { stored, cookiesWritten };
}

describe('saved preferences', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the language and the theme are sent to the server as cookies with every write and removal', () => {
    const { stored, cookiesWritten } = browser();
    safeStorage.set('language', 'ar');
    safeStorage.set('theme', 'dark');
    safeStorage.remove('theme');
    expect(stored.get('language')).toBe('ar');
    expect(cookiesWritten).toEqual([
      'language=ar; Path=/; Max-Age=31536000; SameSite=Lax',
      'theme=dark; Path=/; Max-Age=31536000; SameSite=Lax',
      'theme=; Path=/; Max-Age=0; SameSite=Lax',
    ]);
  });

  it('over https the cookies are Secure; other keys stay in the browser', () => {
    const { cookiesWritten } = browser('https:');
    safeStorage.set('pendingTransactionData', '{}');
    safeStorage.set('language', 'fr');
    expect(cookiesWritten).toEqual(['language=fr; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
  });
});

describe('mayHaveSession', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('is true only with the mark the server sets beside a session', () => {
    expect(mayHaveSession()).toBe(false);
    vi.stubGlobal('document', { cookie: 'language=ar; globaltopup.signed_in=1' });
    expect(mayHaveSession()).toBe(true);
    vi.stubGlobal('document', { cookie: 'language=ar; theme=dark' });
    expect(mayHaveSession()).toBe(false);
  });
});
