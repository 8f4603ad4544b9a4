import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import { checkPaymentProvider, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';
import { openSharedState } from './shared-state';

/** How long a stopping server lets the requests under way finish before it cuts their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
  /**
   * Stops gracefully: /api/ready answers 503, the server stops accepting connections, the requests under way finish
   * (cut after SHUTDOWN_GRACE_MS), the reconciler finishes the order it holds and takes no other, then Redis and the
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
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    async stop() {
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
