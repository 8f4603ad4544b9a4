import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { borrowPage, closeLentPages, lending } from './lent-pages';
import { freePort, startBuiltServer, stopBuiltServer } from '../scripts/built-server';
import { administer, postgresCopyName, urlOfDatabase } from '../src/server/testing/postgres-admin';

export interface TestServer {
  url: string;
  dataDir: string;
  /**
   * Runs SQL on the server's database, as an operator would by hand: on PostgreSQL beside the running server; on the
   * embedded database, which one process at a time may open, the server is stopped for it and started again on the
   * same address.
   */
  runSql(statement: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the built server (`dist/`) on a free port with a database of its own, a copy of the one the global setup
 * seeded: a PostgreSQL database with TEST_DATABASE_URL, else the embedded database's data directory. The port is
 * chosen first so that PUBLIC_URL is the address the browser uses: OAuth redirects (Google sign-in) are built from it.
 */
export async function startTestServer(env: NodeJS.ProcessEnv = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'topup-e2e-'));
  const copy = await copySeededDatabase(dataDir);
  const port = env.PORT ?? String(await freePort());
  // The tests stand in for a proxy in front of many customers: each browser context sends its own X-Forwarded-For.
  const serverEnv = {
    NODE_ENV: 'test',
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '127.0.0.1',
    ...(copy ? { DATABASE_URL: copy.url } : {}),
    ...env,
  };
  let server = await startBuiltServer(dataDir, serverEnv);
  return {
    url: server.url,
    dataDir,
    async runSql(statement) {
      if (copy) return administer(copy.url, statement);
      await stopBuiltServer(server);
      const embedded = await PGlite.create(dataDir);
      try {
        await embedded.exec(statement);
      } finally {
        await embedded.close();
        server = await startBuiltServer(dataDir, serverEnv);
      }
    },
    async stop() {
      await stopBuiltServer(server);
      rmSync(dataDir, { recursive: true, force: true });
      await copy?.drop();
    },
  };
}

/**
 * The test server's own copy of the database the global setup seeded: a PostgreSQL database created from it, whose URL
 * is answered, when TEST_DATABASE_URL is set; else the seeded data directory copied into dataDir (undefined).
 */
async function copySeededDatabase(dataDir: string): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const seeded = inject('seededDatabase');
  if (!adminUrl || !seeded) {
    cpSync(inject('seededDataDir'), dataDir, { recursive: true });
    return undefined;
  }
  const name = postgresCopyName(seeded, `${process.pid}_${randomBytes(3).toString('hex')}`);
  await administer(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${seeded}`);
  return { url: urlOfDatabase(adminUrl, name), drop: () => administer(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

let workersBrowser: Promise<Browser> | undefined;

/**
 * This worker's browser: launched by the first test file that asks for it, then kept for the worker's next files
 * (they share modules), and closed with the worker. Playwright drives it directly, with no server relaying every
 * message between a browser and the workers.
 */
export function launchBrowser(): Promise<Browser> {
  workersBrowser ??= chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  return workersBrowser;
}

/** Closes the contexts a test file left open, and leaves the browser to the worker's next file. */
export async function closeContexts(browser: Browser): Promise<void> {
  await closeLentPages(browser);
  await Promise.all(browser.contexts().map((context) => context.close()));
}

/**
 * A browser context as the tests open them: its visitor asked for reduced motion, so the app's spinners, fades and
 * slides stop at their end state at once (styles.css) instead of drawing frames the tests do not look at, unless the
 * options ask for motion (the splash's own tests).
 */
export function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ reducedMotion: 'reduce', ...options });
}

export interface VisitOptions extends BrowserContextOptions {
  /** Saved preferences, written to localStorage before the app starts. */
  storage?: Record<string, string>;
}

/**
 * The app keeps its splash for 1.5 s after a navigation starts (measured with performance.now()). Pages opened for
 * the other tests start that clock 1.5 s ahead, so the splash fades as soon as the app runs instead of costing every
 * page load 1.5 s; the splash tests open their own contexts without this.
 */
function skipSplashWait() {
  const sinceNavigation = performance.now.bind(performance);
  performance.now = () => sinceNavigation() + 1500;
}

let customerCounter = 0;

const DESKTOP = { width: 1280, height: 800 };

/**
 * A page of the app for a new customer (no cookies, no storage), with the splash gone: a tab lent for the test
 * (lent-pages.ts), or a new browser context when the options include a saved session. Each customer comes from an
 * address of its own, so the server's per-address limits count each test on its own.
 */
export async function openPage(browser: Browser, url: string, { storage, ...options }: VisitOptions = {}): Promise<Page> {
  customerCounter += 1;
  const address = `198.18.${Math.floor(customerCounter / 250) % 250}.${(customerCounter % 250) + 1}`;
  const { viewport = DESKTOP, extraHTTPHeaders = { 'x-forwarded-for': address }, ...fixed } = options;
  const open = async (contextOptions: BrowserContextOptions) => {
    const context = await newContext(browser, contextOptions);
    await context.addInitScript(skipSplashWait);
    return context;
  };
  // A saved session, or no viewport at all, is a context of its own.
  const page =
    fixed.storageState === undefined && viewport
      ? await borrowPage(browser, new URL(url).origin, {
          options: fixed,
          open: () => open({ viewport, ...fixed }),
          viewport,
          headers: extraHTTPHeaders,
        })
      : await (await open({ viewport, extraHTTPHeaders, ...fixed })).newPage();
  if (storage) {
    await page.addInitScript((entries) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    }, storage);
  }
  await page.goto(url);
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 10_000 });
  return page;
}

/** Registers hooks that start the built server and Chromium once for a test file and stop them after it. */
export function useServerAndBrowser(env: NodeJS.ProcessEnv = {}): { server: TestServer; browser: Browser } {
  const handles = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [handles.server, handles.browser] = await Promise.all([startTestServer(env), launchBrowser()]);
  });
  beforeEach(lending.testStarts);
  afterEach(lending.testEnded);
  afterAll(async () => {
    if (handles.browser) await closeContexts(handles.browser);
    await handles.server?.stop();
  });
  return handles;
}
