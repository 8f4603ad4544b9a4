import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { accountClient, totpCode } from './accounts';

export const TEST_PASSWORD = 'Lagos-to-Accra-2026';

let addressCounter = 0;

/** A new browser from an address of its own, so per-address limits count each on its own. */
export const newBrowser = (app: FastifyInstance) => accountClient(app, `192.0.2.${(++addressCounter % 250) + 1}`);

/** A browser signed in to a new account; `id` is the account's user id. */
export async function signedUpBrowser(app: FastifyInstance, db: Database, email: string) {
  const browser = newBrowser(app);
  const answer = await browser.signUp(email, TEST_PASSWORD);
  expect(answer.statusCode, answer.body).toBe(200);
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return Object.assign(browser, { id: row!.id, email });
}

/**
 * A browser signed in as an admin the console lets in: admin rights, a confirmed address, two-factor on and this
 * session's code given. `totpURI` gives the codes of later sign-ins.
 */
export async function signedInAdmin(app: FastifyInstance, db: Database, email: string) {
  const browser = await signedUpBrowser(app, db, email);
  await db.update(user).set({ isAdmin: true, emailVerified: true }).where(eq(user.email, email));
  const { totpURI } = (await browser.post('/api/auth/two-factor/enable', { password: TEST_PASSWORD })).json() as { totpURI: string };
  expect((await browser.post('/api/auth/two-factor/verify-totp', { code: totpCode(totpURI) })).statusCode).toBe(200);
  return Object.assign(browser, { totpURI });
}
