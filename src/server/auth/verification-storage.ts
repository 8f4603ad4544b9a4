import { createHash } from 'node:crypto';
import { and, eq, like, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { verification } from '../db/schema';

const RESET_PREFIX = 'reset-password:';
export const TRUST_DEVICE_PREFIX = 'trust-device-';

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * How Better Auth stores verification identifiers: hashed (SHA-256), so a copy of the database holds no usable reset
 * link, two-factor challenge or OAuth state. Reset identifiers keep their prefix in front of the hash, so that a
 * user's older links can be found and removed. Trusted-device identifiers stay plain: they are worthless without the
 * signed cookie, and an admin's are found by prefix at sign-in (second-factor.ts).
 */
export const VERIFICATION_IDENTIFIER_STORAGE = {
  default: 'hashed' as const,
  overrides: {
    [RESET_PREFIX]: { hash: async (identifier: string) => `${RESET_PREFIX}${sha256(identifier)}` },
    [TRUST_DEVICE_PREFIX]: 'plain' as const,
  },
};

/** A new reset link was issued: every older link of that user stops working. */
export async function forgetOlderResetLinks(db: Database, userId: string, newToken: string): Promise<void> {
  await db
    .delete(verification)
    .where(
      and(
        eq(verification.value, userId),
        like(verification.identifier, `${RESET_PREFIX}%`),
        ne(verification.identifier, `${RESET_PREFIX}${sha256(`${RESET_PREFIX}${newToken}`)}`),
      ),
    );
}
