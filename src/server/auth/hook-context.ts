import type { createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';

/** What a Better Auth hook receives. */
export type AuthHookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The two-factor plugin's cookie naming a pending sign-in's challenge. */
export const TWO_FACTOR_COOKIE = 'two_factor';

/**
 * The e-mail a password sign-in names, when Better Auth will look it up: it checks no password for a value that fails
 * its own z.email() test.
 */
export function signInEmail(ctx: AuthHookContext): string | undefined {
  const email = (ctx.body as Record<string, unknown> | undefined)?.email;
  return typeof email === 'string' && z.email().safeParse(email).success ? email : undefined;
}

/** The user a pending two-factor sign-in belongs to, from its signed challenge cookie (as the plugin reads it). */
export async function challengedUserId(ctx: AuthHookContext): Promise<string | undefined> {
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return undefined;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value;
}

/**
 * The user a password-reset token in the body belongs to. Hooks run before Better Auth validates the body, so only a
 * token of the shape Better Auth issues is looked up.
 */
export async function resetTokenUserId(ctx: AuthHookContext): Promise<string | undefined> {
  const token = (ctx.body as Record<string, unknown> | undefined)?.token;
  if (typeof token !== 'string' || !/^[\w-]{1,255}$/.test(token)) return undefined;
  const reset = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return reset?.value;
}
