import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../domain-error';
import { isApiRoute } from './api-route';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isOwnOrigin(request: FastifyRequest, origin: string, publicUrl: string): boolean {
  if (origin === publicUrl) return true;
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * Refuses state-changing API calls that a browser made from another site: `Sec-Fetch-Site: cross-site`, or an
 * Origin header that is neither PUBLIC_URL nor the request's own host. Calls without an Origin (curl, servers) pass.
 * The session cookie is SameSite=Lax as well; this also covers same-site subdomains and older browsers.
 * The router has already matched the request when this runs, so every spelling of a path that reaches an API
 * handler (percent-encoded letters included) is checked.
 */
export function registerCrossSiteProtection(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  // A callback hook, not an async one: it runs for every request, and most of them are reads it lets through at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!UNSAFE_METHODS.has(request.method)) return done();
    if (!isApiRoute(request)) return done();
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    if (site === 'cross-site' || (origin !== undefined && !isOwnOrigin(request, origin, publicUrl))) {
      done(new DomainError('forbidden', 'CROSS_SITE', { text: 'Cross-site request refused' }));
      return;
    }
    done();
  });
}
