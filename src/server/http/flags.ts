import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SVG_CSP } from './client-app';

const ONE_YEAR_S = 365 * 24 * 60 * 60;
export const FLAGS_PACKAGE_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags/4x3');

/**
 * Country flags, self-hosted from the flag-icons set at /flags/{lowercase ISO code}.svg; they never change. The build
 * copies them into the client with their brotli and gzip forms (scripts/compress-assets.ts), served by the request's
 * Accept-Encoding; without a build, from the package as they are.
 */
export async function registerFlagRoutes(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const built = path.join(clientDir, '.flags');
  await app.register(fastifyStatic, {
    root: existsSync(built) ? built : FLAGS_PACKAGE_DIR,
    preCompressed: true,
    prefix: '/flags/',
    decorateReply: false,
    wildcard: false,
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_S}, immutable`);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Content-Security-Policy', SVG_CSP);
    },
  });
}
