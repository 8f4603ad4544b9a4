/**
 * Operator detection on the sandbox provider, measured inside the server: the time Fastify reports from request to
 * response for GET /api/reloadly/operator-detect/{phone}/{iso}, over numbers spread across the catalog.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { connectPglite } from '../src/server/db/client';
import { seedDatabase } from '../src/server/seed';
import { testConfig } from '../src/server/testing/app';
import { ms, percentile } from './stats';

const REQUESTS = 5000;

export async function runOperatorDetectionBenchmark(): Promise<void> {
  const database = await connectPglite(undefined);
  await database.migrate();
  await seedDatabase(database.db);
  const app = await buildApp({ config: testConfig(), database });
  const serverTimes: number[] = [];
  app.addHook('onResponse', async (_request, reply) => {
    serverTimes.push(reply.elapsedTime);
  });
  try {
    // Numbers built from real prefixes of a few countries, padded to a valid length.
    const result = (await database.db.execute(sql`
      select p.country_iso as iso, p.prefix from operator_prefixes p
      where p.country_iso in ('NG', 'IN', 'MX', 'PH', 'GH', 'KE', 'CO', 'ET', 'CU', 'GT')
      order by p.country_iso, p.prefix`)) as unknown as { rows: Array<{ iso: string; prefix: string }> };
    const lengths: Record<string, number> = { NG: 10, IN: 10, MX: 10, PH: 10, GH: 9, KE: 9, CO: 10, ET: 9, CU: 8, GT: 8 };
    const numbers = result.rows
      .filter((row) => row.prefix.length <= lengths[row.iso]!)
      .map((row) => ({ iso: row.iso, phone: row.prefix.padEnd(lengths[row.iso]!, '1') }));
    const url = (i: number) => {
      const { iso, phone } = numbers[i % numbers.length]!;
      return `/api/reloadly/operator-detect/${phone}/${iso}`;
    };
    for (let i = 0; i < 500; i++) await app.inject({ method: 'GET', url: url(i) });
    serverTimes.length = 0;
    const statuses = new Map<number, number>();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) {
      const response = await app.inject({ method: 'GET', url: url(i * 7919) });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    const elapsed = performance.now() - started;
    console.log(
      `${REQUESTS} detections over ${numbers.length} numbers in 10 countries; answers: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`,
    );
    console.log(
      `server-side p50 ${ms(percentile(serverTimes, 50), 3)}, p99 ${ms(percentile(serverTimes, 99), 3)}, max ${ms(Math.max(...serverTimes), 3)}; ` +
        `${Math.round(REQUESTS / (elapsed / 1000))} detections/s in one process`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
