import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import type { SharedRedis } from './redis';

type Answer = Parameters<FastifyRateLimitStore['incr']>[1];

/** A fixed window counter: one INCR, the expiry set on the window's first use; answers the count and the ms left. */
const INCREMENT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) return {current, tonumber(ARGV[1])} end
return {current, redis.call('PTTL', KEYS[1])}`;

/** The same fixed window in this process's memory: the fallback while Redis cannot be reached. */
class LocalWindows {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  incr(key: string, timeWindow: number): { current: number; ttl: number } {
    const now = Date.now();
    if (this.windows.size > 10_000) for (const [stale, window] of this.windows) if (window.endsAt <= now) this.windows.delete(stale);
    const window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.set(key, { count: 1, endsAt: now + timeWindow });
      return { current: 1, ttl: timeWindow };
    }
    window.count += 1;
    return { current: window.count, ttl: window.endsAt - now };
  }
}

/**
 * A store for @fastify/rate-limit (its `store` option) that counts in the shared Redis, so N instances allow the limit
 * once and not N times; while Redis cannot be reached it counts in this process, as a single instance does.
 */
export function sharedRateLimitStore(redis: SharedRedis) {
  const local = new LocalWindows();
  class SharedRateLimitStore implements FastifyRateLimitStore {
    private readonly namespace: string;

    // @fastify/rate-limit calls `new Store(globalOptions)`; its options (continueExceeding, backoff) are not used here.
    constructor(_options?: unknown, namespace = `${redis.prefix}rate-limit:`) {
      this.namespace = namespace;
    }

    incr(key: string, answer: Answer, timeWindow: number) {
      const countLocally = () => answer(null, local.incr(this.namespace + key, timeWindow));
      if (!redis.available()) return countLocally();
      redis.client.eval(INCREMENT, 1, this.namespace + key, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          answer(null, { current, ttl: Math.max(0, ttl) });
        },
        (error: unknown) => {
          redis.reportFailure(error);
          countLocally();
        },
      );
    }

    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      // What the plugin passes at run time: its merged options, the route under `routeInfo` (as its own stores read it).
      const route = (routeOptions as unknown as { routeInfo?: Partial<RouteOptions> }).routeInfo ?? routeOptions;
      return new SharedRateLimitStore(undefined, `${this.namespace}${String(route.method ?? '')}${route.url ?? ''}:`);
    }
  }
  return SharedRateLimitStore;
}
