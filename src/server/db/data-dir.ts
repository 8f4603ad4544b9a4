import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * Makes the embedded database's directory private to the server's user: created 0700, and at every start the
 * directory, its subdirectories (0700) and files (0600) lose any group or other permission — PGlite writes its files
 * 0666, and an older data directory may have been created open. Symbolic links are left alone.
 */
export function makePrivateDirectory(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(target: string): void {
  const stats = lstatSync(target);
  if (stats.isSymbolicLink()) return;
  const wanted = stats.isDirectory() ? 0o700 : 0o600;
  if ((stats.mode & 0o777) !== wanted) chmodSync(target, wanted);
  if (stats.isDirectory()) for (const entry of readdirSync(target)) tighten(path.join(target, entry));
}
