import type { FastifyInstance, FastifyRequest } from 'fastify';
import { deleteAccountRequestSchema, exportFileName, YOUR_DATA_PATHS, type DeleteAccountResponse } from '../../shared/api/your-data';
import { createReauthentication } from '../account/reauthentication';
import { deleteAccount, exportPersonalData, assertDeletable } from '../account/your-data';
import type { Auth } from '../auth/auth';
import type { Guards } from '../auth/guards';
import { authHeaders } from '../auth/request-headers';
import { createSignInThrottle } from '../auth/sign-in-throttle';
import type { AttemptCounts } from '../db/attempt-counts';
import type { Database } from '../db/client';
import { DomainError } from '../domain-error';
import type { PaymentProvider } from '../payments/provider';
import { detachDeletedCards, savedCardsOf } from '../saved-cards/saved-cards';
import type { SessionCopies } from '../shared-state/auth-storage';
import { expiredAuthCookies } from './account';
import { parseWith } from './errors';

interface YourDataDependencies {
  auth: Auth;
  db: Database;
  guards: Guards;
  sessions: SessionCopies;
  counts: AttemptCounts;
  now: () => Date;
  /** The payment provider, whose copies of a deleted account's saved cards are detached. */
  payments?: () => PaymentProvider;
}

/** The profile's "Your data": download everything held about the customer, and delete the account (ADR 024). */
export function registerYourDataRoutes(app: FastifyInstance, { auth, db, guards, sessions, counts, now, payments }: YourDataDependencies) {
  const confirmIdentity = createReauthentication({ db, auth, throttle: createSignInThrottle(counts) });

  /** When the request's session was opened (a Google-only account proves itself by a recent one). */
  async function sessionOpenedAt(request: FastifyRequest): Promise<Date> {
    const current = await auth.api.getSession({ headers: authHeaders(request) });
    if (!current) throw new DomainError('unauthenticated', undefined, { key: 'apiErrors.signInRequired' });
    return new Date(current.session.createdAt);
  }

  app.get(YOUR_DATA_PATHS.export, { preHandler: guards.requireVerifiedUser }, async (request, reply) => {
    const account = request.account!;
    const at = now();
    const data = await exportPersonalData(db, account.id, at);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(at)}"`)
      .send(JSON.stringify(data, null, 2));
  });

  app.post(YOUR_DATA_PATHS.delete, { preHandler: guards.requireUser }, async (request, reply) => {
    const account = request.account!;
    const proof = parseWith(deleteAccountRequestSchema, request.body);
    // Said before any password is checked (no attempt is spent on a deletion that cannot happen); checked again under
    // the lock that deletes.
    await assertDeletable(db, account);
    const sessionCreatedAt = await sessionOpenedAt(request);
    await confirmIdentity({ user: account, sessionCreatedAt, ip: request.ip, proof, now: now() });
    const cards = await savedCardsOf(db, account.id);
    await deleteAccount(db, account.id, now());
    if (payments) await detachDeletedCards(payments(), cards, request.log);
    // The sessions' rows went with the account; their copies in the shared Redis go now.
    await sessions.forgetUser(account.id);
    reply.header('set-cookie', await expiredAuthCookies(auth));
    return { success: true } satisfies DeleteAccountResponse;
  });
}
