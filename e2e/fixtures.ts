import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';

const projectRoot = path.resolve(import.meta.dirname, '..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface TestServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built server (`dist/`) on a free port with a fresh data directory; resolves once it is listening. */
export async function startBuiltServer(env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = output.split('\n').find((line) => line.includes('"server ready"'));
      if (ready) {
        clearTimeout(timer);
        resolve(JSON.parse(ready).url);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    dataDir,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

export interface VisitOptions extends BrowserContextOptions {
  /** Saved preferences, written to localStorage before the app starts. */
  storage?: Record<string, string>;
}

/** A new browser context (clean storage) on a page of the app, with the splash gone. */
export async function openPage(browser: Browser, url: string, { storage, ...options }: VisitOptions = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  if (storage) {
    await context.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
  return page;
}
