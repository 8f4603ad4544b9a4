import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { makePrivateDirectory } from '../db/data-dir';

/** Fixed in tests so every test app can read the cookies of another; never used outside NODE_ENV=test. */
const TEST_SECRET = 'globaltopup-test-secret-not-for-real-use-0123456789';

/**
 * The secret Better Auth signs cookies and encrypts two-factor secrets with: BETTER_AUTH_SECRET when set; in tests a
 * fixed value; required in production with PostgreSQL; otherwise generated once and kept in DATA_DIR/auth-secret, so
 * sessions survive restarts. Called when the app is built, so a missing secret stops the server at start.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  if (config.nodeEnv === 'test') return TEST_SECRET;
  // Several instances sharing PostgreSQL must sign sessions with one secret; an embedded database keeps its own.
  if (config.nodeEnv === 'production' && config.databaseUrl) {
    throw new ConfigError(
      'BETTER_AUTH_SECRET must be set in production with DATABASE_URL (at least 32 random characters, e.g. from `openssl rand -base64 32`)',
    );
  }
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const generated = randomBytes(32).toString('base64url');
  makePrivateDirectory(config.dataDir);
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return generated;
}
