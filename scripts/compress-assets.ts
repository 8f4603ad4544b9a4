/**
 * Compresses every text file of the built client once, at build time (ADR 016): `<file>.br` (brotli, best quality)
 * and `<file>.gz` (gzip, best level) next to it, each only when it is smaller. The server sends these as they are, by
 * the request's Accept-Encoding, and spends no CPU compressing files per request. The country flags are copied in first.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = /\.(?:html|js|css|svg|json|txt|xml|webmanifest)$/;
const clientDir = path.resolve(import.meta.dirname, '../dist/client');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesUnder(full);
    return COMPRESSIBLE.test(entry.name) ? [full] : [];
  });
}

// The country flags (served at /flags, src/server/http/flags.ts) go with the client, in a folder the
// client's own file routes leave alone, to be compressed with it.
const flagsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3');
cpSync(flagsDir, path.join(clientDir, '.flags'), { recursive: true });

let raw = 0;
let brotli = 0;
const files = filesUnder(clientDir);
for (const file of files) {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  raw += body.length;
  brotli += Math.min(br.length, body.length);
}
console.log(`Compressed ${files.length} files: ${(raw / 1000).toFixed(0)} kB → ${(brotli / 1000).toFixed(0)} kB brotli`);
