import type { FastifyReply, FastifyRequest } from 'fastify';
import { user } from '../db/schema';
import { keyedMessage, sendError } from '../http/errors';
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

/** The signed-in user of a request's session, and whether this session's browser gave a two-factor code. */
interface CurrentSession {
  user: SignedInUser;
  secondFactorVerified: boolean;
}

async function currentSession(auth: Auth, request: FastifyRequest): Promise<CurrentSession | null> {
  if (!request.headers.cookie) return null;
  const session = await auth.api.getSession({ headers: authHeaders(request) });
  if (!session) return null;
  const account = session.user;
  return {
    user: {
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
    },
    secondFactorVerified: Boolean(session.session.twoFactorVerifiedAt),
  };
}

/**
 * The user of the request's session cookie, or null for a visitor (no cookie, or an expired or revoked session).
 * With the session cookie cache off (auth.ts), Better Auth reads the session and then the user row on every call.
 */
export async function currentUser(auth: Auth, request: FastifyRequest): Promise<SignedInUser | null> {
  return (await currentSession(auth, request))?.user ?? null;
}

/** preHandlers that answer 401 to visitors and, for admin routes, 403 to users who may not use them. */
export function createGuards(auth: Auth) {
  async function requireUser(request: FastifyRequest, reply: FastifyReply) {
    request.account = await currentUser(auth, request);
    if (!request.account) return sendError(reply, 401, keyedMessage({ key: 'apiErrors.signInRequired' }));
  }

  /**
   * An admin with a confirmed e-mail address and two-factor on, whose session passed it: a session opened without the
   * code (before two-factor was turned on, for instance) is refused until its browser gives one.
   */
  async function requireAdmin(request: FastifyRequest, reply: FastifyReply) {
    const session = await currentSession(auth, request);
    request.account = session?.user ?? null;
    if (!session) return sendError(reply, 401, keyedMessage({ key: 'apiErrors.signInRequired' }));
    if (!session.user.isAdmin) return sendError(reply, 403, { ...keyedMessage({ key: 'apiErrors.adminRequired' }), code: 'ADMIN_REQUIRED' });
    // Admin rights granted before the address was proved (an older account) wait for the proof.
    if (!session.user.emailVerified)
      return sendError(reply, 403, { ...keyedMessage({ key: 'apiErrors.emailNotVerified' }), code: 'EMAIL_NOT_VERIFIED' });
    if (!session.user.twoFactorEnabled)
      return sendError(reply, 403, { ...keyedMessage({ key: 'apiErrors.twoFactorRequired' }), code: 'TWO_FACTOR_REQUIRED' });
    if (!session.secondFactorVerified) {
      return sendError(reply, 403, { ...keyedMessage({ key: 'apiErrors.secondFactorRequired' }), code: 'SECOND_FACTOR_REQUIRED' });
    }
  }

  return { requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;
