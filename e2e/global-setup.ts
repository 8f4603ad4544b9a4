import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { isServerBuilt, startBuiltServer, stopBuiltServer } from '../scripts/built-server';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data directory the built server has migrated and seeded once; each test server starts from a copy of it. */
    seededDataDir: string;
  }
}

/**
 * Runs the built server once on an empty data directory, so that migrating and seeding the catalogue (about 4 s) is
 * paid once per run instead of once per test file. The server closes its database on SIGTERM, so the files are
 * complete when copied.
 */
export default async function setup(project: TestProject) {
  if (!isServerBuilt()) throw new Error('The end-to-end tests run the built server: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-e2e-seeded-'));
  await stopBuiltServer(await startBuiltServer(dataDir, { NODE_ENV: 'test' }));
  project.provide('seededDataDir', dataDir);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
