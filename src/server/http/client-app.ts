import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, SESSION_HINT_COOKIE, STORAGE_KEYS, SUPPORTED_LANGUAGES } from '../../shared/constants';
import { isClientRoute, PRERENDERED_PAGES, PRERENDERED_THEMES, prerenderedFile } from '../../shared/routes';
import { AUTH_COOKIE_PREFIX, SESSION_ABSOLUTE_LIFETIME_MS } from '../auth/auth';
import { DomainError } from '../domain-error';
import { addVary, preferredEncoding } from './content-encoding';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const COMPRESSIBLE = /\.(?:html|js|css|svg|json|txt|xml|webmanifest)$/;
/** For an image opened on its own: it may draw with its own styles, nothing else. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** A page as sent: its bytes as built and their brotli and gzip forms (scripts/compress-assets.ts), with its ETag. */
interface Document {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

function readDocument(file: string): Document {
  const identity = readFileSync(file);
  const compressed = (suffix: string) => (existsSync(`${file}${suffix}`) ? readFileSync(`${file}${suffix}`) : undefined);
  return { identity, br: compressed('.br'), gzip: compressed('.gz'), etag: createHash('sha256').update(identity).digest('base64url').slice(0, 27) };
}

/** The CSP sources that allow the page's inline scripts (boot.js, written into index.html by the build). */
export function inlineScriptHashes(clientDir: string): string[] {
  const indexPath = path.join(clientDir, 'index.html');
  if (!existsSync(indexPath)) return [];
  const html = readFileSync(indexPath, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
}

function cookiesOf(request: FastifyRequest): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return cookies;
}

/** The pre-rendered variant for this visitor: their saved language and theme (ADR 016), with a 'system' theme read from the client hint. */
function variantOf(request: FastifyRequest, cookies: Map<string, string>): { language: string; theme: string } {
  const savedLanguage = cookies.get(STORAGE_KEYS.language);
  const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(savedLanguage ?? '') ? savedLanguage! : DEFAULT_LANGUAGE;
  const savedTheme = cookies.get(STORAGE_KEYS.theme);
  const theme =
    savedTheme === 'light' || savedTheme === 'dark' ? savedTheme : request.headers['sec-ch-prefers-color-scheme'] === 'dark' ? 'dark' : 'light';
  return { language, theme };
}

/**
 * The session cookie is HttpOnly: a page tells its scripts that the browser holds one with SESSION_HINT_COOKIE, so a
 * visitor without a session does not ask for an account (docs/product.md §4). The mark goes with the session.
 */
function hasSessionCookie(cookies: Map<string, string>): boolean {
  return cookies.has(`${AUTH_COOKIE_PREFIX}.session_token`) || cookies.has(`__Secure-${AUTH_COOKIE_PREFIX}.session_token`);
}

function markSession(reply: FastifyReply, cookies: Map<string, string>, secure: boolean) {
  const hasSession = hasSessionCookie(cookies);
  const marked = cookies.has(SESSION_HINT_COOKIE);
  if (hasSession === marked) return;
  const lifetime = hasSession ? Math.round(SESSION_ABSOLUTE_LIFETIME_MS / 1000) : 0;
  reply.header('Set-Cookie', `${SESSION_HINT_COOKIE}=${hasSession ? '1' : ''}; Path=/; Max-Age=${lifetime}; SameSite=Lax${secure ? '; Secure' : ''}`);
}

function sendDocument(request: FastifyRequest, reply: FastifyReply, document: Document, status: number) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = encoding ? document[encoding] : undefined;
  const etag = `"${document.etag}${body ? `-${encoding}` : ''}"`;
  addVary(reply, 'Accept-Encoding');
  reply.header('Cache-Control', 'no-cache').header('ETag', etag).type('text/html; charset=utf-8');
  if (status === 200 && request.headers['if-none-match'] === etag) return reply.status(304).send();
  if (body) reply.header('Content-Encoding', encoding);
  return reply.status(status).send(body ?? document.identity);
}

/**
 * The built app's files (ADR 016): all under /assets, each with a hash of its content in its name, so cached for a
 * year; text files go pre-compressed (brotli or gzip, as the request accepts). Outside the pages' security headers,
 * which mean nothing for a script, a stylesheet or an image and would add a kilobyte to each of some sixty answers;
 * an SVG opened on its own still gets a CSP that lets it run nothing.
 */
export async function registerClientAssets(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const assetsDir = path.join(clientDir, 'assets');
  if (!existsSync(assetsDir)) return;
  await app.register(fastifyStatic, {
    root: assetsDir,
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    wildcard: false,
    cacheControl: false,
    // Never revalidated (a changed file has another name), so nothing to revalidate with.
    etag: false,
    lastModified: false,
    preCompressed: true,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      const file = filePath.replace(/\.(?:br|gz)$/, '');
      if (COMPRESSIBLE.test(file)) res.setHeader('Vary', 'Accept-Encoding');
      if (file.endsWith('.svg')) res.setHeader('Content-Security-Policy', SVG_CSP);
    },
  });
}

/**
 * Serves the pages of the built browser app (ADR 016). The public pages go pre-rendered in the visitor's language and
 * theme, the other app routes get index.html (404 status for paths the app does not know, so the browser still
 * renders the not-found page); both pre-compressed, revalidated by their ETag. Anything under /api that no route
 * answered gets a JSON 404.
 */
export async function registerClientApp(app: FastifyInstance, { clientDir, secureCookies }: { clientDir: string; secureCookies: boolean }) {
  const indexPath = path.join(clientDir, 'index.html');
  const shell = existsSync(indexPath) ? readDocument(indexPath) : undefined;

  if (shell) {
    for (const page of PRERENDERED_PAGES) {
      const variants = new Map<string, Document>();
      for (const language of SUPPORTED_LANGUAGES) {
        for (const theme of PRERENDERED_THEMES) {
          const file = path.join(clientDir, prerenderedFile(page.name, language, theme));
          if (existsSync(file)) variants.set(`${language}-${theme}`, readDocument(file));
        }
      }
      if (variants.size === 0) continue;
      app.get(page.path, (request, reply) => {
        const cookies = cookiesOf(request);
        const { language, theme } = variantOf(request, cookies);
        markSession(reply, cookies, secureCookies);
        addVary(reply, 'Cookie', 'Sec-CH-Prefers-Color-Scheme');
        reply.header('Accept-CH', 'Sec-CH-Prefers-Color-Scheme');
        // A signed-in customer's page is the app's own (their account, a top-up they were making): a visitor's page
        // shown first would flash what they do not have, so they get the shell, as on every other route.
        if (hasSessionCookie(cookies)) return sendDocument(request, reply, shell, 200);
        return sendDocument(request, reply, variants.get(`${language}-${theme}`) ?? variants.values().next().value!, 200);
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      throw new DomainError('not_found', 'NOT_FOUND', { text: `No API route ${request.method} ${pathname}` });
    }
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !shell || isFile) {
      throw new DomainError('not_found', 'NOT_FOUND', { text: `Not found: ${pathname}` });
    }
    markSession(reply, cookiesOf(request), secureCookies);
    return sendDocument(request, reply, shell, isClientRoute(pathname) ? 200 : 404);
  });
}
