/**
 * The first screen's budget, measured on what is sent (ADR 016): starts the built server, loads `/` over HTTP asking
 * for brotli, and adds up the bytes transferred for the JavaScript and CSS the page loads before it runs (its module
 * script, the modules it preloads, its stylesheets, linked or inline, the latter counted as brotli makes them alone). Prints the figures; with --check (or BUNDLE_BUDGET=enforce,
 * as `npm test` runs the build) it fails above 100 kB of JavaScript or 15 kB of CSS, or when a file goes uncompressed.
 *
 * The server keeps its database in a folder of the system's temporary directory that outlives the run, so only the
 * first check of a checkout pays for creating and seeding it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { startBuiltServer, stopBuiltServer } from './built-server';

export const BUDGET_KB = { js: 100, css: 15 } as const;

interface Transfer {
  status: number;
  encoding: string | undefined;
  /** The body as it came over the wire. */
  bytes: Buffer;
}

function get(url: string): Promise<Transfer> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], bytes: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The JavaScript and CSS a page's HTML makes the browser fetch before it runs. */
export function firstScreenFiles(html: string): { js: string[]; css: string[] } {
  const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(?:script|link)\b[^>]*>/g) ?? [];
  const js = tags.filter((tag) => tag.startsWith('<script') && /type="module"/.test(tag)).map((tag) => attribute(tag, 'src'));
  const preloaded = tags.filter((tag) => tag.startsWith('<link') && /rel="modulepreload"/.test(tag)).map((tag) => attribute(tag, 'href'));
  const css = tags.filter((tag) => tag.startsWith('<link') && /rel="stylesheet"/.test(tag)).map((tag) => attribute(tag, 'href'));
  const defined = (list: (string | undefined)[]) => [...new Set(list.filter((value): value is string => value !== undefined))];
  return { js: defined([...js, ...preloaded]), css: defined(css) };
}

async function measure(baseUrl: string) {
  const page = await get(`${baseUrl}/`);
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  const html = (page.encoding === 'br' ? brotliDecompressSync(page.bytes) : page.bytes).toString('utf8');
  const files = firstScreenFiles(html);
  const rows: { file: string; kind: 'js' | 'css'; bytes: number; encoding: string }[] = [];
  // The pre-rendered pages carry their stylesheet inline: it comes with the page, as much as brotli makes it alone.
  for (const [, file, css] of html.matchAll(/<style data-href="([^"]+)">([\s\S]*?)<\/style>/g)) {
    const bytes = brotliCompressSync(Buffer.from(css!), { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
    rows.push({ file: `${file} (inline in the page)`, kind: 'css', bytes, encoding: 'br' });
  }
  for (const kind of ['js', 'css'] as const) {
    for (const file of files[kind]) {
      const transfer = await get(new URL(file, baseUrl).href);
      if (transfer.status !== 200) throw new Error(`GET ${file} answered ${transfer.status}`);
      rows.push({ file, kind, bytes: transfer.bytes.length, encoding: transfer.encoding ?? 'identity' });
    }
  }
  return { html: { bytes: page.bytes.length, encoding: page.encoding ?? 'identity' }, rows };
}

const enforce = process.argv.includes('--check') || process.env.BUNDLE_BUDGET === 'enforce';
const projectRoot = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(tmpdir(), `globaltopup-size-check-${createHash('sha256').update(projectRoot).digest('hex').slice(0, 12)}`);
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

const server = await startBuiltServer(dataDir, { LOG_LEVEL: 'info' });
let result: Awaited<ReturnType<typeof measure>>;
try {
  result = await measure(server.url);
} finally {
  await stopBuiltServer(server);
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1).padStart(7)} kB`;
console.log('What GET / makes the browser fetch before the page runs (bytes transferred, accept-encoding: br):');
console.log(`  ${'/ (the page)'.padEnd(48)} ${kb(result.html.bytes)} ${result.html.encoding}`);
for (const row of result.rows) console.log(`  ${row.file.padEnd(48)} ${kb(row.bytes)} ${row.encoding}`);
const total = (kind: 'js' | 'css') => result.rows.filter((row) => row.kind === kind).reduce((sum, row) => sum + row.bytes, 0);
const failures = [
  ...(['js', 'css'] as const)
    .filter((kind) => total(kind) > BUDGET_KB[kind] * 1000)
    .map((kind) => `${kind.toUpperCase()} is over its budget of ${BUDGET_KB[kind]} kB`),
  ...result.rows.filter((row) => row.encoding !== 'br').map((row) => `${row.file} was sent without brotli (${row.encoding})`),
];
console.log(
  `First screen: JavaScript ${(total('js') / 1000).toFixed(1)} kB (budget ${BUDGET_KB.js} kB), CSS ${(total('css') / 1000).toFixed(1)} kB (budget ${BUDGET_KB.css} kB), brotli as sent`,
);
for (const failure of failures) console.error(failure);
if (failures.length && enforce) process.exit(1);
