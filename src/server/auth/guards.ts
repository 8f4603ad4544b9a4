import type { FastifyRequest } from 'fastify';
import { user } from '../db/schema';
import { DomainError } from '../domain-error';
import type { Auth } from './auth';
import { accountBlockedError } from './blocked-accounts';
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
      blockedAt: account.blockedAt ?? null,
      blockedReason: account.blockedReason ?? null,
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

/** A request without a session: its status says it all, so its answer carries no code. */
const signInRequired = () => new DomainError('unauthenticated', undefined, { key: 'apiErrors.signInRequired' });

/**
 * preHandlers that refuse visitors (401) and, for admin routes, users who may not use them (403). A refusal is thrown
 * as a DomainError, which the app's error handler answers like any other.
 */
export function createGuards(auth: Auth) {
  async function requireUser(request: FastifyRequest) {
    request.account = await currentUser(auth, request);
    if (!request.account) throw signInRequired();
    // A blocked account's sessions ended when it was blocked; one that slipped through (signed in while the block was
    // being written) is refused all the same.
    if (request.account.blockedAt) throw accountBlockedError();
  }

  /**
   * An admin with a confirmed e-mail address and two-factor on, whose session passed it: a session opened without the
   * code (before two-factor was turned on, for instance) is refused until its browser gives one.
   */
  async function requireAdmin(request: FastifyRequest) {
    const session = await currentSession(auth, request);
    request.account = session?.user ?? null;
    if (!session) throw signInRequired();
    if (session.user.blockedAt) throw accountBlockedError();
    if (!session.user.isAdmin) throw new DomainError('forbidden', 'ADMIN_REQUIRED', { key: 'apiErrors.adminRequired' });
    // Admin rights granted before the address was proved (an older account) wait for the proof.
    if (!session.user.emailVerified) throw new DomainError('forbidden', 'EMAIL_NOT_VERIFIED', { key: 'apiErrors.emailNotVerified' });
    if (!session.user.twoFactorEnabled) throw new DomainError('forbidden', 'TWO_FACTOR_REQUIRED', { key: 'apiErrors.twoFactorRequired' });
    if (!session.secondFactorVerified) {
      throw new DomainError('forbidden', 'SECOND_FACTOR_REQUIRED', { key: 'apiErrors.secondFactorRequired' });
    }
  }

  return { requireUser, requireAdmin };
}

export type Guards = ReturnType<typeof createGuards>;
