import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminReasonBodySchema,
  adminResolveDeliveredBodySchema,
  adminReviewRejectBodySchema,
  type AdminOrderActionResponse,
} from '../../../shared/api/admin';
import { blockCustomer } from '../../admin/customer-actions';
import { approveReview, checkNow, refundOrder, rejectReview, releaseHold, type AdminOrderActionRequest } from '../../orders/admin-actions';
import { markReportChecking, resolveReportDelivered } from '../../orders/delivery-reports';
import type { Fulfilment } from '../../orders/fulfilment';
import type { OrderServices } from '../../orders/services';
import { adminOrderDetail } from '../../orders/admin-queries';
import type { Order } from '../../orders/state-machine';
import { DomainError } from '../../domain-error';
import { parseWith } from '../errors';

interface OrderActionDeps {
  services: OrderServices;
  fulfilment: Fulfilment;
}

const orderIdSchema = z.object({ id: z.uuid() });

type OrderAction = (services: OrderServices, fulfilment: Fulfilment, request: AdminOrderActionRequest) => Promise<Order>;

const ACTIONS: Record<'check' | 'release' | 'refund' | 'approve', OrderAction> = {
  check: checkNow,
  release: releaseHold,
  refund: refundOrder,
  approve: approveReview,
};

/**
 * POST /api/admin/orders/:id/check | release | refund with `{ reason }`: the console's actions on an order, each
 * guarded by the order's state machine (409 with `details.status` when the order changed or does not allow it) and
 * written to the order's timeline and the audit log under the signed-in admin's name.
 */
export function registerOrderActionRoutes(admin: FastifyInstance, { services, fulfilment }: OrderActionDeps) {
  for (const [name, act] of Object.entries(ACTIONS)) {
    admin.post(`/orders/:id/${name}`, async (request): Promise<AdminOrderActionResponse> => {
      const orderId = parseAdminOrderId(request.params);
      const { reason } = parseWith(adminReasonBodySchema, request.body);
      const account = request.account!;
      const order = await act(services, fulfilment, { orderId, actor: { id: account.id, email: account.email }, reason });
      return { success: true, order: (await adminOrderDetail(services.db, order.id, services.now())).order };
    });
  }

  // ADR 046, 059: an order held for review, rejected: released, and the account blocked (for its own reason, when one is
  // given) and the card blocklisted if asked.
  admin.post('/orders/:id/reject', async (request): Promise<AdminOrderActionResponse> => {
    const orderId = parseAdminOrderId(request.params);
    const { reason, blockAccount, blockReason, blocklistCard } = parseWith(adminReviewRejectBodySchema, request.body);
    const account = request.account!;
    const actor = { id: account.id, email: account.email };
    const blockAccountOf = async (customerId: string) => {
      try {
        await blockCustomer(services.db, { customerId, actor, reason: blockReason ?? reason, now: services.now() });
      } catch (error) {
        // Blocked already: what was asked for holds.
        if (!(error instanceof DomainError && error.code === 'CUSTOMER_ALREADY_BLOCKED')) throw error;
      }
    };
    const order = await rejectReview(services, fulfilment, {
      orderId,
      actor,
      reason,
      blockAccount: blockAccount ? blockAccountOf : undefined,
      blocklistCard,
    });
    return { success: true, order: (await adminOrderDetail(services.db, order.id, services.now())).order };
  });

  // ADR 023: the order's open "It didn't arrive" report, taken (checking) and resolved as delivered. Resolving it as
  // refunded is the refund above: the order's move to refunded resolves its report.
  admin.post('/orders/:id/delivery-report/checking', async (request): Promise<AdminOrderActionResponse> => {
    const orderId = parseAdminOrderId(request.params);
    const { reason } = parseWith(adminReasonBodySchema, request.body);
    const account = request.account!;
    await markReportChecking(services.db, { orderId, actor: { id: account.id, email: account.email }, reason }, services.now());
    return { success: true, order: (await adminOrderDetail(services.db, orderId, services.now())).order };
  });

  admin.post('/orders/:id/delivery-report/delivered', async (request): Promise<AdminOrderActionResponse> => {
    const orderId = parseAdminOrderId(request.params);
    const { reason, reference } = parseWith(adminResolveDeliveredBodySchema, request.body);
    const account = request.account!;
    await resolveReportDelivered(services.db, { orderId, actor: { id: account.id, email: account.email }, reason, reference }, services.now());
    return { success: true, order: (await adminOrderDetail(services.db, orderId, services.now())).order };
  });
}

function parseAdminOrderId(params: unknown): string {
  const parsed = orderIdSchema.safeParse(params);
  if (!parsed.success) throw new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });
  return parsed.data.id;
}
