/**
 * Whether `dist/` was built from the sources as they are now, so that `npm start` skips a build that would change
 * nothing. The stamp is a hash of the build's inputs (their paths and contents, not their times: a checkout that
 * rewrites a file without changing it is still current, one that brings other contents is not).
 *
 *   tsx scripts/build-stamp.ts begin     first step of `npm run build`: forgets the stamp, notes the inputs' hash now
 *   tsx scripts/build-stamp.ts end       last step of a build that succeeded: the noted hash becomes the stamp
 *   tsx scripts/build-stamp.ts current   exits 0 when the build is current, 1 (saying why) when it must be built
 *
 * The hash is taken when the build begins, so a file changed while it runs makes the next start build again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the build reads, relative to the project's root: folders are read whole, except test files. */
export const BUILD_INPUTS = ['src', 'scripts', 'package.json', 'package-lock.json', 'vite.config.ts', 'tsconfig.json'];
/** What a build leaves that the server needs, relative to the build's folder. */
const BUILD_OUTPUTS = ['server/main.js', 'client/index.html'];
const STAMP = 'build-stamp.json';
const PENDING = 'build-stamp.pending.json';

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function inputFiles(root: string, relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() || entry.isFile() ? inputFiles(root, path.posix.join(relative, entry.name)) : []))
    .filter((file) => !isTest(file));
}

/** The hash of every input's path and contents, in a fixed order. */
export function inputsHash(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => inputFiles(root, input)).sort()) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Forgets the stamp and notes the inputs' hash as they are when a build begins. */
export function beginBuild(root: string, distDir = path.join(root, 'dist'), inputs: readonly string[] = BUILD_INPUTS): void {
  mkdirSync(distDir, { recursive: true });
  rmSync(path.join(distDir, STAMP), { force: true });
  writeFileSync(path.join(distDir, PENDING), `${JSON.stringify({ inputs: inputsHash(root, inputs) })}\n`);
}

/** A build that succeeded: the hash noted when it began becomes the stamp. */
export function endBuild(distDir: string): void {
  renameSync(path.join(distDir, PENDING), path.join(distDir, STAMP));
}

/** Whether the build in `distDir` is complete and was made from the inputs as they are now; if not, why. */
export function buildState(
  root: string,
  distDir = path.join(root, 'dist'),
  inputs: readonly string[] = BUILD_INPUTS,
): { current: boolean; reason: string } {
  const missing = BUILD_OUTPUTS.find((output) => !existsSync(path.join(distDir, output)));
  if (missing) return { current: false, reason: `there is no build yet (no ${path.posix.join(path.basename(distDir), missing)})` };
  let stamp: { inputs?: unknown };
  try {
    stamp = JSON.parse(readFileSync(path.join(distDir, STAMP), 'utf8')) as { inputs?: unknown };
  } catch {
    return { current: false, reason: 'the last build did not finish, or was made before builds were stamped' };
  }
  if (stamp.inputs !== inputsHash(root, inputs)) return { current: false, reason: 'the sources changed since the last build' };
  return { current: true, reason: 'the build is current' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(import.meta.dirname, '..');
  const distDir = path.join(root, 'dist');
  const command = process.argv[2];
  if (command === 'begin') beginBuild(root, distDir);
  else if (command === 'end') endBuild(distDir);
  else if (command === 'current') {
    const { current, reason } = buildState(root, distDir);
    console.log(current ? 'The build is current: not building it again.' : `Building first: ${reason}.`);
    process.exit(current ? 0 : 1);
  } else {
    console.error('Usage: tsx scripts/build-stamp.ts begin|end|current');
    process.exit(2);
  }
}
