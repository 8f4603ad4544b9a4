import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { sendError } from '../http/errors';
import type { Auth } from './auth';

/** The signed-in user, read fresh from the database for every request that needs it. */
export type SignedInUser = typeof user.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser / requireAdmin. */
    account: SignedInUser | null;
  }
}

export const SIGN_IN_REQUIRED_MESSAGE = 'Please login to continue';

/** The user of the request's session cookie, or null for a visitor (no cookie, or an expired or revoked session). */
export async function currentUser(auth: Auth, db: Database, request: FastifyRequest): Promise<SignedInUser | null> {
  if (!request.headers.cookie) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const [row] = await db.select().from(user).where(eq(user.id, session.user.id)).limit(1);
  return row ?? null;
}

/** preHandlers that answer 401 to visitors and, for admin routes, 403 to users who may not use them. */
export function createGuards(auth: Auth, db: Database) {
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    request.account = await currentUser(auth, db, request);
    if (!request.account) return sendError(reply, 401, { message: SIGN_IN_REQUIRED_MESSAGE });
  }

  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    request.account = await currentUser(auth, db, request);
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
