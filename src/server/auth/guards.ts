import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { DomainError } from '../domain-error';
import type { Auth } from './auth';
import { accountBlockedError } from './blocked-accounts';
import { authHeaders } from './request-headers';
import type { SessionReader } from './session-reader';

/** The signed-in user, read fresh from the database for every request that needs it. */
/** The account as a request sees it; the payment provider's customer id is read where a card is saved, never from the session. */
export type SignedInUser = Omit<typeof user.$inferSelect, 'paymentCustomerId'>;

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

/**
 * How a request's session is read. The usual one (a signed cookie, its session found, unexpired, not due for its daily
 * refresh) is read by `reader` with its user in one query (ADR 030); the rest by Better Auth. Without a secondary
 * storage, Better Auth reads the session row and its user from the database in one query. With one (REDIS_URL), it
 * answers from its copy, whose user is as it was when the copy was written: the user row is then read from the
 * database here, so that admin rights, a block or a grant made outside the app (npm run admin:grant) take effect at
 * once, as they always have.
 */
export interface SessionReading {
  auth: Auth;
  /** Reads the usual session in one query (session-reader.ts); what it leaves undecided is Better Auth's to read. */
  reader: SessionReader;
  /** Set when sessions are read from copies: the database to read the user row from. */
  freshUserFrom?: Database;
}

async function currentSession({ auth, reader, freshUserFrom }: SessionReading, request: FastifyRequest): Promise<CurrentSession | null> {
  if (!request.headers.cookie) return null;
  const read = await reader(request.headers.cookie);
  if (read !== undefined) return read && { user: read.user, secondFactorVerified: read.twoFactorVerifiedAt !== null };
  const session = await auth.api.getSession({ headers: authHeaders(request) });
  if (!session) return null;
  const secondFactorVerified = Boolean(session.session.twoFactorVerifiedAt);
  if (freshUserFrom) {
    const [row] = await freshUserFrom.select().from(user).where(eq(user.id, session.user.id));
    return row ? { user: row, secondFactorVerified } : null;
  }
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
      receiptEmails: account.receiptEmails ?? true,
      deletedAt: account.deletedAt ?? null,
    },
    secondFactorVerified,
  };
}

/**
 * The user of the request's session cookie, or null for a visitor (no cookie, or an expired or revoked session).
 * With the session cookie cache off (auth.ts), Better Auth reads the session and then the user row on every call.
 */
export async function currentUser(reading: SessionReading, request: FastifyRequest): Promise<SignedInUser | null> {
  return (await currentSession(reading, request))?.user ?? null;
}

/** A request without a session: its status says it all, so its answer carries no code. */
const signInRequired = () => new DomainError('unauthenticated', undefined, { key: 'apiErrors.signInRequired' });

/**
 * preHandlers that refuse visitors (401) and, for admin routes, users who may not use them (403). A refusal is thrown
 * as a DomainError, which the app's error handler answers like any other.
 */
export function createGuards(reading: SessionReading) {
  async function requireUser(request: FastifyRequest) {
    request.account = await currentUser(reading, request);
    // A deleted account has no sessions; one read a moment before the deletion ended them counts as signed out.
    if (!request.account || request.account.deletedAt) throw signInRequired();
    // A blocked account's sessions ended when it was blocked; one that slipped through (signed in while the block was
    // being written) is refused all the same.
    if (request.account.blockedAt) throw accountBlockedError();
  }

  /**
   * An admin with a confirmed e-mail address and two-factor on, whose session passed it: a session opened without the
   * code (before two-factor was turned on, for instance) is refused until its browser gives one.
   */
  async function requireAdmin(request: FastifyRequest) {
    const session = await currentSession(reading, request);
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

  /**
   * A signed-in user whose session gave a two-factor code when two-factor is on: for calls that hand over everything
   * the account holds. A session opened before two-factor was turned on is refused until its browser gives a code.
   */
  async function requireVerifiedUser(request: FastifyRequest) {
    const session = await currentSession(reading, request);
    request.account = session?.user ?? null;
    if (!session || session.user.deletedAt) throw signInRequired();
    if (session.user.blockedAt) throw accountBlockedError();
    if (session.user.twoFactorEnabled && !session.secondFactorVerified) {
      throw new DomainError('forbidden', 'SECOND_FACTOR_REQUIRED', { key: 'apiErrors.secondFactorRequired' });
    }
  }

  return { requireUser, requireAdmin, requireVerifiedUser, currentUser: (request: FastifyRequest) => currentUser(reading, request) };
}

export type Guards = ReturnType<typeof createGuards>;
