/**
 * GET /api/countries under load (50 connections, browser request headers), against a bare Fastify JSON route measured
 * in the same run, each server in its own process and autocannon in this one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { startBuiltServer, stopBuiltServer } from '../scripts/built-server';

const CONNECTIONS = 50;
const DURATION_S = 5;
/** Rounds alternate between the two servers; the median of each is reported, as single runs vary by ±20% here. */
const ROUNDS = 3;

const BARE_SERVER = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/bare', async () => ({ hello: 'world' }));
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(app.server.address().port);
`;

async function startBareServer() {
  const child = spawn(process.execPath, ['--input-type=module', '-e', BARE_SERVER], { cwd: path.resolve(import.meta.dirname, '..') });
  const port = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}

/** What a browser sends with every request. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br, zstd', accept: 'application/json' };

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: BROWSER_HEADERS });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx, bytes: result.throughput.average };
}

type LoadResult = Awaited<ReturnType<typeof load>>;

function medianRun(runs: LoadResult[]): LoadResult {
  return [...runs].sort((a, b) => a.rps - b.rps)[Math.floor(runs.length / 2)]!;
}

export async function runCountriesThroughputBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-'));
  const server = await startBuiltServer(dataDir);
  const bare = await startBareServer();
  try {
    const countriesUrl = `${server.url}/api/countries`;
    await load(countriesUrl);
    await load(bare.url);
    const countryRuns: LoadResult[] = [];
    const bareRuns: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      countryRuns.push(await load(countriesUrl));
      bareRuns.push(await load(bare.url));
    }
    const countries = medianRun(countryRuns);
    const baseline = medianRun(bareRuns);
    const row = (name: string, r: LoadResult) =>
      console.log(
        `${name.padEnd(22)} ${Math.round(r.rps).toString().padStart(7)} req/s  p99 ${r.p99} ms  ${(r.bytes / 1e6).toFixed(1)} MB/s  errors ${r.errors}`,
      );
    row('GET /api/countries', countries);
    row('bare Fastify JSON', baseline);
    console.log(`ratio: ${(countries.rps / baseline.rps).toFixed(2)}× the bare route (goal ≥ 0.6×)`);
  } finally {
    bare.stop();
    await stopBuiltServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
