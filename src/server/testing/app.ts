import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { accountClient } from './accounts';
import { openTestDatabase, type TestDatabase } from './databases';

/** A minimal built client so the page-serving routes can be tested without running the Vite build. */
export function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'topup-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return dir;
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: fakeClientDir(), ...overrides });
}

export function buildTestApp(database: DatabaseHandle, overrides: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(overrides), database });
}

let addressCounter = 0;

/**
 * One app on one test database for a test file: built before its tests, the database reset before each test, both
 * closed after. `client()` is a new browser from an address of its own, so per-address limits count each on its own.
 */
export function useTestApp(env: NodeJS.ProcessEnv = {}) {
  const handles = {} as { app: FastifyInstance; database: TestDatabase };
  beforeAll(async () => {
    handles.database = await openTestDatabase('pglite');
    handles.app = await buildApp({ config: testConfig(env), database: handles.database });
  });
  beforeEach(() => handles.database.reset());
  afterAll(async () => {
    await handles.app?.close();
    await handles.database?.close();
  });
  return {
    get app() {
      return handles.app;
    },
    get database() {
      return handles.database;
    },
    client: () => accountClient(handles.app, `198.51.100.${(++addressCounter % 250) + 1}`),
  };
}
