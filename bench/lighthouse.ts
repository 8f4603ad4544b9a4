/**
 * Lighthouse on `/` of the built server in production mode, beside a bare Vite + React page (bench/bare-page) built
 * with the same Vite and served the same way (files compressed at build and sent pre-compressed, /assets cached for a
 * year, the page revalidated): Lighthouse's default mobile profile (simulated slow 4G, 4× CPU slowdown), 5 runs on
 * each, alternately, each in a fresh Chromium profile. Prints every run's performance, FCP, LCP, TBT, CLS and bytes,
 * the median and the worst of each page, and where the main thread's time went; exits 1 (sets the exit code) when
 * `/` misses the goal in any run (bench/lighthouse-goal.ts, ADR 043). On a shared machine the absolute figures move
 * with its load; the bare page, measured in the same minutes, is the yardstick.
 *
 * Runs inside `npm run bench` (`--only=lighthouse`) or on its own: `npx tsx bench/lighthouse.ts`. It builds the app
 * first when the build is not current. CHROMIUM_PATH names the browser when it is not /usr/bin/chromium;
 * BENCH_LIGHTHOUSE_RUNS changes the number of runs; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps every run's Lighthouse JSON
 * there (its long-tasks, bootup-time and mainthread-work-breakdown audits say what blocked) with its Chromium trace
 * (`<name>-<run>.trace.json`, which Chromium's DevTools Performance panel opens).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import { build } from 'vite';
import { buildState } from '../scripts/build-stamp';
import { startBuiltServer, stopBuiltServer } from '../scripts/built-server';
import { compressTextFiles } from '../scripts/compress-assets';
import { preferredEncoding } from '../src/server/http/content-encoding';
import { median } from './stats';
import { GOAL, goalMisses, sampleOf, summarise, type LighthouseResult, type Sample } from './lighthouse-goal';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
const projectRoot = path.resolve(import.meta.dirname, '..');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Run {
  sample: Sample;
  /** Main-thread time by kind of work (Lighthouse's mainthread-work-breakdown), in ms. */
  mainThread: Record<string, number>;
}

async function audit(url: string, reportFile: string | undefined): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    let result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    // A busy machine now and then loses the trace's start (NO_NAVSTART): such a run is made again, twice at most.
    for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
      console.log(`(${url}: ${result.lhr.runtimeError.code}, run again)`);
      result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    }
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (reportFile) {
      writeFileSync(reportFile, result.report as string);
      writeFileSync(reportFile.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
    }
    const breakdown = result.lhr.audits['mainthread-work-breakdown']?.details as { items?: { groupLabel: string; duration: number }[] } | undefined;
    return {
      sample: sampleOf(result.lhr as unknown as LighthouseResult, url),
      mainThread: Object.fromEntries((breakdown?.items ?? []).map((item) => [item.groupLabel, item.duration])),
    };
  } finally {
    await chrome.kill();
  }
}

/** Builds bench/bare-page with the project's Vite and React plugin, compressed as the build compresses the app's files. */
async function buildBarePage(outDir: string): Promise<void> {
  await build({
    root: path.join(import.meta.dirname, 'bare-page'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0 },
  });
  compressTextFiles(outDir);
}

