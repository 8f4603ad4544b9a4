import { Redis } from 'ioredis';

/** Where shared-state messages go: the app's logger, or nothing. */
export interface SharedStateLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** How often a server that lost Redis tries it again. */
const PROBE_INTERVAL_MS = 1_000;
/** A command Redis has not answered by then fails, and the server goes on without Redis. */
const COMMAND_TIMEOUT_MS = 1_000;
/** How long a starting server waits for Redis before it starts without it. */
const CONNECT_WAIT_MS = 3_000;

/**
 * One connection to the Redis that every instance shares (REDIS_URL), and whether this server may rely on it now.
 *
 * Redis is a helper, never a requirement: while it cannot be reached (the connection dropped, or a command failed or
 * timed out) `available()` is false, and every user of it falls back to what one instance does alone (limits counted
 * in this process, sessions read from the database). The outage is logged once, and so is the recovery.
 *
 * Writes made while Redis was away are lost, so what it holds may be older than the database (a session ended, an
 * account blocked). Before Redis is relied on again, the session copies are therefore dropped (`onRecovery`): sessions
 * are read from the database until they are written again.
 */
export interface SharedRedis {
  readonly client: Redis;
  /** Put before every key this server writes: instances that share one Redis share one prefix. */
  readonly prefix: string;
  /** Resolves once Redis is relied on, or after CONNECT_WAIT_MS without it (the server then starts without it). */
  connected(): Promise<void>;
  /** Whether commands may be sent now. */
  available(): boolean;
  /** A command failed: go without Redis until it answers again. */
  reportFailure(error: unknown): void;
  /** Runs before Redis is relied on again after an outage (awaited; a failure counts as still down). */
  onRecovery(task: () => Promise<void>): void;
  /**
   * A second connection, for subscriptions (a subscribed connection sends no other command). It queues what is asked
   * of it while it connects, so that a subscription made at start is made once it can be.
   */
  duplicate(): Redis;
  /** Answers whether Redis answers PING now, within the command timeout. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function connectRedis(url: string, { log, prefix }: { log: SharedStateLog; prefix: string }): SharedRedis {
  const options = {
    // A command while disconnected fails at once instead of waiting in a queue: the caller falls back.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
  const client = new Redis(url, options);
  let state: 'connecting' | 'up' | 'down' | 'recovering' | 'closed' = 'connecting';
  let probe: NodeJS.Timeout | undefined;
  const recoveryTasks: Array<() => Promise<void>> = [];
  let markUp!: () => void;
  const firstUp = new Promise<void>((resolve) => (markUp = resolve));

  const goDown = (error: unknown) => {
    if (state === 'down' || state === 'closed') return;
    state = 'down';
    log.warn(
      { err: error instanceof Error ? { message: error.message } : String(error) },
      'Redis cannot be reached: rate limits are counted per instance and sessions read from the database until it answers again',
    );
    scheduleProbe();
  };

  const recover = async () => {
    if (state !== 'down' && state !== 'connecting') return;
    const wasDown = state === 'down';
    state = 'recovering';
    try {
      if (wasDown) for (const task of recoveryTasks) await task();
      // An error meanwhile set the state to down again.
      if ((state as string) !== 'recovering') return;
      state = 'up';
      markUp();
      if (wasDown) log.info({}, 'Redis answers again: rate limits and sessions are shared again');
    } catch (error) {
      state = 'recovering';
      goDown(error);
    }
  };

  function scheduleProbe() {
    if (probe || state === 'closed') return;
    probe = setInterval(() => {
      if (state !== 'down' || client.status !== 'ready') return;
      client.ping().then(
        () => recover(),
        () => undefined,
      );
    }, PROBE_INTERVAL_MS);
    probe.unref();
  }

  client.on('ready', () => void recover());
  client.on('error', (error) => goDown(error));
  client.on('close', () => {
    if (state !== 'closed') goDown(new Error('connection closed'));
  });

  return {
    client,
    prefix,
    async connected() {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([firstUp, new Promise((resolve) => (timer = setTimeout(resolve, CONNECT_WAIT_MS)))]);
      clearTimeout(timer);
    },
    available: () => state === 'up' && client.status === 'ready',
    reportFailure: goDown,
    onRecovery(task) {
      recoveryTasks.push(task);
    },
    duplicate: () => client.duplicate({ ...options, enableOfflineQueue: true }),
    async ping() {
      if (client.status !== 'ready') return false;
      try {
        await client.ping();
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      state = 'closed';
      clearInterval(probe);
      await client.quit().catch(() => client.disconnect());
    },
  };
}
