/**
 * Cold start on an existing data directory: how long a restarted server takes to log "server ready" and to serve
 * its first page. The first start, which creates and migrates the database, is not measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startBuiltServer, stopBuiltServer } from '../scripts/built-server';
import { median } from './stats';

const RUNS = 5;

interface StartupSample {
  readyMs: number;
  firstPageMs: number;
  reportedStartupMs: number;
}

async function measureStartup(dataDir: string): Promise<StartupSample> {
  const spawnedAt = performance.now();
  const server = await startBuiltServer(dataDir);
  const readyMs = performance.now() - spawnedAt;
  try {
    const response = await fetch(`${server.url}/`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`GET / answered ${response.status}; is the client built (dist/client)?`);
    return { readyMs, firstPageMs: performance.now() - spawnedAt, reportedStartupMs: server.reportedStartupMs };
  } finally {
    await stopBuiltServer(server);
  }
}

function printTable(samples: StartupSample[]) {
  const row = (cells: string[]) => console.log(cells.map((cell, i) => (i === 0 ? cell.padEnd(6) : cell.padStart(16))).join(''));
  const ms = (value: number) => `${Math.round(value)} ms`;
  row(['run', 'ready', 'first page', 'startupMs (log)']);
  samples.forEach((sample, i) => row([String(i + 1), ms(sample.readyMs), ms(sample.firstPageMs), ms(sample.reportedStartupMs)]));
  row(['median', ...(['readyMs', 'firstPageMs', 'reportedStartupMs'] as const).map((key) => ms(median(samples.map((s) => s[key]))))]);
}

export async function runStartupBenchmark(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-bench-'));
  try {
    // The first start creates, migrates and seeds the database, so the measured starts find it in place.
    await stopBuiltServer(await startBuiltServer(dataDir));
    const samples: StartupSample[] = [];
    for (let run = 0; run < RUNS; run++) samples.push(await measureStartup(dataDir));
    printTable(samples);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
