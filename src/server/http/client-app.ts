import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/routes';
import { sendError } from './errors';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves the built browser app: hashed assets cached for a year, other public files for an hour, and index.html for
 * every page route (404 status for paths the app does not know, so the browser still renders the not-found page).
 * Anything under /api that no route answered gets a JSON 404.
 */
export async function registerClientApp(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  const indexPath = path.join(clientDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes(`${path.sep}flags${path.sep}`);
        res.setHeader('Cache-Control', immutable ? `public, max-age=${ONE_YEAR_S}, immutable` : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return sendError(reply, 404, { message: `No API route ${request.method} ${pathname}`, code: 'NOT_FOUND' });
    }
    const isFile = /\.[a-z0-9]+$/i.test(pathname);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !indexHtml || isFile) {
      return sendError(reply, 404, { message: `Not found: ${pathname}`, code: 'NOT_FOUND' });
    }
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
