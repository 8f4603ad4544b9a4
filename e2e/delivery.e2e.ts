/**
 * How the built server sends the app (ADR 016), over plain HTTP: text files pre-compressed by the request's
 * Accept-Encoding, fingerprinted files cached for a year, pages revalidated by ETag and pre-rendered in the visitor's
 * language, a CSP that allows only the boot script inline. No browser: what is checked is what goes over the wire.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED_PAGES } from '../src/shared/routes';
import { closeContexts, launchBrowser, newContext, startTestServer, type TestServer } from './fixtures';

const clientDir = path.resolve(import.meta.dirname, '../dist/client');
const locales = (language: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../src/client/i18n/locales/${language}.json`), 'utf8')) as {
    home: { headline: string; features: Record<string, { title: string }>; howTitle: string; how: Record<string, { title: string }> };
  };

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET whose body is returned as it came over the wire (fetch would decode it). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decoded = (answer: Answer) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe('compression', () => {
  const assets = readdirSync(path.join(clientDir, 'assets'))
    .filter((file) => /\.(?:js|css|svg)$/.test(file))
    .map((file) => `/assets/${file}`);
  const pages = PRERENDERED_PAGES.map((page) => page.path);

  it('every text asset and page goes in brotli or gzip when asked, as is when not, the same bytes once decoded', async () => {
    expect(assets.length).toBeGreaterThan(50);
    for (const url of [...pages, '/profile', ...assets, '/flags/do.svg']) {
      const plain = await get(`${server.url}${url}`);
      expect(plain.status, url).toBe(200);
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(String(plain.headers.vary), url).toMatch(/accept-encoding/i);
      for (const encoding of ['br', 'gzip']) {
        // The build keeps a compressed copy only when it is smaller (scripts/compress-assets.ts): a few bytes stay as they are.
        if ((encoding === 'br' ? brotliCompressSync : gzipSync)(plain.body).length >= plain.body.length) continue;
        const compressed = await get(`${server.url}${url}`, { 'accept-encoding': encoding === 'br' ? 'gzip, deflate, br' : 'gzip' });
        expect(compressed.headers['content-encoding'], `${url} ${encoding}`).toBe(encoding);
        expect(compressed.body.length, url).toBeLessThan(plain.body.length);
        expect(decoded(compressed).equals(plain.body), `${url} ${encoding}`).toBe(true);
      }
    }
  });

  it('an API answer above 1 kB is compressed, a small one is not', async () => {
    const countries = await get(`${server.url}/api/countries`, { 'accept-encoding': 'br' });
    expect(countries.headers['content-encoding']).toBe('br');
    const priceDefaults = await get(`${server.url}/api/price-config/defaults`, { 'accept-encoding': 'br' });
    expect(priceDefaults.body.length).toBeLessThan(1024);
    expect(priceDefaults.headers['content-encoding']).toBeUndefined();
  });
});

describe('caching', () => {
  it('fingerprinted files are cached for a year, pages revalidate by their ETag', async () => {
    const page = await get(`${server.url}/`, { 'accept-encoding': 'br' });
    const html = decoded(page).toString('utf8');
    const fingerprinted = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    // The module script, the preloaded modules, the logo, the favicon, the stylesheet the other pages link.
    expect(fingerprinted.length).toBeGreaterThan(5);
    for (const url of fingerprinted) {
      expect((await get(`${server.url}${url}`)).headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    expect(html).not.toContain('/boot.js');
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await get(`${server.url}/`, { 'accept-encoding': 'br', 'if-none-match': String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('the CSP allows the inline boot script by its hash only, and asks no upgrade of a plain-HTTP site', async () => {
    const csp = String((await get(`${server.url}/about`)).headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('pre-rendered pages', () => {
  it.each(['en', 'ar'])('/ comes with the headline, the feature cards and how it works in %s', async (language) => {
    const texts = locales(language).home;
    const page = await get(`${server.url}/`, { cookie: `language=${language}` });
    const html = page.body.toString('utf8');
    expect(html).toContain(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`);
    const root = html.slice(html.indexOf('<div id="root"'));
    expect(root).toContain(texts.headline);
    for (const card of Object.values(texts.features)) expect(root).toContain(card.title);
    expect(root).toContain(texts.howTitle);
    for (const step of Object.values(texts.how)) expect(root).toContain(step.title);
  });

  it('the saved theme picks the dark page, else the system setting the browser tells', async () => {
    const dark = (headers: Record<string, string>) =>
      get(`${server.url}/terms`, headers).then((answer) => /<html [^>]*class="dark"/.test(answer.body.toString('utf8')));
    expect(await dark({})).toBe(false);
    expect(await dark({ cookie: 'theme=dark' })).toBe(true);
    expect(await dark({ cookie: 'theme=system', 'sec-ch-prefers-color-scheme': 'dark' })).toBe(true);
    expect(await dark({ cookie: 'theme=light', 'sec-ch-prefers-color-scheme': 'dark' })).toBe(false);
  });

  it('a page sets no cookie for a visitor without a session', async () => {
    expect((await get(`${server.url}/`)).headers['set-cookie']).toBeUndefined();
  });
});

describe('first visit', () => {
  /** The goal of ADR 016: a new visitor's first load of `/` on a phone, until the network is idle. */
  const FIRST_VISIT_BUDGET_BYTES = 200 * 1024;

  it('a new visitor on a phone is sent at most 200 KiB for /, everything counted until the network is idle', async () => {
    const browser = await launchBrowser();
    try {
      // Lighthouse's phone (ADR 016's measure), a fresh profile, brotli asked as a browser asks it.
      const context = await newContext(browser, {
        viewport: { width: 412, height: 823 },
        isMobile: true,
        extraHTTPHeaders: { 'accept-encoding': 'br' },
      });
      const page = await context.newPage();
      const sizes: Promise<{ url: string; bytes: number }>[] = [];
      const failed: string[] = [];
      page.on('requestfinished', (finished) =>
        sizes.push(finished.sizes().then((size) => ({ url: finished.url(), bytes: size.responseHeadersSize + size.responseBodySize }))),
      );
      page.on('requestfailed', (request) => failed.push(request.url()));
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      const requests = await Promise.all(sizes);
      const total = requests.reduce((sum, request) => sum + request.bytes, 0);
      const listing = requests
        .sort((a, b) => b.bytes - a.bytes)
        .map((request) => `${request.bytes} ${request.url}`)
        .join('\n');
      expect(failed).toEqual([]);
      // The page and the country list its first screen shows are among what was counted.
      expect(requests.map((request) => new URL(request.url).pathname)).toEqual(expect.arrayContaining(['/', '/api/countries']));
      expect(total, listing).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_BYTES);
      await context.close();
    } finally {
      await closeContexts(browser);
    }
  });
});
