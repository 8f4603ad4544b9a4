import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { connectPglite } from './db/client';
import { user } from './db/schema';
import { projectRoot } from './paths';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-admin-grant-'));
const grant = (email: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/admin-grant.ts', email], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir, DATABASE_URL: '' },
  });

describe('npm run admin:grant', () => {
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes an existing user an admin in a PGlite data directory, confirming their address, and exits 1 for an unknown one', async () => {
    const database = await connectPglite(dataDir);
    await database.migrate();
    await database.db.insert(user).values([
      { id: 'u1', name: 'Amina', email: 'amina@example.com', emailVerified: true },
      { id: 'u2', name: 'Kofi', email: 'kofi@example.com' },
    ]);
    await database.close();

    const unverified = await grant('kofi@example.com');
    expect(unverified.stdout).toMatch(/^kofi@example\.com is now an admin, and their e-mail address is confirmed/);

    const granted = await grant('Amina@Example.com');
    expect(granted.stdout).toMatch(/^amina@example\.com is now an admin/);
    expect(granted.stdout).not.toMatch(/confirmed/);

    const unknown = await grant('nobody@example.com').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(unknown?.code).toBe(1);
    expect(unknown?.stderr).toMatch(/No user with the e-mail nobody@example\.com/);

    const reopened = await connectPglite(dataDir);
    const rows = await reopened.db.select({ id: user.id, isAdmin: user.isAdmin, emailVerified: user.emailVerified }).from(user).orderBy(user.id);
    await reopened.close();
    expect(rows).toEqual([
      { id: 'u1', isAdmin: true, emailVerified: true },
      { id: 'u2', isAdmin: true, emailVerified: true },
    ]);
  }, 180_000);
});
