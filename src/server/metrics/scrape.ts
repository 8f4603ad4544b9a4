import { createHash, timingSafeEqual } from 'node:crypto';
import { and, isNull, lte, sql } from 'drizzle-orm';
import { Gauge, Registry } from 'prom-client';
import type { DatabaseHandle, PoolUse } from '../db/client';
import { orders, receiptOutbox } from '../db/schema';
import { DEFAULT_DECLINE_ALERT, type DeclineRate } from '../../shared/api/admin-overview';
import { processRegistry } from './registry';

export interface AppMetrics {
  /** The Prometheus text of the process's metrics and this app's. */
  text(): Promise<string>;
  contentType: string;
}

/**
 * The metrics of one app on its database, read when scraped, never on the way of an order: the pool's use and the
 * reconciler's backlog (orders whose next look is due) and lag (how long the oldest of them has been due). Scraped
 * on every instance, the backlog is the same everywhere: it is the shared database's.
 */
export function createAppMetrics({
  database,
  now = () => new Date(),
  readDeclineRate,
}: {
  database: DatabaseHandle;
  now?: () => Date;
  /** The decline rate of the hour before `at` (orders/decline-rate.ts, given by the app so metrics import no order code). */
  readDeclineRate?: (at: Date) => Promise<DeclineRate>;
}): AppMetrics {
  const registry = new Registry();
  // Read once per scrape, before the scrape's own backlog query takes a connection.
  let pool: PoolUse | undefined;
  const poolUse = database.poolUse ? () => pool ?? database.poolUse!() : undefined;
  if (poolUse) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Connections of the PostgreSQL pool, by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: 'in_use' }, use.open - use.idle);
        this.set({ state: 'idle' }, use.idle);
      },
    });
    new Gauge({
      name: 'db_pool_max_connections',
      help: 'The most connections the PostgreSQL pool opens',
      registers: [registry],
      collect() {
        this.set(poolUse().max);
      },
    });
    new Gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries waiting for a free connection of the PostgreSQL pool',
      registers: [registry],
      collect() {
        this.set(poolUse().waiting);
      },
    });
  }

  // One query per scrape answers both reconciler gauges.
  let backlog: Promise<{ due: number; lagSeconds: number }> | undefined;
  async function readBacklog() {
    const at = now();
    const [row] = await database.db
      .select({ due: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${orders.nextCheckAt})` })
      .from(orders)
      .where(lte(orders.nextCheckAt, at));
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return { due: row?.due ?? 0, lagSeconds: oldest ? Math.max(0, (at.getTime() - oldest.getTime()) / 1000) : 0 };
  }
  new Gauge({
    name: 'reconciler_due_orders',
    help: "Orders whose next look by the reconciler is due (next_check_at passed): the reconciler's backlog",
    registers: [registry],
    async collect() {
      this.set((await backlog)?.due ?? 0);
    },
  });
  new Gauge({
    name: 'reconciler_lag_seconds',
    help: 'How long the longest-waiting due order has been due; 0 when none is',
    registers: [registry],
    async collect() {
      this.set((await backlog)?.lagSeconds ?? 0);
    },
  });

  // The receipt sender's backlog (orders/receipt-sender.ts): receipts queued and neither sent nor skipped, due or waiting
  // for a retry, and the age of the oldest. One query per scrape answers both gauges.
  let receipts: Promise<{ unsent: number; oldestSeconds: number }> | undefined;
  async function readReceipts() {
    const at = now();
    const [row] = await database.db
      .select({ unsent: sql<number>`count(*)::int`, oldest: sql<Date | string | null>`min(${receiptOutbox.createdAt})` })
      .from(receiptOutbox)
      .where(and(isNull(receiptOutbox.sentAt), isNull(receiptOutbox.skippedAt)));
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return { unsent: row?.unsent ?? 0, oldestSeconds: oldest ? Math.max(0, (at.getTime() - oldest.getTime()) / 1000) : 0 };
  }
  new Gauge({
    name: 'receipts_unsent',
    help: 'E-mail receipts queued and not yet sent (nor skipped): the receipt sender’s backlog, retries included',
    registers: [registry],
    async collect() {
      this.set((await receipts)?.unsent ?? 0);
    },
  });
  new Gauge({
    name: 'receipts_unsent_oldest_seconds',
    help: 'How long the oldest unsent receipt has been queued; 0 when none is',
    registers: [registry],
    async collect() {
      this.set((await receipts)?.oldestSeconds ?? 0);
    },
  });

  // The last hour's payment attempts and declines (orders/decline-rate.ts): one query per scrape answers the three
  // gauges; an operator alerts on payment_decline_alert (docs/operations.md).
  let declines: Promise<DeclineRate> | undefined;
  new Gauge({
    name: 'payment_decline_rate',
    help: 'Declined payment attempts over all payment attempts (declined and authorised) of the last hour, 0–1; 0 without any',
    registers: [registry],
    async collect() {
      this.set((await declines)?.rate ?? 0);
    },
  });
  new Gauge({
    name: 'payment_attempts_last_hour',
    help: 'Payment attempts of the last hour, by outcome (declined, authorised)',
    labelNames: ['outcome'] as const,
    registers: [registry],
    async collect() {
      const rate = await declines;
      this.set({ outcome: 'declined' }, rate?.declines ?? 0);
      this.set({ outcome: 'authorised' }, rate ? rate.payments - rate.declines : 0);
    },
  });
  new Gauge({
    name: 'payment_decline_alert',
    help: '1 when the last hour declined more than DECLINE_ALERT_PERCENT of at least DECLINE_ALERT_MIN_PAYMENTS payment attempts, else 0',
    registers: [registry],
    async collect() {
      this.set((await declines)?.raised ? 1 : 0);
    },
  });

  return {
    contentType: registry.contentType,
    async text() {
      pool = database.poolUse?.();
      // A database that does not answer leaves these gauges NaN; the rest of the scrape still tells what happens.
      backlog = readBacklog().catch(() => ({ due: Number.NaN, lagSeconds: Number.NaN }));
      receipts = readReceipts().catch(() => ({ unsent: Number.NaN, oldestSeconds: Number.NaN }));
      declines = (readDeclineRate?.(now()) ?? Promise.reject(new Error('no decline rate'))).catch(() => ({
        payments: Number.NaN,
        declines: Number.NaN,
        rate: Number.NaN,
        raised: false,
        thresholds: DEFAULT_DECLINE_ALERT,
      }));
      try {
        return (await processRegistry.metrics()) + (await registry.metrics());
      } finally {
        backlog = undefined;
        receipts = undefined;
        declines = undefined;
      }
    },
  };
}

/** Whether an Authorization header carries `Bearer <token>`, compared in constant time. */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(token));
}
