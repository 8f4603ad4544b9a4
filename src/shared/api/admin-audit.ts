import { z } from 'zod';
import { adminTextFilter, cursorSchema, limitSchema, queryDateSchema, type AdminPage } from './admin';

/** The operations console's audit log (GET /api/admin/audit-log): every admin action, who did it, why and to what. */

/** The `action` of an audit row. The configuration's (pricing, limits) have the target type 'config'. */
export const ADMIN_ACTIONS = [
  'order.check',
  'order.release',
  'order.refund',
  'order.approve',
  'order.reject',
  'customer.block',
  'customer.unblock',
  'customer.end-sessions',
  'customer.grant-admin',
  'customer.revoke-admin',
  'country.enable',
  'country.disable',
  'operator.enable',
  'operator.disable',
  'pricing.update',
  'pricing.rule_set',
  'pricing.rule_remove',
  'limits.update',
  'risk.update',
  'blocklist.add',
  'blocklist.remove',
  'message.handle',
  'message.reopen',
  'orders.export',
  'delivery_report.checking',
  'delivery_report.delivered',
  'promo.create',
  'promo.update',
  'promo.disable',
  'alerts.update',
  'alert.resolve',
  'dispute.evidence',
  'referrals.update',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];
/** What an audit row is about: `order_list` is the orders a CSV export selected (its filters are the row's `after`). */
export const ADMIN_TARGET_TYPES = [
  'order',
  'customer',
  'config',
  'country',
  'operator',
  'contact_message',
  'order_list',
  'blocklist_entry',
  'promo_code',
  'alert',
] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

/** GET /api/admin/audit-log — filters combine; newest first. */
export const adminAuditQuerySchema = z.object({
  /** The admin, by user id or e-mail. */
  actor: adminTextFilter('actor'),
  action: z.enum(ADMIN_ACTIONS, 'action must be one of the admin actions').optional(),
  targetType: z.enum(ADMIN_TARGET_TYPES, `targetType must be one of ${ADMIN_TARGET_TYPES.join(', ')}`).optional(),
  targetId: adminTextFilter('targetId'),
  from: queryDateSchema,
  to: queryDateSchema,
  cursor: cursorSchema,
  limit: limitSchema,
});
export type AdminAuditQuery = z.input<typeof adminAuditQuerySchema>;

export interface AdminAuditEntry {
  id: number;
  actorId: string;
  actorEmail: string;
  action: AdminActionName;
  targetType: AdminTargetType;
  targetId: string;
  reason: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: string;
}

export interface AdminAuditResponse extends AdminPage {
  success: true;
  entries: AdminAuditEntry[];
}
