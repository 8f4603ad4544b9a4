import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import { checkPaymentProvider, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
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

/**
 * Checks the payment provider may take payments here, opens the database, migrates and seeds it, then listens. Used
 * by main.ts and by tests that need a real server.
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
  await database.migrate();
  await seedDatabase(database.db);
  // Opened here rather than by the app, so that it closes only once the requests under way have finished.
  const sharedState = openSharedState(config, {
    info: (details, message) => logger.current?.info(details, message),
    warn: (details, message) => (logger.current ? logger.current.warn(details, message) : console.warn(message)),
    error: (details, message) => logger.current?.error(details, message),
  });
  const app = await buildApp({ config, database, logStream: options.logStream, sharedState });
  logger.current = app.log;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const metricsServer = config.metrics.port === undefined ? undefined : await serveMetrics(app, config);
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
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
