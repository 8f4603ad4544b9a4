import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/raw-rows';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { migrationsDir } from '../paths';
import type { SharedRedis } from '../shared-state/redis';

/** When the newest migration this build ships was made: drizzle records it for each migration it applies. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * GET /api/health: liveness (the process answers and reaches its database). GET /api/ready: whether a load balancer
 * should send traffic here: 200 only while the database answers with every migration of this build applied, Redis
 * answers when REDIS_URL is set, and the server is not shutting down; 503 with what is missing otherwise.
 */
export function registerHealthRoutes(app: FastifyInstance, { database, redis }: { database: DatabaseHandle; redis: SharedRedis | undefined }) {
  app.get('/api/health', async () => {
    await database.db.execute(sql`select 1`);
    return { status: 'ok', database: database.kind };
  });

  const newestMigration = newestMigrationMillis();
  let migrated = false;
  let stopping = false;
  // Before the server stops listening: the load balancer stops sending traffic while the requests under way finish.
  app.addHook('preClose', async () => {
    stopping = true;
  });

  async function migrationsApplied(): Promise<boolean> {
    // Migrations are never undone: once applied, they stay so.
    if (migrated) return true;
    const [row] = await rowsOf<{ newest: string | null }>(database.db, sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
    migrated = Number(row?.newest ?? 0) >= newestMigration;
    return migrated;
  }

  app.get('/api/ready', async (_request, reply) => {
    const checks: Record<string, 'ok' | 'failing' | 'pending' | 'stopping'> = {};
    checks.server = stopping ? 'stopping' : 'ok';
    try {
      checks.database = 'ok';
      checks.migrations = (await migrationsApplied()) ? 'ok' : 'pending';
    } catch {
      checks.database = 'failing';
      checks.migrations = 'pending';
    }
    // Relied on (back from an outage only once what it may have missed is dropped) and answering now.
    if (redis) checks.redis = redis.available() && (await redis.ping()) ? 'ok' : 'failing';
    const ready = Object.values(checks).every((check) => check === 'ok');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
