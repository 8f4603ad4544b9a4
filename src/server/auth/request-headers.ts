import type { FastifyRequest } from 'fastify';

/** Better Auth reads the client address from this header (`advanced.ipAddress` in auth.ts). */
export const CLIENT_ADDRESS_HEADER = 'x-forwarded-for';

/**
 * A request's headers as Better Auth sees them: the client address and protocol are the ones Fastify resolved under
 * TRUST_PROXY, replacing whatever forwarding headers the client wrote, so its session records and the attempt limits
 * use the real address.
 */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  headers.set('x-forwarded-proto', request.protocol);
  return headers;
}