/** Serves a built page the way the product serves its own (src/server/http/client-app.ts), minus the pages' variants. */
async function serveBarePage(dir: string) {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/assets/',
    index: false,
    wildcard: false,
    cacheControl: false,
    etag: false,
    lastModified: false,
    preCompressed: true,
    setHeaders(res) {
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const read = (suffix: string) => readFileSync(path.join(dir, `index.html${suffix}`));
  const page = { identity: read(''), br: read('.br'), gzip: read('.gz') };
  const etag = createHash('sha256').update(page.identity).digest('base64url').slice(0, 27);
  app.get('/', (request, reply) => {
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const tag = `"${etag}${encoding ? `-${encoding}` : ''}"`;
    reply.header('Vary', 'Accept-Encoding').header('Cache-Control', 'no-cache').header('ETag', tag).type('text/html; charset=utf-8');
    if (request.headers['if-none-match'] === tag) return reply.status(304).send();
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding ? page[encoding] : page.identity);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, close: () => app.close() };
}

function ensureBuilt() {
  const { current, reason } = buildState(projectRoot);
  if (current) return;
  console.log(`Building first: ${reason}.`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

const seconds = (valueMs: number) => `${(valueMs / 1000).toFixed(2)} s`;
const cells = (sample: Sample) => [
  sample.performance.toFixed(2),
  seconds(sample.fcpMs),
  seconds(sample.lcpMs),
  `${Math.round(sample.tbtMs)} ms`,
  sample.cls.toFixed(3),
  (sample.bytes / 1024).toFixed(0),
];
const line = (row: string[]) => console.log(row.map((cell, i) => (i < 2 ? cell.padEnd(i === 0 ? 12 : 8) : cell.padStart(9))).join(''));

function printRuns(pages: { name: string; runs: Run[] }[]) {
  line(['page', 'run', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'KiB']);
  for (const { name, runs } of pages) {
    runs.forEach((run, index) => line([name, String(index + 1), ...cells(run.sample)]));
    const { median, worst } = summarise(runs.map((run) => run.sample));
    line([name, 'median', ...cells(median)]);
    line([name, 'worst', ...cells(worst)]);
  }
  console.log('\nMain thread, median of the runs:');
  const groups = [...new Set(pages.flatMap(({ runs }) => runs.flatMap((run) => Object.keys(run.mainThread))))];
  console.log(`${' '.repeat(28)}${pages.map(({ name }) => name.padStart(11)).join('')}`);
  for (const group of groups) {
    const medians = pages.map(({ runs }) => `${Math.round(median(runs.map((run) => run.mainThread[group] ?? 0)))} ms`.padStart(11));
    console.log(`${group.padEnd(28)}${medians.join('')}`);
  }
}

export async function runLighthouseBenchmark(): Promise<void> {
  ensureBuilt();
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) mkdirSync(reports, { recursive: true });
  const bareDir = mkdtempSync(path.join(tmpdir(), 'topup-bare-page-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-'));
  const ours: Run[] = [];
  const floor: Run[] = [];
  try {
    await buildBarePage(bareDir);
    const bare = await serveBarePage(bareDir);
    const server = await startBuiltServer(dataDir).catch(async (error: unknown) => {
      await bare.close();
      throw error;
    });
    try {
      for (let run = 1; run <= RUNS; run++) {
        const file = (name: string) => (reports ? path.join(reports, `${name}-${run}.json`) : undefined);
        ours.push(await audit(`${server.url}/`, file('home')));
        floor.push(await audit(`${bare.url}/`, file('bare')));
        const last = (runs: Run[]) => `${runs.at(-1)!.sample.performance.toFixed(2)}, TBT ${Math.round(runs.at(-1)!.sample.tbtMs)} ms`;
        console.log(`run ${run}/${RUNS}: / ${last(ours)}; bare page ${last(floor)}`);
      }
    } finally {
      await stopBuiltServer(server);
      await bare.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bareDir, { recursive: true, force: true });
  }
  printRuns([
    { name: '/', runs: ours },
    { name: 'bare page', runs: floor },
  ]);
  console.log(`(Lighthouse ${RUNS} runs each, alternately; mobile profile: simulated slow 4G, 4× CPU slowdown)`);
  const misses = goalMisses(ours.map((run) => run.sample));
  if (misses.length) {
    console.log(`\n/ misses the goal (performance ≥ ${GOAL.performance} and TBT ≤ ${GOAL.tbtMs} ms in every run):\n  ${misses.join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\n/ meets the goal in every run: performance ≥ ${GOAL.performance}, TBT ≤ ${GOAL.tbtMs} ms.`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLighthouseBenchmark();
