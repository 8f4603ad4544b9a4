import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerCatalogRoutes } from './http/catalog';
import { registerClientApp } from './http/client-app';
import { registerContactRoutes } from './http/contact';
import { handleError } from './http/errors';
import { registerFlagRoutes } from './http/flags';
import { registerHealthRoutes } from './http/health';
import { createOperatorDirectory } from './topups';
import type { OperatorDirectory } from './topups/provider';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Operator lookups; chosen from the config (Reloadly or the sandbox) when not given. */
  operators?: OperatorDirectory;
  /** Where log lines go (standard output when unset); tests read them from here. */
  logStream?: DestinationStream;
}

/** Builds the whole server (API + built client) from a config and an open, migrated database. */
export async function buildApp({ config, database, operators, logStream }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : { level: config.logLevel },
    // Fastify's own two lines per request are replaced by the single line of the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
    bodyLimit: 100 * 1024,
  });

  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
  // Every answer, JSON or file, is to be read as the type it declares.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    done();
  });
  app.setErrorHandler(handleError);
  await app.register(rateLimit, { global: false });

  registerHealthRoutes(app, { database });
  registerContactRoutes(app, { db: database.db });
  registerCatalogRoutes(app, { db: database.db, operators: operators ?? createOperatorDirectory(config, database.db) });
  await registerFlagRoutes(app);

  // Pages and their assets get the document security headers (CSP, frame and referrer policies, HSTS). They live in
  // their own context because helmet's per-request hook would otherwise run for every API call too, at a third of
  // the API's throughput.
  await app.register(async (documents) => {
    await documents.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.nodeEnv === 'production' ? [] : null,
        },
      },
      strictTransportSecurity: config.nodeEnv === 'production',
    });
    await registerClientApp(documents, { clientDir: config.clientDir });
  });

  return app;
}
