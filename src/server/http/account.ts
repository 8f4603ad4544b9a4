import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  updateSettingsRequestSchema,
  updateUserRequestSchema,
  type AccountUser,
  type LogoutResponse,
  type UpdateSettingsResponse,
  type UserResponse,
  type UserSettings,
} from '../../shared/api/account';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, THEMES, DEFAULT_THEME, type Language, type Theme } from '../../shared/constants';
import type { Auth } from '../auth/auth';
import type { Guards, SignedInUser } from '../auth/guards';
import { authHeaders } from '../auth/request-headers';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { DomainError } from '../domain-error';
import type { SessionCopies } from '../shared-state/auth-storage';
import { parseWith } from './errors';

const usernameTaken = () => new DomainError('conflict', 'USERNAME_TAKEN', { key: 'apiErrors.usernameTaken' }, { field: 'username' });

export function toAccountUser(row: SignedInUser): AccountUser {
  return { id: row.id, email: row.email, username: row.username, is_admin: row.isAdmin };
}

function settingsOf(row: SignedInUser): UserSettings {
  return {
    language: (SUPPORTED_LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : DEFAULT_LANGUAGE,
    theme: (THEMES as readonly string[]).includes(row.theme) ? (row.theme as Theme) : DEFAULT_THEME,
    receiptEmails: row.receiptEmails,
  };
}

/** docs/product.md §7 account calls: the signed-in user, admin status, username, settings and logout. */
export function registerAccountRoutes(
  app: FastifyInstance,
  { auth, db, guards, sessions }: { auth: Auth; db: Database; guards: Guards; sessions: SessionCopies },
) {
  const { requireUser } = guards;

  app.get('/api/user', { preHandler: requireUser }, async (request) => {
    return { success: true, user: toAccountUser(request.account!), settings: settingsOf(request.account!) } satisfies UserResponse;
  });

  // The guard reads the user row on every request, so is_admin is always the database's current value.
  app.get('/api/user/refresh-admin-status', { preHandler: requireUser }, async (request) => {
    return { success: true, user: toAccountUser(request.account!), settings: settingsOf(request.account!) } satisfies UserResponse;
  });

  app.patch('/api/user', { preHandler: requireUser }, async (request) => {
    const account = request.account!;
    const input = parseUsername(request.body);
    if (input.username) {
      const [taken] = await db
        .select({ id: user.id })
        .from(user)
        .where(and(eq(user.username, input.username), ne(user.id, account.id)))
        .limit(1);
      if (taken) throw usernameTaken();
    }
    try {
      const [row] = await db.update(user).set({ username: input.username }).where(eq(user.id, account.id)).returning();
      await sessions.forgetUser(account.id);
      return { success: true, user: toAccountUser(row!), settings: settingsOf(row!) } satisfies UserResponse;
    } catch (error) {
      // Two requests for the same name at once: the unique constraint decides.
      if (
        (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
        (error as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        throw usernameTaken();
      }
      throw error;
    }
  });

  app.get('/api/user/settings', async (request, reply) => {
    const account = await guards.currentUser(request);
    if (!account) return reply.status(401).send({ language: DEFAULT_LANGUAGE });
    return settingsOf(account);
  });

  app.post('/api/user/settings', { preHandler: requireUser }, async (request) => {
    const input = parseWith(updateSettingsRequestSchema, request.body);
    const [row] = await db.update(user).set(input).where(eq(user.id, request.account!.id)).returning();
    await sessions.forgetUser(request.account!.id);
    return { success: true, settings: settingsOf(row!) } satisfies UpdateSettingsResponse;
  });

  // Ends the session in the database and clears the cookies; a visitor or an already-ended session gets the same answer.
  app.post('/api/logout', async (request, reply) => {
    if (request.headers.cookie) {
      const result = await auth.api.signOut({ headers: authHeaders(request), returnHeaders: true }).catch(() => undefined);
      const cookies = result?.headers.getSetCookie() ?? (await expiredAuthCookies(auth));
      reply.header('set-cookie', cookies);
    }
    return { success: true } satisfies LogoutResponse;
  });
}

export async function expiredAuthCookies(auth: Auth): Promise<string[]> {
  const { authCookies } = await auth.$context;
  return [authCookies.sessionToken, authCookies.dontRememberToken].map(
    ({ name, attributes }) => `${name}=; Max-Age=0; Path=${attributes.path ?? '/'}; HttpOnly; SameSite=Lax${attributes.secure ? '; Secure' : ''}`,
  );
}

function parseUsername(body: unknown) {
  const result = updateUserRequestSchema.safeParse(body ?? {});
  if (!result.success) throw new DomainError('invalid', 'VALIDATION_FAILED', { key: 'apiErrors.usernameInvalid' }, { field: 'username' });
  return result.data;
}
