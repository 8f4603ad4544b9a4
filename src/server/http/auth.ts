import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SIGN_IN_THROTTLE_MESSAGE } from '../../shared/api/account';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { Config } from '../config';
import { passedOnMessageKey, sendError } from './errors';

const SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`;

function emailOf(body: Buffer | undefined): string | undefined {
  if (!body?.length) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { email?: unknown };
    return typeof parsed.email === 'string' ? parsed.email.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

function toWebRequest(request: FastifyRequest, publicUrl: string, body: Buffer | undefined): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Better Auth reads the client address from this header; Fastify has already resolved it (trustProxy).
  headers.set('x-forwarded-for', request.ip);
  headers.set('x-forwarded-proto', request.protocol);
  const hasBody = body !== undefined && body.length > 0 && request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, publicUrl), { method: request.method, headers, body: hasBody ? new Uint8Array(body) : undefined });
}

/**
 * Better Auth's endpoints under /api/auth: the request goes to auth.handler as it came (raw body, every header) and
 * the answer comes back as it is, every Set-Cookie included. Error answers get the product's `success: false`, and the
 * translation key of their code.
 * Failed password sign-ins are counted per e-mail and address, and refused with 429 once there are too many.
 */
export async function registerAuthRoutes(app: FastifyInstance, { auth, config, throttle }: { auth: Auth; config: Config; throttle: SignInThrottle }) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${AUTH_BASE_PATH}/*`,
      async handler(request, reply) {
        const body = request.body as Buffer | undefined;
        const isPasswordSignIn = request.method === 'POST' && request.url.split('?')[0] === SIGN_IN_PATH;
        const email = isPasswordSignIn ? emailOf(body) : undefined;
        if (isPasswordSignIn && (await throttle.isBlocked(email, request.ip))) {
          return sendError(reply, 429, { message: SIGN_IN_THROTTLE_MESSAGE, code: 'TOO_MANY_ATTEMPTS' });
        }

        const response = await auth.handler(toWebRequest(request, config.publicUrl, body));

        if (isPasswordSignIn) {
          if (response.status === 401 || response.status === 403) await throttle.recordFailure(email, request.ip);
          else if (response.ok && email) await throttle.recordSuccess(email);
        }

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
            if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return reply.send({ success: false, ...parsed, ...passedOnMessageKey(parsed.code) });
          } catch {
            // Not JSON after all: sent as it is below.
          }
        }
        return reply.send(text.length ? text : null);
      },
    });
  });
}
