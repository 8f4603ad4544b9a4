import type { Browser, BrowserContext, BrowserContextOptions, CDPSession, Page } from 'playwright-core';

/**
 * Pages lent to the tests and taken back clean, so that a test file's next customer opens the app in a browser tab
 * that is already running instead of in a new browser context.
 *
 * A new context costs about 0.8 CPU-s for the first page of the app (a renderer process started, every script fetched
 * and compiled); the same page opened again in a tab lent back costs about 0.35: the renderer, and the files the HTTP
 * cache holds, are reused. The customer is still new: between two tests the tab leaves the app for a page of the
 * same origin (so Chromium keeps the renderer process: a page of another origin, or without the app's
 * Cross-Origin-Opener-Policy, would take a new one), and its cookies, storage, permissions, routes, listeners, init
 * scripts and bindings are cleared. What the cache keeps is the same for every visitor: the built files, named by
 * their content, and pages it asks the server about again each time. A response it may reuse without asking (the
 * country list, cached for a while) is asked for again before the tab is lent, and the cache is emptied when the
 * server's answer has changed since, so the next customer sees what a new visitor would.
 *
 * A test that changes what cannot be put back (the page's clock, its emulated media, being offline, a location) has
 * its tab closed instead of taken back.
 */

/** Where a tab waits between two tests: a small page of the app's origin, with its headers, running nothing. */
const WAITING_ROOM = '/robots.txt';

interface Disposable {
  dispose(): Promise<void>;
}

interface Lent {
  key: string;
  origin: string;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  closeForGood: () => Promise<void>;
  /** What the test added that can be taken away: init scripts, bindings. */
  added: Disposable[];
  /** The test changed something that cannot be put back: the tab is closed when it is done. */
  spoiled: boolean;
  /** Responses the HTTP cache may serve again without asking the server: URL → ETag (null without one). */
  reusable: Map<string, string | null>;
  /** The listeners the tab and its context had when made (Playwright's own among them): the tests' are the others. */
  ownListeners: Map<object, Map<string | symbol, Set<unknown>>>;
}

/** Page and BrowserContext as the event emitters they are. */
interface Emitter {
  eventNames(): Array<string | symbol>;
  rawListeners(name: string | symbol): unknown[];
  removeListener(name: string | symbol, listener: unknown): unknown;
}

function listenersOf(emitter: Emitter): Map<string | symbol, Set<unknown>> {
  return new Map(emitter.eventNames().map((name) => [name, new Set(emitter.rawListeners(name))]));
}

/** Removes the listeners added to the tab and its context since it was made. */
function removeTestListeners(entry: Lent) {
  for (const emitter of [entry.page, entry.context] as unknown as Emitter[]) {
    const own = entry.ownListeners.get(emitter)!;
    for (const [name, listeners] of listenersOf(emitter)) {
      for (const listener of listeners) {
        if (!own.get(name)?.has(listener)) emitter.removeListener(name, listener);
      }
    }
  }
}

const idle = new Map<string, Lent[]>();
const lent = new Set<Lent>();
const lentDuringTest = new Set<Lent>();
const browserIds = new WeakMap<Browser, number>();
let browsers = 0;
let testRunning = false;

/** Tabs are lent again only for the same browser, origin and context options. */
function poolKey(browser: Browser, origin: string, options: BrowserContextOptions): string {
  if (!browserIds.has(browser)) browserIds.set(browser, (browsers += 1));
  const fixed = Object.keys(options)
    .sort()
    .map((name) => [name, options[name as keyof BrowserContextOptions]]);
  return JSON.stringify([browserIds.get(browser), origin, fixed]);
}

/** Wraps a method of a Playwright object so that calling it also does `also` with its result. */
function observe<T extends object>(target: T, name: string, also: (result: unknown) => void) {
  const original = (target as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]!.bind(target);
  Object.defineProperty(target, name, {
    configurable: true,
    value: async (...args: unknown[]) => {
      const result = await original(...args);
      also(result);
      return result;
    },
  });
}

