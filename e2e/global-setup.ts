import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { isServerBuilt, startBuiltServer, stopBuiltServer } from '../scripts/built-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

declare module 'vitest' {
  interface ProvidedContext {
    /** A data directory the built server has migrated and seeded once; each test server starts from a copy of it. */
    seededDataDir: string;
    /** The run's browser, which every test file connects to instead of starting its own. */
    browserEndpoint: string;
  }
}

/**
 * Runs the built server once on an empty data directory, so that migrating and seeding the catalogue (about 4 s) is
 * paid once per run instead of once per test file. The server closes its database on SIGTERM, so the files are
 * complete when copied. Starts the one browser the test files share, too.
 */
export default async function setup(project: TestProject) {
  if (!isServerBuilt()) throw new Error('The end-to-end tests run the built server: run `npm run build` first.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-e2e-seeded-'));
  const [browser] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    startBuiltServer(dataDir, { NODE_ENV: 'test' }).then(stopBuiltServer),
  ]);
  project.provide('seededDataDir', dataDir);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
