import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth';
import { authHeaders } from '../auth/request-headers';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { passedOnMessageKey } from './errors';

function toWebRequest(request: FastifyRequest, publicUrl: string, body: Buffer | undefined): Request {
  const headers = authHeaders(request);
  const hasBody = body !== undefined && body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body: hasBody ? new Uint8Array(body) : undefined });
}

/**
 * Better Auth's endpoints under /api/auth: the request goes to auth.handler as it came (raw body, every header) and
 * the answer comes back as it is, every Set-Cookie included. Error answers get the product's `success: false`, and the
 * translation key of their code. Password and code checks are bounded inside Better Auth (auth/attempt-limits.ts), on
 * the body it actually parsed.
 */
export async function registerAuthRoutes(app: FastifyInstance, { auth, config, db }: { auth: Auth; config: Config; db: Database }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${AUTH_BASE_PATH}/*`,
      async handler(request, reply) {
        const response = await auth.handler(toWebRequest(request, config.publicUrl, request.body as Buffer | undefined));
        // Some endpoints (get-session) answer a lost database with their own 500; when the database is unreachable
        // the probe throws, and the error handler answers 503 like every other route.
        if (response.status >= 500) await db.execute(sql`select 1`);

        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);

        const text = await response.text();
        if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json')) {
          try {
            const parsed = JSON.parse(text) as Record<string, unknown>;
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
              // The product's own refusals in the auth hooks carry their key; Better Auth's get the key of their code.
              const keyed = typeof parsed.messageKey === 'string' ? {} : passedOnMessageKey(parsed.code);
              return reply.send({ success: false, ...parsed, ...keyed });
            }
          } catch {
            // Not JSON after all: sent as it is below.
          }
        }
        return reply.send(text.length ? text : null);
      },
    });
  });
}
