import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminCustomersQuerySchema,
  adminReasonBodySchema,
  adminSetAdminBodySchema,
  type AdminCustomerActionResponse,
  type AdminCustomerResponse,
  type AdminCustomersResponse,
} from '../../../shared/api/admin';
import type { AdminActor } from '../../audit/audit-log';
import { blockCustomer, endCustomerSessions, setCustomerAdmin, unblockCustomer, type CustomerActionRequest } from '../../admin/customer-actions';
import { customerPage, searchCustomers } from '../../admin/customers';
import type { Database } from '../../db/client';
import type { ServiceLimitsSource } from '../../orders/service-limits';
import type { SessionCopies } from '../../shared-state/auth-storage';
import { parseWith } from '../errors';

export interface AdminCustomerRouteDeps {
  db: Database;
  now: () => Date;
  /** The limits in force: the customer page measures the last 24 hours against the daily cap. */
  limits: ServiceLimitsSource;
  /** The session copies other instances answer from: forgotten once an action changed the account or its sessions. */
  sessions: SessionCopies;
}

const customerParamsSchema = z.object({ id: z.string().trim().min(1, 'id is required').max(200, 'id must be at most 200 characters') });

/** The signed-in admin (requireAdmin ran before every route of the scope). */
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

/** The actions that take only a reason, by the last part of their path. */
const REASON_ONLY_ACTIONS = {
  block: blockCustomer,
  unblock: unblockCustomer,
  'end-sessions': endCustomerSessions,
} satisfies Record<string, (db: Database, request: CustomerActionRequest) => Promise<void>>;

/** /api/admin/customers: search, the customer page, and what an admin can do to an account (each one audit row). */
export function registerAdminCustomerRoutes(admin: FastifyInstance, { db, now, limits, sessions }: AdminCustomerRouteDeps) {
  const page = async (customerId: string) =>
    customerPage(db, customerId, { now: now(), dailySpendLimitCents: (await limits.current()).dailySpendLimitCents });

  admin.get('/customers', async (request): Promise<AdminCustomersResponse> => {
    const query = parseWith(adminCustomersQuerySchema, request.query);
    return { success: true, ...(await searchCustomers(db, query)) };
  });

  admin.get('/customers/:id', async (request): Promise<AdminCustomerResponse> => {
    const { id } = parseWith(customerParamsSchema, request.params);
    return { success: true, ...(await page(id)) };
  });

  for (const [name, act] of Object.entries(REASON_ONLY_ACTIONS)) {
    admin.post(`/customers/:id/${name}`, async (request): Promise<AdminCustomerActionResponse> => {
      const { id } = parseWith(customerParamsSchema, request.params);
      const { reason } = parseWith(adminReasonBodySchema, request.body);
      await act(db, { actor: actorOf(request), customerId: id, reason, now: now() });
      await sessions.forgetUser(id);
      return { success: true, customer: (await page(id)).customer };
    });
  }

  admin.post('/customers/:id/admin', async (request): Promise<AdminCustomerActionResponse> => {
    const { id } = parseWith(customerParamsSchema, request.params);
    const { reason, isAdmin } = parseWith(adminSetAdminBodySchema, request.body);
    await setCustomerAdmin(db, { actor: actorOf(request), customerId: id, reason, isAdmin, now: now() });
    await sessions.forgetUser(id);
    return { success: true, customer: (await page(id)).customer };
  });
}
