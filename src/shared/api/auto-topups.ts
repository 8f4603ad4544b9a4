import { z } from 'zod';

/**
 * Auto top-ups (docs/decisions/068-auto-top-up.md): a signed-in customer's schedules (POST/GET /api/auto-topups,
 * PATCH/DELETE /api/auto-topups/{id}, POST /api/auto-topups/{id}/skip|pause|resume), the e-mail links that skip or
 * pause one without signing in (GET /api/auto-topup-links?token=…, POST /api/auto-topup-links), and the console's list
 * (/api/admin/auto-topups). Amounts travel as 2-decimal USD strings to the customer, integer cents on the console.
 */

/** How often a schedule charges, in days. */
export const AUTO_TOPUP_INTERVALS = [7, 14, 28, 30] as const;
export type AutoTopupInterval = (typeof AUTO_TOPUP_INTERVALS)[number];

const amountSchema = z
  .string()
  .trim()
  .regex(/^\d{1,7}(?:\.\d{1,2})?$/, 'apiErrors.autoTopupAmount');
const intervalSchema = z.coerce
  .number('apiErrors.autoTopupInterval')
  .refine((days): days is AutoTopupInterval => (AUTO_TOPUP_INTERVALS as readonly number[]).includes(days), 'apiErrors.autoTopupInterval');
const firstChargeSchema = z.iso.datetime({ offset: true, message: 'apiErrors.autoTopupFirstCharge' });

/**
 * POST /api/auto-topups: whom to top up — one of the customer's saved recipients (`recipientId`) or the number of one of
 * their orders (`orderId`); another customer's is not found (404) —, the operator (the recipient's or order's when
 * absent), the amount before fees, the interval, one of the customer's saved cards, and the first charge's date and time.
 */
export const autoTopupCreateSchema = z
  .object({
    recipientId: z.uuid('apiErrors.autoTopupRecipientNotFound').optional(),
    orderId: z.uuid('apiErrors.autoTopupRecipientNotFound').optional(),
    operatorId: z.coerce.number().int().positive('operatorId must be a positive integer').optional(),
    amount: amountSchema,
    intervalDays: intervalSchema,
    savedCardId: z.uuid('savedCardId must be a saved card id'),
    firstChargeAt: firstChargeSchema,
  })
  .refine((body) => (body.recipientId === undefined) !== (body.orderId === undefined), {
    message: 'apiErrors.autoTopupRecipientNotFound',
    path: ['recipientId'],
  });
export type AutoTopupCreateBody = z.input<typeof autoTopupCreateSchema>;

/** PATCH /api/auto-topups/{id}: what the profile edits; any field left out stays as it is. */
export const autoTopupUpdateSchema = z.object({
  amount: amountSchema.optional(),
  intervalDays: intervalSchema.optional(),
  savedCardId: z.uuid('savedCardId must be a saved card id').optional(),
  nextChargeAt: firstChargeSchema.optional(),
});
export type AutoTopupUpdateBody = z.input<typeof autoTopupUpdateSchema>;

export const autoTopupParamsSchema = z.object({ id: z.uuid() });
/** GET /api/auto-topup-links?token=… and POST /api/auto-topup-links { token }: the token of the e-mail's link. */
export const autoTopupLinkSchema = z.object({ token: z.string('apiErrors.autoTopupLinkInvalid').min(1).max(400, 'apiErrors.autoTopupLinkInvalid') });

export type AutoTopupStatus = 'active' | 'paused';

/** A schedule as the profile shows it. Dates are ISO 8601 strings. */
export interface AutoTopupView {
  id: string;
  countryCode: string;
  /** National number, digits only. */
  phone: string;
  /** The country's calling code ("234"), to write the number internationally; null when unknown. */
  callingCode: string | null;
  operatorId: number;
  operatorName: string;
  /** Before fees, 2-decimal USD. */
  amount: string;
  intervalDays: AutoTopupInterval;
  savedCard: { id: string; brand: string; last4: string } | null;
  status: AutoTopupStatus;
  /** customer or failures, while paused. */
  pausedReason: string | null;
  nextChargeAt: string;
  failures: number;
  createdAt: string;
}

export interface AutoTopupListResponse {
  success: true;
  schedules: AutoTopupView[];
}

export interface AutoTopupResponse {
  success: true;
  schedule: AutoTopupView;
}

/** What an e-mail link does: skip the period it names, or pause the schedule. */
export type AutoTopupLinkAction = 'skip' | 'pause';

/** GET /api/auto-topup-links?token=…: what the link would do, before its one button is pressed. */
export interface AutoTopupLinkView {
  success: true;
  action: AutoTopupLinkAction;
  countryCode: string;
  phone: string;
  callingCode: string | null;
  amount: string;
  /** The charge the link is about. */
  chargeAt: string;
  /** done: already done before (pressing again changes nothing); open: the button does it. */
  state: 'open' | 'done';
}

/** POST /api/auto-topup-links: what happened. */
export interface AutoTopupLinkResult {
  success: true;
  action: AutoTopupLinkAction;
  /** The next charge after a skip; null after a pause. */
  nextChargeAt: string | null;
}

/** One schedule on the console. */
export interface AdminAutoTopup {
  id: string;
  userId: string;
  customerEmail: string;
  countryCode: string;
  phone: string;
  operatorName: string;
  amountCents: number;
  intervalDays: number;
  status: AutoTopupStatus;
  pausedReason: string | null;
  nextDueAt: string;
  failures: number;
  createdAt: string;
}

export interface AdminAutoTopupsResponse {
  success: true;
  schedules: AdminAutoTopup[];
}

/** A schedule's periods on the console: skipped, or charged with their order. */
export interface AdminAutoTopupRun {
  period: number;
  dueAt: string;
  outcome: string;
  failureCode: string | null;
  orderId: string | null;
  orderStatus: string | null;
  totalCents: number | null;
}

export interface AdminAutoTopupDetailResponse {
  success: true;
  schedule: AdminAutoTopup;
  runs: AdminAutoTopupRun[];
}
