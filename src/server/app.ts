import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { registerClientApp } from './http/client-app';
import { registerContactRoutes } from './http/contact';
import { handleError } from './http/errors';
import { registerHealthRoutes } from './http/health';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Where log lines go (standard output when unset); tests read them from here. */
  logStream?: NodeJS.WritableStream;
}

/** Builds the whole server (API + built client) from a config and an open, migrated database. */
export async function buildApp({ config, database, logStream }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logStream ? { level: config.logLevel, stream: logStream } : { level: config.logLevel },
    disableRequestLogging: true,
    trustProxy: true,
    bodyLimit: 100 * 1024,
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  app.setErrorHandler(handleError);

  await app.register(helmet, {
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
  await app.register(rateLimit, { global: false });

  registerHealthRoutes(app, { database });
  registerContactRoutes(app, { db: database.db });
  await registerClientApp(app, { clientDir: config.clientDir });

  return app;
}
