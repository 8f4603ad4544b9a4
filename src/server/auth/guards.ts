import type { FastifyReply, FastifyRequest } from 'fastify';
import { user } from '../db/schema';
import { sendError } from '../http/errors';
import type { Auth } from './auth';
import { authHeaders } from './request-headers';

/** The signed-in user, read fresh from the database for every request that needs it. */
export type SignedInUser = typeof user.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin. */
    account: SignedInUser | null;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = 'Please login to continue';

/**
 * The user of the request's session cookie, or null for a visitor (no cookie, or an expired or revoked session).
 * With the session cookie cache off (auth.ts), Better Auth reads the session and then the user row on every call.
 */
export async function currentUser(auth: Auth, request: FastifyRequest): Promise<SignedInUser | null> {
  if (!request.headers.cookie) return null;
  const session = await auth.api.getSession({ headers: authHeaders(request) });
  if (!session) return null;
  const account = session.user;
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    emailVerified: account.emailVerified,
    image: account.image ?? null,
    createdAt: account.createdAt,
    updatedAt: account.updatedAt,
    twoFactorEnabled: account.twoFactorEnabled ?? false,
    username: account.username ?? null,
    isAdmin: account.isAdmin ?? false,
    marketingPreference: account.marketingPreference ?? false,
    language: account.language ?? 'en',
    theme: account.theme ?? 'system',
  };
}

/** preHandlers that answer 401 to visitors and, for admin routes, 403 to users who may not use them. */
export function createGuards(auth: Auth) {
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    request.account = await currentUser(auth, request);
    if (!request.account) return sendError(reply, 401, { message: SIGN_IN_REQUIRED_MESSAGE });
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    request.account = await currentUser(auth, request);
    const account = request.account;
    if (!account) return sendError(reply, 401, { message: SIGN_IN_REQUIRED_MESSAGE });
    if (!account.isAdmin) return sendError(reply, 403, { message: 'Admin access required', code: 'ADMIN_REQUIRED' });
    if (!account.twoFactorEnabled) {
      return sendError(reply, 403, { message: 'Two-factor authentication is required for admin access', code: 'TWO_FACTOR_REQUIRED' });
    }
  }

  return { requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;
