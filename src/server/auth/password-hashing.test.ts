import { hashPassword as betterAuthHash } from 'better-auth/crypto';
import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordHasher, PRODUCTION_SCRYPT_COST, scryptCostFor, TEST_SCRYPT_COST } from './password-hashing';

describe('password hashing', () => {
  it('uses the real cost on every server except one started for the automated tests', () => {
    expect(scryptCostFor('production')).toEqual({ N: 16_384, r: 16, p: 1 });
    expect(scryptCostFor('development')).toEqual(PRODUCTION_SCRYPT_COST);
    expect(scryptCostFor('test')).toEqual(TEST_SCRYPT_COST);
  });

  it('hashes at the production cost in the format Better Auth wrote before, so existing accounts still sign in', async () => {
    const hasher = passwordHasher(PRODUCTION_SCRYPT_COST);
    const stored = await betterAuthHash('correct-horse-battery-42');
    expect(await hasher.verify({ hash: stored, password: 'correct-horse-battery-42' })).toBe(true);
    expect(await hasher.verify({ hash: stored, password: 'correct-horse-battery-43' })).toBe(false);

    const ours = await hasher.hash('correct-horse-battery-42');
    const [salt, key] = ours.split(':');
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    expect(scryptSync('correct-horse-battery-42', salt!, 64, { ...PRODUCTION_SCRYPT_COST, maxmem: 64 * 1024 * 1024 }).toString('hex')).toBe(key);
  });

  it('salts every hash, and refuses a wrong password, a malformed hash and a hash made at another cost', async () => {
    const light = passwordHasher(TEST_SCRYPT_COST);
    const first = await light.hash('pässwörd-long-enough');
    expect(await light.hash('pässwörd-long-enough')).not.toBe(first);
    expect(await light.verify({ hash: first, password: 'pässwörd-long-enough' })).toBe(true);
    // NFKC: the same text typed with combining characters is the same password.
    expect(await light.verify({ hash: first, password: 'pa\u0308sswo\u0308rd-long-enough' })).toBe(true);
    expect(await light.verify({ hash: first, password: 'passwörd-long-enough' })).toBe(false);
    expect(await light.verify({ hash: 'no-separator', password: 'x' })).toBe(false);
    expect(await passwordHasher(PRODUCTION_SCRYPT_COST).verify({ hash: first, password: 'pässwörd-long-enough' })).toBe(false);
  });
});
