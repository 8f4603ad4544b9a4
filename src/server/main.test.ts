import { spawnSync } from 'node:child_process';
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
});
