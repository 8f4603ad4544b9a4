import { getSessionFromCtx } from 'better-auth/api';
import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { account, user } from '../db/schema';
import { accountNoticeEmail, type AccountNotice } from '../mail/account-emails';
import type { Mailer } from '../mail/mailer';
import { resetTokenUserId, type AuthHookContext } from './hook-context';

interface NoticeDependencies {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  log?: (level: 'warn', message: string) => void;
}

/** The change a request will make to an account if it succeeds, and whose account it is. */
async function pendingNotice(ctx: AuthHookContext): Promise<{ notice: AccountNotice; userId: string } | undefined> {
  if (ctx.path === '/reset-password') {
    const userId = await resetTokenUserId(ctx);
    return userId ? { notice: 'passwordChanged', userId } : undefined;
  }
  const bySession: Record<string, AccountNotice> = {
    '/change-password': 'passwordChanged',
    '/two-factor/disable': 'twoFactorOff',
    '/two-factor/generate-backup-codes': 'backupCodesRenewed',
    '/two-factor/verify-totp': 'twoFactorOn',
  };
  const notice = bySession[ctx.path];
  if (!notice) return undefined;
  const session = await getSessionFromCtx(ctx);
  if (!session) return undefined;
  // A code typed while signed in turns two-factor on only the first time; afterwards it just confirms the session.
  if (notice === 'twoFactorOn' && session.user.twoFactorEnabled) return undefined;
  return { notice, userId: session.user.id };
}

/**
 * E-mails the owner of an account when its password, its two-factor setting or its sign-in methods change, so that a
 * change they did not make does not go unnoticed. A notice that cannot be sent is logged; the change stands.
 */
export function createAccountNotices({ db, mailer, publicUrl, log }: NoticeDependencies) {
  const pending = new WeakMap<Request, { notice: AccountNotice; userId: string }>();

  async function send(notice: AccountNotice, userId: string, method?: string) {
    const [row] = await db.select({ email: user.email, language: user.language }).from(user).where(eq(user.id, userId));
    if (!row) return;
    try {
      await mailer.send(accountNoticeEmail(notice, { to: row.email, language: row.language, publicUrl, method }));
    } catch (error) {
      log?.('warn', `Could not e-mail the ${notice} notice: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    async before(ctx: AuthHookContext) {
      const found = ctx.request ? await pendingNotice(ctx) : undefined;
      if (found) pending.set(ctx.request!, found);
    },
    async after(ctx: AuthHookContext) {
      const found = ctx.request ? pending.get(ctx.request) : undefined;
      if (!found) return;
      pending.delete(ctx.request!);
      if (!(ctx.context.returned instanceof Error)) await send(found.notice, found.userId);
    },
    /** A sign-in method was linked: a notice unless it is the account's first (the account is being created). */
    async methodAdded(added: { userId: string; providerId: string }) {
      const [{ methods } = { methods: 0 }] = await db.select({ methods: count() }).from(account).where(eq(account.userId, added.userId));
      if (methods > 1) await send('signInMethodAdded', added.userId, added.providerId);
    },
  };
}
