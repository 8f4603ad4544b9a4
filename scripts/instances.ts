/**
 * Several built servers on one PostgreSQL database and one Redis, as a deployment behind a load balancer runs them:
 * the same BETTER_AUTH_SECRET and key prefix, a port each. Used by the end-to-end tests of several instances and by
 * the benchmarks that measure them.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBuiltServer, stopBuiltServer, type BuiltServer } from './built-server';

/** A new, empty PostgreSQL database next to the one `adminUrl` names; `drop()` removes it, whoever is connected. */
export async function createScratchDatabase(adminUrl: string, label = 'instances'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `topup_${label}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface Instances {
  servers: BuiltServer[];
  /** The shared key prefix in Redis (REDIS_KEY_PREFIX), distinct per call so that runs side by side do not meet. */
  redisKeyPrefix: string;
  /** Stops every server still running (SIGTERM, waiting for each to exit) and removes their data directories. */
  stop(): Promise<void>;
}

/**
 * Starts `count` built servers (production mode, sandbox payments) on `databaseUrl` and `redisUrl`, one after the other
 * so that the first migrates and seeds the database. `env` is added to every server's environment.
 */
export async function startInstances(
  count: number,
  { databaseUrl, redisUrl, env = {} }: { databaseUrl: string; redisUrl: string; env?: NodeJS.ProcessEnv },
): Promise<Instances> {
  const redisKeyPrefix = `instances-${randomBytes(6).toString('hex')}:`;
  const shared = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    ...env,
  };
  const dataDirs: string[] = [];
  const servers: BuiltServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map(stopBuiltServer));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (let index = 0; index < count; index++) {
      // Nothing is written there with DATABASE_URL set; each server still gets a folder of its own.
      const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-instance-'));
      dataDirs.push(dataDir);
      servers.push(await startBuiltServer(dataDir, shared));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, redisKeyPrefix, stop };
}
