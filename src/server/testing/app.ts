import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { DatabaseHandle } from '../db/client';

/** A minimal built client so the page-serving routes can be tested without running the Vite build. */
export function fakeClientDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'topup-client-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dir, 'logo-light.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', CLIENT_DIR: fakeClientDir(), ...overrides });
}

export function buildTestApp(database: DatabaseHandle, overrides: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(overrides), database });
}
