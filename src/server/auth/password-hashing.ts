import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

/**
 * How passwords are stored: scrypt with a random salt, as `salt:key` in hexadecimal, the format Better Auth writes by
 * default, so the hashes of existing accounts keep verifying.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** Better Auth's own cost (about 32 MB and 100+ ms per hash on this class of machine): what every real server uses. */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 16_384, r: 16, p: 1 };

/**
 * The automated tests sign up and sign in thousands of times; at the real cost that alone is minutes of CPU. Only a
 * server started with NODE_ENV=test hashes this lightly (docs/decisions/015-test-harness.md): the hashes it writes are
 * not accepted by any other server, and the production configuration is tested to use the real cost.
 */
export const TEST_SCRYPT_COST: ScryptCost = { N: 1_024, r: 1, p: 1 };

const KEY_LENGTH = 64;

export function scryptCostFor(nodeEnv: Config['nodeEnv']): ScryptCost {
  return nodeEnv === 'test' ? TEST_SCRYPT_COST : PRODUCTION_SCRYPT_COST;
}

function deriveKey(password: string, salt: string, { N, r, p }: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The `hash` and `verify` Better Auth's e-mail and password sign-in uses. */
export function passwordHasher(cost: ScryptCost) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16).toString('hex');
      return `${salt}:${(await deriveKey(password, salt, cost)).toString('hex')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [salt, key] = hash.split(':');
      if (!salt || !key) return false;
      const expected = Buffer.from(key, 'hex');
      const actual = await deriveKey(password, salt, cost);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}
