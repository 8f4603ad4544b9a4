import type { SecondaryStorage } from 'better-auth';
import type { SharedRedis } from './redis';

/**
 * What the product changes in the session and user rows behind Better Auth's back (an admin blocking an account or
 * ending its sessions, admin rights, settings, a two-factor step) must not be answered from an older copy: after such a
 * change the copies are forgotten, and the next read of those sessions goes to the database.
 */
export interface SessionCopies {
  /** Forgets the copies of every session of this user. */
  forgetUser(userId: string): Promise<void>;
  /** Forgets the copy of one session. */
  forgetSession(token: string): Promise<void>;
}

/** Without Redis there are no copies: every session is read from the database. */
export const NO_SESSION_COPIES: SessionCopies = {
  forgetUser: async () => undefined,
  forgetSession: async () => undefined,
};

export interface AuthStorage extends SessionCopies {
  /** Better Auth's `secondaryStorage`. */
  storage: SecondaryStorage;
}

/** Counts an increment in this process when Redis cannot: the per-instance fallback of Better Auth's rate limiter. */
function localCounters() {
  const counters = new Map<string, { count: number; expiresAt: number }>();
  return (key: string, ttlSeconds: number): number => {
    const now = Date.now();
    if (counters.size > 10_000) for (const [stale, entry] of counters) if (entry.expiresAt <= now) counters.delete(stale);
    const entry = counters.get(key);
    if (!entry || entry.expiresAt <= now) {
      counters.set(key, { count: 1, expiresAt: now + ttlSeconds * 1000 });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  };
}

/**
 * How long Better Auth's copy of a session lives in Redis at most. Better Auth reads the copy instead of the database,
 * so a session row deleted behind its back (by hand, a script) would otherwise go on working for the copy's whole life
 * (the session's, 7 days): with this bound the database is the truth again within a minute. docs/operations.md.
 */
export const SESSION_COPY_MAX_AGE_MS = 60 * 1000;

/**
 * Whether a key of Better Auth's holds the copy of one session (its token). Its other keys stay as long as it asks: a
 * user's list of sessions (what forgetUser reads to find the copies) and the time before which their sessions are revoked.
 */
const isSessionCopy = (name: string) => !name.startsWith('active-sessions-') && !name.startsWith('revoked-sessions-before-');

/** INCR that sets the window's expiry only on the first use, as Better Auth's `increment` asks. */
const INCREMENT = `local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n`;

/**
 * Better Auth's secondary storage in the shared Redis: its copies of sessions (with their user), the lists of a user's
 * sessions, and its rate limiter's counters. The sessions are written to the database as well
 * (`storeSessionInDatabase`), which stays the truth: a session's copy lives at most `sessionCopyMaxAgeMs` (a minute
 * unless a test says otherwise); whenever Redis cannot be reached, a read finds nothing here and Better Auth reads the
 * database; a write here is skipped; a counter is kept in this process.
 */
export function createAuthStorage(redis: SharedRedis, { sessionCopyMaxAgeMs = SESSION_COPY_MAX_AGE_MS } = {}): AuthStorage {
  const namespace = `${redis.prefix}auth:`;
  const key = (name: string) => namespace + name;
  const countLocally = localCounters();

  async function attempt<T>(command: () => Promise<T>, fallback: T, name?: string): Promise<T> {
    // Verification values (reset links, two-factor challenges, trusted devices) are read and deleted by the product in
    // the database itself (verification-storage.ts, second-factor.ts): no copy of them is kept here.
    if (name?.startsWith('verification:')) return fallback;
    if (!redis.available()) return fallback;
    try {
      return await command();
    } catch (error) {
      redis.reportFailure(error);
      return fallback;
    }
  }

  // What was written here before an outage may be older than the database: forget all of it before relying on it.
  redis.onRecovery(async () => {
    let cursor = '0';
    do {
      const [next, keys] = await redis.client.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.client.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  });

  async function forgetUser(userId: string) {
    await attempt(async () => {
      const list = await redis.client.get(key(`active-sessions-${userId}`));
      const tokens = list ? (JSON.parse(list) as Array<{ token: string }>).map((entry) => key(entry.token)) : [];
      await redis.client.unlink(key(`active-sessions-${userId}`), ...tokens);
    }, undefined);
  }

  return {
    storage: {
      get: (name) => attempt(() => redis.client.get(key(name)), null, name),
      getAndDelete: (name) => attempt(() => redis.client.getdel(key(name)), null, name),
      async set(name, value, ttl) {
        const ttlMs = ttl && ttl > 0 ? ttl * 1000 : undefined;
        const lifeMs = isSessionCopy(name) ? Math.min(ttlMs ?? Infinity, sessionCopyMaxAgeMs) : ttlMs;
        await attempt(
          () =>
            lifeMs === undefined ? redis.client.set(key(name), value) : redis.client.set(key(name), value, 'PX', Math.max(1, Math.ceil(lifeMs))),
          undefined,
          name,
        );
      },
      async delete(name) {
        await attempt(() => redis.client.unlink(key(name)), undefined, name);
      },
      async increment(name, ttl) {
        const counted = await attempt(async () => Number(await redis.client.eval(INCREMENT, 1, key(name), Math.max(1, Math.ceil(ttl)))), undefined);
        return counted ?? countLocally(name, ttl);
      },
    },
    forgetUser,
    async forgetSession(token) {
      await attempt(() => redis.client.unlink(key(token)), undefined);
    },
  };
}