function watch(entry: Lent) {
  const { page, context } = entry;
  const keep = (result: unknown) => entry.added.push(result as Disposable);
  const spoil = () => (entry.spoiled = true);
  for (const target of [page, context]) for (const name of ['addInitScript', 'exposeBinding', 'exposeFunction']) observe(target, name, keep);
  for (const name of ['emulateMedia', 'routeFromHAR', 'routeWebSocket']) observe(page, name, spoil);
  for (const name of ['setGeolocation', 'setOffline', 'setHTTPCredentials', 'routeFromHAR', 'routeWebSocket']) observe(context, name, spoil);
  for (const name of ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime']) observe(page.clock, name, spoil);
  // A test closing its customer's context gives the tab back.
  Object.defineProperty(context, 'close', { configurable: true, value: async () => giveBack(entry) });
}

function rememberReusable(entry: Lent) {
  entry.context.on('response', (response) => {
    const cacheControl = response.headers()['cache-control'] ?? '';
    if (response.request().method() !== 'GET' || !/max-age=[1-9]/.test(cacheControl) || /immutable|no-store/.test(cacheControl)) return;
    entry.reusable.set(response.url(), response.headers()['etag'] ?? null);
  });
}

/** Whether a response the cache would serve again has changed on the server since the tab last saw it. */
async function cacheOutdated(entry: Lent, headers: Record<string, string>): Promise<boolean> {
  for (const [url, etag] of entry.reusable) {
    const response = await fetch(url, { headers });
    await response.body?.cancel();
    if (etag === null || response.headers.get('etag') !== etag) return true;
  }
  return false;
}

async function newTab(browser: Browser, key: string, origin: string, open: () => Promise<BrowserContext>): Promise<Lent> {
  const context = await open();
  const page = await context.newPage();
  const entry: Lent = {
    key,
    origin,
    context,
    page,
    cdp: await context.newCDPSession(page),
    closeForGood: context.close.bind(context) as () => Promise<void>,
    added: [],
    spoiled: false,
    reusable: new Map(),
    ownListeners: new Map(),
  };
  watch(entry);
  rememberReusable(entry);
  for (const emitter of [page, context]) entry.ownListeners.set(emitter, listenersOf(emitter as unknown as Emitter));
  return entry;
}

export interface Lending {
  /** The context options a tab is made with: those a lent tab cannot change (the viewport and headers it can). */
  options: BrowserContextOptions;
  /** Makes a new context with these options (and the tests' init scripts). */
  open: () => Promise<BrowserContext>;
  viewport: { width: number; height: number };
  headers: Record<string, string>;
}

/**
 * A tab of a context made with `options` on `origin`, lent to the test running (taken back after it) or, outside a
 * test (a file's `beforeAll`), until its context is closed.
 */
export async function borrowPage(browser: Browser, origin: string, { options, open, viewport, headers }: Lending): Promise<Page> {
  const key = poolKey(browser, origin, options);
  const waiting = idle.get(key) ?? [];
  let entry = waiting.pop();
  if (entry && (await cacheOutdated(entry, headers))) {
    await entry.cdp.send('Network.clearBrowserCache');
    entry.reusable.clear();
  }
  entry ??= await newTab(browser, key, origin, open);
  lent.add(entry);
  if (testRunning) lentDuringTest.add(entry);
  await entry.context.setExtraHTTPHeaders(headers);
  const size = entry.page.viewportSize();
  if (size?.width !== viewport.width || size.height !== viewport.height) await entry.page.setViewportSize(viewport);
  return entry.page;
}

/** Cleans a lent tab and puts it back for the next test of the file; closes it when it cannot be cleaned. */
async function giveBack(entry: Lent): Promise<void> {
  if (!lent.delete(entry)) return;
  lentDuringTest.delete(entry);
  try {
    if (entry.spoiled || entry.page.isClosed()) throw new Error('not reusable');
    const { page, context, cdp, origin } = entry;
    await Promise.all(context.pages().map((other) => (other === page ? undefined : other.close())));
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    removeTestListeners(entry);
    await Promise.all(entry.added.splice(0).map((added) => added.dispose()));
    await context.clearPermissions();
    await page.goto(`${origin}${WAITING_ROOM}`);
    // Session storage belongs to the tab, not the origin: the origin's clearing below leaves it.
    await page.evaluate(() => window.sessionStorage.clear());
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    // The origin's clearing takes its host's cookies; the context may hold others (another host a test visited).
    await context.clearCookies();
    (idle.get(entry.key) ?? idle.set(entry.key, []).get(entry.key)!).push(entry);
  } catch {
    await entry.closeForGood().catch(() => undefined);
  }
}

/** Hooks of a test file: tabs lent during a test come back after it. */
export const lending = {
  testStarts() {
    testRunning = true;
  },
  async testEnded() {
    testRunning = false;
    await Promise.all([...lentDuringTest].map(giveBack));
  },
};

/** Closes every tab lent or waiting in the browser's contexts; the rest of its contexts are the caller's. */
export async function closeLentPages(browser: Browser): Promise<void> {
  const entries = [...lent, ...[...idle.values()].flat()].filter((entry) => entry.context.browser() === browser);
  for (const entry of entries) {
    // A key names its browser: every tab waiting under it is one of these.
    idle.delete(entry.key);
    lent.delete(entry);
    lentDuringTest.delete(entry);
  }
  await Promise.all(entries.map((entry) => entry.closeForGood().catch(() => undefined)));
}
