/** Starts and stops the built server (`dist/server/main.js`) as a child process, the way production runs it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';

const projectRoot = path.resolve(import.meta.dirname, '..');
const serverEntry = path.join(projectRoot, 'dist/server/main.js');
const READY_TIMEOUT_MS = 60_000;

export function isServerBuilt(): boolean {
  return existsSync(serverEntry);
}

/** A port nobody listens on now: chosen before the start, so that PUBLIC_URL (the links of e-mails) can name it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

export interface BuiltServer {
  child: ChildProcess;
  url: string;
  /** Startup time the server measured itself, from its "server ready" log line. */
  reportedStartupMs: number;
}

/**
 * Spawns the server on a free port with the embedded database in dataDir; resolves on its "server ready" log line.
 * Used by the end-to-end tests and the benchmarks.
 */
export function startBuiltServer(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<BuiltServer> {
  // BENCH_PROFILE_DIR: each server writes a V8 CPU profile of its whole life there when it stops (a benchmark's, say).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, serverEntry], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENTS: 'sandbox',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${reason}\n${output}`));
    };
    const timer = setTimeout(() => fail(`No "server ready" line within ${READY_TIMEOUT_MS / 1000} s.`), READY_TIMEOUT_MS);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => fail(`The server exited with code ${code} before it was ready.`));
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output += `${line}\n`;
      if (settled || !line.includes('"server ready"')) return;
      settled = true;
      clearTimeout(timer);
      // From here on the log is drained unread, so a busy server costs this process nothing.
      lines.close();
      child.stdout!.resume();
      const { url, startupMs } = JSON.parse(line) as { url: string; startupMs: number };
      resolve({ child, url, reportedStartupMs: startupMs });
    });
  });
}

/** Sends SIGTERM and waits until the process has exited (the server closes its database on the way out). */
export async function stopBuiltServer({ child }: BuiltServer): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
