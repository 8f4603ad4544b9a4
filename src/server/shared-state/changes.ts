import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SharedRedis, SharedStateLog } from './redis';

/**
 * What an admin can change in the console that servers keep copies of: the catalogue's switches (countries,
 * operators), the service limits, and the price config.
 */
export const CHANGE_TOPICS = ['catalogue', 'service-limits', 'pricing'] as const;
export type ChangeTopic = (typeof CHANGE_TOPICS)[number];

/**
 * Tells every server that something it keeps a copy of has changed. `announce` drops this server's copies at once
 * (before the admin's answer) and publishes the change on the shared Redis, where every other server drops its own
 * as the message arrives. Without Redis there is one server, and announcing is dropping.
 *
 * A message can be lost while Redis is away: a server whose subscription comes back drops all its copies, and the
 * copies' own short lifetimes bound what is left.
 */
export interface ChangeBus {
  /** Runs `drop` whenever `topic` changes, here or on another server. */
  on(topic: ChangeTopic, drop: () => void): void;
  announce(topic: ChangeTopic): void;
  close(): Promise<void>;
}

interface ChangeMessage {
  topic: ChangeTopic;
  from: string;
}

export function createChangeBus(redis: SharedRedis | undefined, log: SharedStateLog & { error(details: object, message: string): void }): ChangeBus {
  const handlers = new Map<ChangeTopic, Array<() => void>>();
  const run = (topic: ChangeTopic) => {
    for (const drop of handlers.get(topic) ?? []) {
      try {
        drop();
      } catch (error) {
        log.error({ err: error, topic }, 'dropping a cache after a change failed');
      }
    }
  };
  const runAll = () => CHANGE_TOPICS.forEach(run);

  const self = randomUUID();
  const channel = redis ? `${redis.prefix}changes` : '';
  let subscriber: Redis | undefined;
  if (redis) {
    subscriber = redis.duplicate();
    let subscribedBefore = false;
    // Its outages are the main connection's too, which logs them.
    subscriber.on('error', () => undefined);
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself after a reconnection; what was published meanwhile is lost.
      if (subscribedBefore) runAll();
      subscribedBefore = true;
    });
    subscriber.subscribe(channel).catch(() => undefined);
    subscriber.on('message', (_channel: string, text: string) => {
      let message: ChangeMessage;
      try {
        message = JSON.parse(text) as ChangeMessage;
      } catch {
        return;
      }
      if (message.from !== self && (CHANGE_TOPICS as readonly string[]).includes(message.topic)) run(message.topic);
    });
  }

  return {
    on(topic, drop) {
      handlers.set(topic, [...(handlers.get(topic) ?? []), drop]);
    },
    announce(topic) {
      run(topic);
      if (!redis) return;
      const message: ChangeMessage = { topic, from: self };
      if (!redis.available()) {
        log.warn({ topic }, 'Redis cannot be reached: other instances see this change when their copies expire');
        return;
      }
      redis.client.publish(channel, JSON.stringify(message)).catch((error: unknown) => {
        redis.reportFailure(error);
        log.warn({ topic }, 'the change could not be published: other instances see it when their copies expire');
      });
    },
    async close() {
      await subscriber?.quit().catch(() => subscriber?.disconnect());
    },
  };
}
