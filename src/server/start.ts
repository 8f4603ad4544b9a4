import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import { checkPaymentProvider, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { isDatabaseUnavailable } from './db/unavailable';
import { buildWaitingApp } from './http/waiting-for-database';
import { seedDatabase } from './seed';
import { bearerTokenMatches } from './metrics/scrape';
import { openSharedState } from './shared-state';

/** How long a stopping server lets the requests under way finish before it cuts their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  /** Where GET /metrics answers when METRICS_PORT is set. */
  metricsUrl: string | undefined;
  /**
   * Stops gracefully: /api/ready answers 503, the server stops accepting connections, the requests under way finish
   * (cut after SHUTDOWN_GRACE_MS), the reconciler and the receipt sender finish what they hold and take nothing more, then Redis and the
   * database are closed.
   */
  stop(): Promise<void>;
}

/** The first wait before PostgreSQL is tried again at start, doubled after each failed attempt up to the longest. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

/**
 * Checks the payment provider may take payments here, opens the database, migrates and seeds it, then listens. A
 * PostgreSQL that cannot be reached is waited for (waitForDatabase). Used by main.ts and by tests that need a real
 * server.
 */
export async function startServer(config: Config, options: { logStream?: DestinationStream } = {}): Promise<RunningServer> {
  checkPaymentProvider(config);
  // The app and its logger exist only once the database is open; a connection lost before then has nobody to tell.
  const logger: { current?: FastifyInstance['log'] } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onConnectionLost: (error) => logger.current?.warn({ err: error }, 'PostgreSQL closed an idle connection; the next query opens a new one'),
  });
  let port = config.port;
  try {
    await migrateAndSeed(database);
  } catch (error) {
    // PGlite is in this process: it cannot be away. A PostgreSQL that cannot be reached may be restarting.
    if (database.kind !== 'postgres' || !isDatabaseUnavailable(error) || config.databaseStartTimeoutSeconds === 0) {
      await database.close().catch(() => undefined);
      throw error;
    }
    port = await waitForDatabase(database, config, error as Error, options.logStream).catch(async (failure: unknown) => {
      await database.close().catch(() => undefined);
      throw failure;
    });
  }
  // Opened here rather than by the app, so that it closes only once the requests under way have finished.
  const sharedState = openSharedState(config, {
    info: (details, message) => logger.current?.info(details, message),
    warn: (details, message) => (logger.current ? logger.current.warn(details, message) : console.warn(message)),
    error: (details, message) => logger.current?.error(details, message),
  });
  const app = await buildApp({ config, database, logStream: options.logStream, sharedState, businessChecks: true });
  logger.current = app.log;
  await app.listen({ port, host: config.host });
  const address = app.server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  const metricsServer = config.metrics.port === undefined ? undefined : await serveMetrics(app, config);
  return {
    app,
    database,
    url: `http://127.0.0.1:${listening}`,
    metricsUrl: metricsServer ? `http://127.0.0.1:${config.metrics.port}/metrics` : undefined,
    async stop() {
      if (metricsServer) {
        const closed = new Promise((resolve) => metricsServer.close(resolve));
        metricsServer.closeAllConnections();
        await closed;
      }
      const cut = setTimeout(() => {
        app.log.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'requests still under way at the end of the grace period are cut');
        app.server.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      // A kept-alive connection whose request was under way at the close is idle once answered: closed then, not
      // when the client lets it go.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearTimeout(cut);
        clearInterval(sweep);
        await sharedState.close();
        await database.close();
      }
    },
  };
}

/** Applies the migrations (one instance at a time, under PostgreSQL's advisory lock) and the idempotent seed. */
async function migrateAndSeed(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await seedDatabase(database.db);
}

/**
 * The driver's own words on one line: the innermost cause (Drizzle wraps a failed query's error with the query); a
 * refused connection to both addresses of a name has only its code.
 */
function inOneLine(error: Error): string {
  let innermost = error;
  for (let depth = 0; innermost.cause instanceof Error && depth < 5; depth += 1) innermost = innermost.cause;
  const code = (innermost as { code?: unknown }).code;
  return (innermost.message || (typeof code === 'string' ? code : innermost.name)).replace(/\s+/g, ' ');
}

/**
 * PostgreSQL could not be reached at start (restarting, failing over, not yet up): the server listens at once with the
 * waiting app (503 on /api/ready, 503 DATABASE_UNAVAILABLE elsewhere) and tries the migrations and the seed again, at
 * growing intervals, for DATABASE_START_TIMEOUT_S. Resolves with the port it listened on, for the app to take over,
 * once they have run; rejects with one line when the time is up or the database refuses for another reason.
 */
async function waitForDatabase(
  database: DatabaseHandle,
  config: Config,
  firstError: Error,
  logStream: DestinationStream | undefined,
): Promise<number> {
  let lastError = firstError;
  const waiting = buildWaitingApp({ config, logStream, lastError: () => lastError });
  await waiting.listen({ port: config.port, host: config.host });
  const address = waiting.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const timeoutS = config.databaseStartTimeoutSeconds;
  const deadline = performance.now() + timeoutS * 1000;
  waiting.log.warn({ reason: inOneLine(firstError), timeoutS }, 'PostgreSQL cannot be reached: answering 503 and trying again');
  try {
    for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, LONGEST_RETRY_MS)) {
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`PostgreSQL could not be reached within ${timeoutS} s (DATABASE_START_TIMEOUT_S): ${inOneLine(lastError)}`);
      await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
      try {
        await migrateAndSeed(database);
        waiting.log.info('PostgreSQL reached: migrated and seeded');
        return port;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        lastError = error as Error;
      }
    }
  } finally {
    await waiting.close();
  }
}

/**
 * GET /metrics alone on METRICS_PORT (on HOST, like the server), for a network the public cannot reach; a token is
 * asked there too when METRICS_TOKEN is set (docs/decisions/017-…).
 */
export async function serveMetrics(app: FastifyInstance, config: Config): Promise<Server> {
  const { token } = config.metrics;
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (token !== undefined && !bearerTokenMatches(request.headers.authorization, token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('A valid metrics token is required\n');
      return;
    }
    app.metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': app.metrics.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n');
      },
    );
  });
  // Scrapers keep connections open between scrapes; closing the server must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metrics.port, config.host, () => resolve());
  });
  return server;
}
