/**
 * Lighthouse on the built server in production mode, as a new visitor on a phone: Lighthouse's default mobile profile
 * (simulated slow 4G, 4× CPU slowdown) on `/`, `/about` and `/auth`, three runs each in a fresh Chromium profile,
 * printing the median of every category score, of FCP, LCP, TBT, CLS and of the bytes transferred.
 *
 * Runs inside `npm run bench` (`--only=lighthouse`) or on its own: `npx tsx bench/lighthouse.ts` (after npm run build).
 * CHROMIUM_PATH names the browser when it is not /usr/bin/chromium.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBuiltServer, stopBuiltServer } from '../scripts/built-server';
import { median } from './stats';

const RUNS = 3;
const PAGES = ['/', '/about', '/auth'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface Sample {
  scores: Record<(typeof CATEGORIES)[number], number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
}

async function audit(url: string): Promise<Sample> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? Number.NaN])) as Sample['scores'],
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      bytes: numeric('total-byte-weight'),
    };
  } finally {
    await chrome.kill();
  }
}

function printTable(rows: { page: string; samples: Sample[] }[]) {
  const headers = ['page', 'perf', 'a11y', 'best pr.', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'KiB'];
  const line = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(8) : cell.padStart(9))).join(''));
  line(headers);
  for (const { page, samples } of rows) {
    const of = (pick: (sample: Sample) => number) => median(samples.map(pick));
    line([
      page,
      ...CATEGORIES.map((id) => of((s) => s.scores[id]).toFixed(2)),
      `${(of((s) => s.fcpMs) / 1000).toFixed(2)} s`,
      `${(of((s) => s.lcpMs) / 1000).toFixed(2)} s`,
      `${Math.round(of((s) => s.tbtMs))} ms`,
      of((s) => s.cls).toFixed(3),
      (of((s) => s.bytes) / 1024).toFixed(0),
    ]);
  }
  console.log(`(median of ${RUNS} runs each; Lighthouse mobile profile: simulated slow 4G, 4× CPU slowdown)`);
}

export async function runLighthouseBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-'));
  const server = await startBuiltServer(dataDir);
  try {
    const rows: { page: string; samples: Sample[] }[] = [];
    for (const page of PAGES) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await audit(`${server.url}${page}`));
      rows.push({ page, samples });
    }
    printTable(rows);
  } finally {
    await stopBuiltServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLighthouseBenchmark();
