import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Auth } from '../auth/auth';
import type { SignedInUser } from '../auth/guards';
import { addressKey, emailKey, tooManyChecksError, twoFactorKey, type SignInThrottle } from '../auth/sign-in-throttle';
import type { Database } from '../db/client';
import { account, twoFactor } from '../db/schema';
import { DomainError } from '../domain-error';

/** A Google-only account proves itself by a sign-in this recent (its session's age). */
export const FRESH_SIGN_IN_MS = 5 * 60 * 1000;

export interface IdentityProof {
  password?: string | undefined;
  code?: string | undefined;
}

export interface ReauthenticationRequest {
  user: SignedInUser;
  /** When the session of the request was opened. */
  sessionCreatedAt: Date;
  ip: string;
  proof: IdentityProof;
  now: Date;
}

const invalid = (code: string, key: 'validation.passwordRequired' | 'apiErrors.deletionCodeRequired', field: string) =>
  new DomainError('invalid', code, { key }, { field });

/**
 * Checks that the person at the keyboard is the account's owner before an irreversible change: the password (or, for an
 * account without one, a Google sign-in of the last few minutes), plus a current code or a backup code when two-factor
 * is on. Every password and code checked counts in the sign-in throttle under the same keys a sign-in uses, so this
 * call cannot be used to guess either.
 */
export function createReauthentication({ db, auth, throttle }: { db: Database; auth: Auth; throttle: SignInThrottle }) {
  /** Reserves one check under `keys`, runs it, and gives the account its count back when it succeeds. */
  async function counted(keys: string[], check: () => Promise<boolean>, refused: () => DomainError) {
    const reservation = await throttle.reserve(keys);
    if (!reservation.allowed) throw tooManyChecksError(reservation);
    if (!(await check())) throw refused();
    await throttle.succeeded(keys);
  }

  async function passwordMatches(hash: string, password: string): Promise<boolean> {
    const context = await auth.$context;
    return context.password.verify({ hash, password });
  }

  /** A current TOTP code (one 30-second step either side, as the plugin allows) or an unused backup code. */
  async function codeMatches(userId: string, typed: string): Promise<boolean> {
    const [row] = await db
      .select({ secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId));
    if (!row) return false;
    const { secretConfig } = await auth.$context;
    const code = typed.replace(/\s/g, '');
    if (/^\d{6}$/.test(code)) {
      const secret = await symmetricDecrypt({ key: secretConfig, data: row.secret });
      const raw = secret.startsWith('base32:') ? Secret.fromBase32(secret.slice(7)) : Secret.fromUTF8(secret);
      return new TOTP({ secret: raw, digits: 6, period: 30 }).validate({ token: code, window: 1 }) !== null;
    }
    const backupCodes = JSON.parse(await symmetricDecrypt({ key: secretConfig, data: row.backupCodes })) as unknown;
    return Array.isArray(backupCodes) && backupCodes.includes(typed.trim());
  }

  return async function confirmIdentity({ user, sessionCreatedAt, ip, proof, now }: ReauthenticationRequest): Promise<void> {
    const [credential] = await db
      .select({ password: account.password })
      .from(account)
      .where(and(eq(account.userId, user.id), eq(account.providerId, 'credential')));
    if (credential?.password) {
      const password = proof.password ?? '';
      if (!password) throw invalid('PASSWORD_REQUIRED', 'validation.passwordRequired', 'password');
      await counted(
        [emailKey(user.email), addressKey(ip)],
        () => passwordMatches(credential.password!, password),
        () => new DomainError('invalid', 'INVALID_PASSWORD', { key: 'profile.twoFactor.passwordInvalid' }, { field: 'password' }),
      );
    } else if (now.getTime() - sessionCreatedAt.getTime() > FRESH_SIGN_IN_MS) {
      throw new DomainError('forbidden', 'FRESH_SIGN_IN_REQUIRED', { key: 'apiErrors.freshSignInRequired' });
    }
    if (user.twoFactorEnabled) {
      const code = proof.code?.trim() ?? '';
      if (!code) throw invalid('CODE_REQUIRED', 'apiErrors.deletionCodeRequired', 'code');
      await counted(
        [twoFactorKey(user.id)],
        () => codeMatches(user.id, code),
        () => new DomainError('invalid', 'INVALID_CODE', { key: 'profile.twoFactor.codeInvalid' }, { field: 'code' }),
      );
    }
  };
}

export type ConfirmIdentity = ReturnType<typeof createReauthentication>;
