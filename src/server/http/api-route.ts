import type { FastifyRequest } from 'fastify';

/**
 * Whether the route that will run is an API route. Decided on the route the router matched, not on the raw URL, so
 * every spelling that reaches an API handler (`/%61pi/…` included) counts.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  return route !== undefined && (route === '/api' || route.startsWith('/api/'));
}
