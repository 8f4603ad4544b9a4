import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPostgres, type DatabaseHandle } from './client';

const postgresUrl = process.env.TEST_DATABASE_URL;

describe('PostgreSQL connections', () => {
  it('listens for errors on idle connections, so a dropped connection cannot end the process', () => {
    // Nothing connects before the first query, so an unreachable address is enough to look at the pool.
    const handle = connectPostgres('postgres://nobody@127.0.0.1:1/none');
    const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
    expect(pool.listenerCount('error')).toBe(1);
    return handle.close();
  });

  describe.each(postgresUrl ? [postgresUrl] : [])('against %s', (url) => {
    let handle: DatabaseHandle;
    const lost: Error[] = [];
    const admin = new pg.Client({ connectionString: url });
    const applicationName = `connection_test_${randomBytes(4).toString('hex')}`;

    beforeAll(async () => {
      const withName = new URL(url);
      withName.searchParams.set('application_name', applicationName);
      handle = connectPostgres(withName.toString(), { onConnectionLost: (error) => lost.push(error) });
      await admin.connect();
    });
    afterAll(async () => {
      await handle.close();
      await admin.end();
    });

    it('tells the listener when the server closes an idle connection, and the next query opens a new one', async () => {
      await handle.db.execute(sql`select 1`);
      const terminated = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);
      expect(terminated.rowCount).toBe(1);
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBe(1);
      const result = (await handle.db.execute(sql`select 2 as two`)) as unknown as { rows: Array<{ two: number }> };
      expect(result.rows[0]?.two).toBe(2);
    });
  });
});
