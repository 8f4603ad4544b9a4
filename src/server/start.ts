import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from './app';
import { checkPaymentProvider, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { seedDatabase } from './db/seed';

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  url: string;
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
  const app = await buildApp({ config, database, logStream: options.logStream });
  logger.current = app.log;
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    app,
    database,
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}
