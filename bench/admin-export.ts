/**
 * The operations console's CSV export of all 1,000,000 orders (the admin-orders benchmark's seed, in a PostgreSQL
 * database of its own, topup_bench_export): GET /api/admin/orders/export.csv over real HTTP, as an admin's browser
 * downloads it, from the app running in this process. Prints the rows per second and the process's memory while the
 * file streams: resident set (RSS) and JavaScript heap, sampled every 20 ms (garbage not yet collected included), and
 * the heap still in use after a full collection every 5 s, against their level before the export. The download is
 * counted as it arrives and never kept, so the memory is the server's. Skipped when PostgreSQL does
 * not answer, or with `npm run bench -- --skip=admin-export`.
 */
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { user } from '../src/server/db/schema';
import { EXPORT_PAGE_SIZE } from '../src/server/orders/orders-csv';
import { TEST_ORIGIN } from '../src/server/testing/accounts';
import { testConfig } from '../src/server/testing/app';
import { withMillionOrders } from './admin-orders';

const DATABASE = 'topup_bench_export';
const PASSWORD = 'Export-bench-2026';
const SAMPLE_EVERY_MS = 20;
const LIVE_HEAP_EVERY_MS = 5000;
const MB = 1024 * 1024;

/** A Cookie header from the Set-Cookie headers of the answers so far. */
function withCookies(current: string, response: LightMyRequestResponse): string {
  const jar = new Map(current ? current.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const) : []);
  const raw = response.headers['set-cookie'];
  for (const cookie of raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]) {
    const pair = cookie.split(';')[0]!;
    jar.set(pair.slice(0, pair.indexOf('=')), pair);
  }
  return [...jar.values()].join('; ');
}

/** A session the console lets in: an admin with a confirmed address, two-factor on and this session's code given. */
async function adminSession(app: FastifyInstance, db: Database): Promise<string> {
  // An address of its own per run: a database kept from an earlier run (BENCH_REUSE_DATABASE=1) has the earlier admin.
  const email = `bench-admin-${Date.now()}@example.com`;
  let cookie = '';
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await app.inject({ method: 'POST', url, payload, headers: { origin: TEST_ORIGIN, cookie } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    cookie = withCookies(cookie, response);
    return response.json<Record<string, unknown>>();
  };
  await post('/api/auth/sign-up/email', { email, password: PASSWORD });
  await db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, email));
  const { totpURI } = await post('/api/auth/two-factor/enable', { password: PASSWORD });
  await post('/api/auth/two-factor/verify-totp', { code: OTPAuth.URI.parse(String(totpURI)).generate() });
  return cookie;
}

interface Download {
  status: number;
  rows: number;
  bytes: number;
  chunks: number;
}

/** Downloads the file, counting its lines (header included) as they arrive. */
function download(origin: string, path: string, cookie: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const call = request(`${origin}${path}`, { headers: { cookie } }, (response) => {
      const result: Download = { status: response.statusCode ?? 0, rows: 0, bytes: 0, chunks: 0 };
      response.on('data', (chunk: Buffer) => {
        result.chunks++;
        result.bytes += chunk.length;
        // The seeded orders hold no line breaks in a field, so every CRLF ends a row.
        for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) result.rows++;
      });
      response.on('end', () => resolve(result));
      response.on('error', reject);
    });
    call.on('error', reject);
    call.end();
  });
}

/** V8's collector, to tell the memory still in use from garbage not collected yet. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

interface MemoryPeaks {
  /** Resident set and heap as the process runs, garbage included, sampled on a timer. */
  rss: number;
  heapUsed: number;
  /** The heap still in use right after a full collection, taken every LIVE_HEAP_EVERY_MS. */
  liveHeap: number;
}

/** The process's memory at its highest while `run` goes. */
async function peakMemoryDuring<T>(run: () => Promise<T>): Promise<{ result: T } & MemoryPeaks> {
  const gc = collector();
  const peak: MemoryPeaks = { rss: 0, heapUsed: 0, liveHeap: 0 };
  const sample = () => {
    const { rss, heapUsed } = process.memoryUsage();
    peak.rss = Math.max(peak.rss, rss);
    peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
  };
  const sampleLive = () => {
    gc();
    peak.liveHeap = Math.max(peak.liveHeap, process.memoryUsage().heapUsed);
  };
  const timers = [setInterval(sample, SAMPLE_EVERY_MS), setInterval(sampleLive, LIVE_HEAP_EVERY_MS)];
  try {
    sample();
    const result = await run();
    sample();
    return { result, ...peak };
  } finally {
    for (const timer of timers) clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

export async function runAdminExportBenchmark(): Promise<void> {
  await withMillionOrders(DATABASE, async (handle) => {
    const app = await buildApp({ config: testConfig(), database: handle });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const cookie = await adminSession(app, handle.db);
      // A small export first, so the first-use costs (statement plans, code paths) are not counted.
      await download(origin, '/api/admin/orders/export.csv?status=expired&country=GH', cookie);

      collector()();
      const before = process.memoryUsage();
      console.log(`Load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores; pages of ${EXPORT_PAGE_SIZE} orders.`);
      const startedAt = performance.now();
      const cpuBefore = process.cpuUsage();
      const { result, rss, heapUsed, liveHeap } = await peakMemoryDuring(() => download(origin, '/api/admin/orders/export.csv', cookie));
      const seconds = (performance.now() - startedAt) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;
      if (result.status !== 200) throw new Error(`The export answered ${result.status}`);
      const orders = result.rows - 1;
      console.log(
        `  ${orders.toLocaleString('en')} orders, ${mb(result.bytes)} in ${result.chunks.toLocaleString('en')} chunks, ${seconds.toFixed(1)} s`,
      );
      console.log(`  ${Math.round(orders / seconds).toLocaleString('en')} orders/s, ${(result.bytes / MB / seconds).toFixed(1)} MB/s`);
      // Other work on the machine stretches the wall-clock time; the CPU time this process spent does not depend on it.
      console.log(
        `  ${cpuSeconds.toFixed(1)} s of CPU in this process (server and download): ${Math.round(orders / cpuSeconds).toLocaleString('en')} orders per CPU-second`,
      );
      console.log(`  RSS ${mb(before.rss)} before, ${mb(rss)} at most during the export (+${mb(rss - before.rss)})`);
      console.log(`  JavaScript heap ${mb(before.heapUsed)} before, ${mb(heapUsed)} at most during the export (+${mb(heapUsed - before.heapUsed)})`);
      console.log(
        `  of which in use (after a full collection every ${LIVE_HEAP_EVERY_MS / 1000} s): at most ${mb(liveHeap)} (+${mb(liveHeap - before.heapUsed)})`,
      );
      console.log(`  Load average ${loadavg()[0]!.toFixed(1)} at the end.`);
    } finally {
      await app.close();
    }
  });
}
