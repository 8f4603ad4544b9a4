import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
const flagsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3');

/** Country flags, self-hosted from the flag-icons set at /flags/{lowercase ISO code}.svg; they never change. */
export async function registerFlagRoutes(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: flagsDir,
    prefix: '/flags/',
    decorateReply: false,
    wildcard: false,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
    },
  });
}
