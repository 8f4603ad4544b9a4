/**
 * Compresses every text file of the built client once, at build time (ADR 016): `<file>.br` (brotli, best quality)
 * and `<file>.gz` (gzip, best level) next to it, each only when it is smaller. The server sends these as they are, by
 * the request's Accept-Encoding, and spends no CPU compressing files per request. The country flags are copied in first.
 * `compressTextFiles` does the same for the bare page of bench/lighthouse.ts.
 */
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = /\.(?:html|js|css|svg|json|txt|xml|webmanifest)$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : filesUnder(full);
    return COMPRESSIBLE.test(entry.name) ? [full] : [];
  });
}

/** Writes the brotli and gzip forms of every text file under `dir`; returns how many files and their bytes before and after brotli. */
export function compressTextFiles(dir: string): { files: number; raw: number; brotli: number } {
  let raw = 0;
  let brotli = 0;
  const files = filesUnder(dir);
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
  return { files: files.length, raw, brotli };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const clientDir = path.resolve(import.meta.dirname, '../dist/client');
  // The country flags (served at /flags, src/server/http/flags.ts) go with the client, in a folder the
  // client's own file routes leave alone, to be compressed with it.
  const flagsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3');
  cpSync(flagsDir, path.join(clientDir, '.flags'), { recursive: true });
  const { files, raw, brotli } = compressTextFiles(clientDir);
  console.log(`Compressed ${files} files: ${(raw / 1000).toFixed(0)} kB → ${(brotli / 1000).toFixed(0)} kB brotli`);
}
