import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contactMessages, priceConfig } from './db/schema';
import { startServer } from './start';
import { testConfig } from './testing/app';

describe('embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two starts on a new data directory on disk, the first migrating and seeding it: slow on a busy machine.
  it('keeps what was written when the app restarts on the same DATA_DIR', { timeout: 120_000 }, async () => {
    const config = testConfig({ DATA_DIR: dataDir });
    const first = await startServer(config);
    const created = await fetch(`${first.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Jean Baptiste',
        email: 'jean@example.com',
        topic: 'payment',
        message: 'Please confirm my refund.',
        language: 'fr',
      }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    await first.stop();

    const second = await startServer(config);
    try {
      const rows = await second.database.db.select().from(contactMessages);
      expect(rows.map((row) => ({ id: row.id, language: row.language }))).toEqual([{ id, language: 'fr' }]);
      // The seed ran once: restarting neither duplicates nor resets it.
      expect(await second.database.db.select().from(priceConfig)).toHaveLength(2);
    } finally {
      await second.stop();
    }
  });
});
