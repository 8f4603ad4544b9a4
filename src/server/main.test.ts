import { spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './paths';

describe('server entry point', () => {
  it('stops with one clear line and no stack trace when a variable is invalid', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      env: { ...process.env, PORT: 'abc', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toEqual(['Configuration error: PORT must be a port number between 0 and 65535 (got "abc")']);
    expect(result.stdout).toBe('');
  });

  // Node and tsx start slowly on a busy machine: the child has a minute, and the test with it.
  it('gives up on a PostgreSQL that stays away after DATABASE_START_TIMEOUT_S, with one clear line', { timeout: 70_000 }, async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(projectRoot, 'src/server/main.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATABASE_URL: `postgres://nobody@127.0.0.1:${port}/none`,
        DATABASE_START_TIMEOUT_S: '2',
      },
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      `Server failed to start: PostgreSQL could not be reached within 2 s (DATABASE_START_TIMEOUT_S): connect ECONNREFUSED 127.0.0.1:${port}`,
    ]);
    // It waited, answering 503, and said so in the log before it gave up.
    const logged = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; timeoutS?: number });
    expect(logged.map(({ msg, timeoutS }) => ({ msg, timeoutS }))).toEqual([
      { msg: 'PostgreSQL cannot be reached: answering 503 and trying again', timeoutS: 2 },
    ]);
  });
});
