/**
 * Prints the gzip size of the JavaScript the home route loads (the entry chunk and its static imports) and fails when
 * it is above the budget (with --check). Lazy pages and later-loaded parts are listed for information only.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 110;
const distDir = path.resolve(import.meta.dirname, '../dist/client');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest; run the client build first.');

const homeChunks = new Set<string>();
const visit = (key: string) => {
  const chunk = manifest[key]!;
  if (homeChunks.has(chunk.file)) return;
  homeChunks.add(chunk.file);
  chunk.imports?.forEach(visit);
};
visit(entryKey);

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length / 1000;

let homeTotal = 0;
console.log('JavaScript loaded by the home route (gzip):');
for (const file of homeChunks) {
  const size = gzipKb(file);
  homeTotal += size;
  console.log(`  ${file.padEnd(48)} ${size.toFixed(1).padStart(7)} kB`);
}
const css = manifest[entryKey]!.css ?? [];
for (const file of css) console.log(`  ${file.padEnd(48)} ${gzipKb(file).toFixed(1).padStart(7)} kB (css)`);

const lazy = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js') && !homeChunks.has(chunk.file));
const lazyTotal = lazy.reduce((sum, chunk) => sum + gzipKb(chunk.file), 0);
console.log(
  `Home route JavaScript: ${homeTotal.toFixed(1)} kB gzip (budget ${BUDGET_KB} kB); lazy chunks: ${lazy.length}, ${lazyTotal.toFixed(1)} kB`,
);

if (homeTotal > BUDGET_KB) {
  console.error(`Over budget by ${(homeTotal - BUDGET_KB).toFixed(1)} kB: make the new heavy part lazy.`);
  if (process.argv.includes('--check')) process.exit(1);
}
