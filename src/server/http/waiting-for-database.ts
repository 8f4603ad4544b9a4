import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config';
import { handleError } from './errors';

/**
 * What a server answers on its port while PostgreSQL cannot be reached at start (start.ts): /api/ready says it is not
 * ready, and every other request is the error handler's 503 DATABASE_UNAVAILABLE, as it would be for a database lost
 * later. Nothing here reads the database; the app itself is built only once the database is migrated and seeded.
 */
export function buildWaitingApp({
  config,
  logStream,
  lastError,
}: {
  config: Config;
  logStream?: DestinationStream;
  /** Why the database cannot be reached, now: a connection error the error handler knows as "unavailable". */
  lastError: () => Error;
}): FastifyInstance {
  const app = Fastify({ logger: logStream ? { level: config.logLevel, stream: logStream } : { level: config.logLevel } });
  app.setErrorHandler(handleError);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'no-store');
    done();
  });
  app.get('/api/ready', async (_request, reply) =>
    reply.status(503).send({ status: 'not ready', checks: { server: 'ok', database: 'failing', migrations: 'pending' } }),
  );
  app.setNotFoundHandler(async () => {
    throw new Error('The database cannot be reached yet', { cause: lastError() });
  });
  return app;
}
