import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { user } from '../db/schema';
import { totpCode } from './accounts';
import type { useTestApp } from './app';

const PASSWORD = 'Lagos-to-Accra-2026';

/** A browser signed in as a verified admin who has given a two-factor code: what the admin API asks for. */
export async function signedInAdmin(testApp: ReturnType<typeof useTestApp>, email = 'boss@example.com') {
  const browser = testApp.client();
  expect((await browser.signUp(email, PASSWORD)).statusCode).toBe(200);
  const [account] = await testApp.database.db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, email)).returning();
  const { totpURI } = (await browser.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
  expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
  return { browser, id: account!.id, email };
}
