import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminUsersResponse } from '../../shared/api/account';
import type { Guards } from '../auth/guards';
import type { Database } from '../db/client';
import { user } from '../db/schema';

/** /api/admin/*: every route behind requireAdmin (401 visitors; 403 non-admins and admins without two-factor). */
export async function registerAdminRoutes(app: FastifyInstance, { db, guards }: { db: Database; guards: Guards }) {
  await app.register(
    async (admin) => {
      admin.addHook('preHandler', guards.requireAdmin);

      admin.get('/users', async () => {
        const rows = await db.select().from(user).orderBy(desc(user.createdAt));
        return {
          success: true,
          users: rows.map((row) => ({
            id: row.id,
            email: row.email,
            username: row.username,
            is_admin: row.isAdmin,
            two_factor_enabled: row.twoFactorEnabled,
            created_at: row.createdAt.toISOString(),
          })),
        } satisfies AdminUsersResponse;
      });
    },
    { prefix: '/api/admin' },
  );
}
