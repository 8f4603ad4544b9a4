import type { Config } from '../config';
import { createAuthStorage, NO_SESSION_COPIES, type AuthStorage, type SessionCopies } from './auth-storage';
import { createChangeBus, type ChangeBus } from './changes';
import { sharedRateLimitStore } from './rate-limit-store';
import { connectRedis, type SharedRedis, type SharedStateLog } from './redis';

/**
 * What the instances of the product share beyond the database, all of it in the Redis of REDIS_URL: without it, each
 * piece does in this process what one instance needs (docs/decisions/018-several-instances.md).
 */
export interface SharedState {
  /** The shared connection, when REDIS_URL is set. */
  redis: SharedRedis | undefined;
  /** Better Auth's secondary storage (session copies, its rate limiter), when REDIS_URL is set. */
  authStorage: AuthStorage | undefined;
  /** Forgets session copies after the product changes a session or user row itself. */
  sessions: SessionCopies;
  /** Cache invalidation for every instance. */
  changes: ChangeBus;
  /** @fastify/rate-limit's store, when REDIS_URL is set (its own memory store otherwise). */
  rateLimitStore: ReturnType<typeof sharedRateLimitStore> | undefined;
  close(): Promise<void>;
}

export function openSharedState(
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix'>,
  log: SharedStateLog & { error(details: object, message: string): void },
  /** How long a session's copy lives in Redis at most (SESSION_COPY_MAX_AGE_MS unless given). */
  options: { sessionCopyMaxAgeMs?: number } = {},
): SharedState {
  const redis = config.redisUrl ? connectRedis(config.redisUrl, { log, prefix: config.redisKeyPrefix }) : undefined;
  const authStorage = redis ? createAuthStorage(redis, options) : undefined;
  const changes = createChangeBus(redis, log);
  return {
    redis,
    authStorage,
    sessions: authStorage ?? NO_SESSION_COPIES,
    changes,
    rateLimitStore: redis ? sharedRateLimitStore(redis) : undefined,
    async close() {
      await changes.close();
      await redis?.close();
    },
  };
}
