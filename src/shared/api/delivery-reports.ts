import { z } from 'zod';
import { hasNoNul } from '../text-rules';
import { undisguised } from './free-text';

/**
 * "It didn't arrive": a customer's report that the recipient of a completed top-up did not get it (docs/product.md
 * §2, ADR 023). One report is open at a time per order; a person checks it and resolves it as delivered (with the
 * operator's reference) or by refunding the order.
 */

/** A report may be made this long after the top-up completed. */
export const DELIVERY_REPORT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const DELIVERY_REPORT_MESSAGE_MAX_LENGTH = 500;

export const DELIVERY_REPORT_STATUSES = ['reported', 'checking', 'delivered', 'refunded'] as const;
export type DeliveryReportStatus = (typeof DELIVERY_REPORT_STATUSES)[number];
/** The statuses of a report still waiting for a person (the database allows one such report per order). */
export const OPEN_DELIVERY_REPORT_STATUSES: readonly DeliveryReportStatus[] = ['reported', 'checking'];

/** POST /api/orders/:id/delivery-report — the customer's optional words, trimmed (an empty message is none). */
export const deliveryReportBodySchema = z.object({
  message: z
    .string('apiErrors.deliveryReportMessageTooLong')
    .trim()
    .max(DELIVERY_REPORT_MESSAGE_MAX_LENGTH, 'apiErrors.deliveryReportMessageTooLong')
    .refine(hasNoNul, 'validation.messageCharacters')
    .superRefine(undisguised('text'))
    .transform((message) => message || null)
    .nullish(),
});
export type DeliveryReportBody = z.input<typeof deliveryReportBodySchema>;

/** A report as its customer sees it. */
export interface DeliveryReportView {
  id: string;
  orderId: string;
  status: DeliveryReportStatus;
  message: string | null;
  /** For 'delivered': the operator's reference the support team confirmed. */
  reference: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** POST /api/orders/:id/delivery-report (201) and GET /api/delivery-reports/:id. */
export interface DeliveryReportResponse {
  success: true;
  report: DeliveryReportView;
}
