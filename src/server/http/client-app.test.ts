import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_HINT_COOKIE } from '../../shared/constants';
import { prerenderedFile } from '../../shared/routes';
import { inlineScriptHashes, registerClientApp } from './client-app';

/** A built client with the about page pre-rendered in English and Arabic, light and dark. */
function builtClient(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'topup-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><head><script>boot()</script></head><body><div id="root"></div></body></html>');
  for (const language of ['en', 'ar']) {
    for (const theme of ['light', 'dark']) {
      const file = path.join(dir, prerenderedFile('about', language, theme));
      mkdirSync(path.dirname(file), { recursive: true });
      const html = `<!doctype html><html lang="${language}"><body><div id="root">${language}-${theme}</div></body></html>`;
      writeFileSync(file, html);
      writeFileSync(`${file}.br`, brotliCompressSync(html));
    }
  }
  return dir;
}

describe('the public pages', () => {
  let app: FastifyInstance;
  const clientDir = builtClient();
  beforeAll(async () => {
    app = Fastify();
    await registerClientApp(app, { clientDir, secureCookies: false });
    await app.ready();
  });
  afterAll(() => app.close());

  const rootOf = (body: string) => /<div id="root">([^<]*)<\/div>/.exec(body)?.[1];

  it('go in the language and theme of the cookies the app writes, English and light without them', async () => {
    const about = (cookie?: string) => app.inject({ url: '/about', headers: cookie ? { cookie } : {} }).then((answer) => rootOf(answer.body));
    expect(await about()).toBe('en-light');
    expect(await about('language=ar; theme=dark')).toBe('ar-dark');
    expect(await about('theme=system; language=ar')).toBe('ar-light');
    expect(await about('language=xx; theme=blue')).toBe('en-light');
    const systemDark = await app.inject({ url: '/about', headers: { cookie: 'theme=system', 'sec-ch-prefers-color-scheme': 'dark' } });
    expect(rootOf(systemDark.body)).toBe('en-dark');
    expect(systemDark.headers.vary).toBe('Cookie, Sec-CH-Prefers-Color-Scheme, Accept-Encoding');
  });

  it('are not sent to a signed-in customer, whose page the app renders itself: they get the shell', async () => {
    const signedIn = await app.inject({ url: '/about', headers: { cookie: 'language=ar; theme=dark; globaltopup.session_token=abc' } });
    expect(signedIn.statusCode).toBe(200);
    expect(rootOf(signedIn.body)).toBe('');
    expect(signedIn.body).toContain('<div id="root"></div>');
  });

  it('revalidate by an ETag of their own for each encoding', async () => {
    const plain = await app.inject({ url: '/about' });
    const br = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const again = await app.inject({ url: '/about', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('mark a browser holding a session for the scripts, and drop the mark with the session', async () => {
    const setCookie = (cookie?: string) =>
      app.inject({ url: '/about', headers: cookie ? { cookie } : {} }).then((answer) => answer.headers['set-cookie'] as string | undefined);
    expect(await setCookie()).toBeUndefined();
    expect(await setCookie('globaltopup.session_token=abc')).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=\\d+; SameSite=Lax$`));
    expect(await setCookie(`__Secure-globaltopup.session_token=abc; ${SESSION_HINT_COOKIE}=1`)).toBeUndefined();
    expect(await setCookie(`${SESSION_HINT_COOKIE}=1`)).toBe(`${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`);
    // The pages that are not pre-rendered too: the account page is where a returning customer lands.
    const profile = await app.inject({ url: '/profile', headers: { cookie: 'globaltopup.session_token=abc' } });
    expect(profile.headers['set-cookie']).toMatch(new RegExp(`^${SESSION_HINT_COOKIE}=1;`));
  });

  it('allow the inline scripts of index.html by their hashes', () => {
    expect(inlineScriptHashes(clientDir)).toEqual(["'sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY='"]);
  });
});
