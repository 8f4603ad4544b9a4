import { z } from 'zod';
import { reasonSchema, versionSchema, type SettingsChangeStamp } from './admin-settings';
import { normalisePromoCode, PROMO_CODE_MAX_LENGTH, PROMO_KINDS, PROMO_TARGETS, type PromoKind, type PromoTarget } from '../promo';

/**
 * Promo codes (docs/decisions/067-promo-codes.md): the customer's check on the review, and the console's list and
 * editor (/api/admin/promo-codes). Money in integer USD cents on the console, 2-decimal USD strings for the customer.
 */

/** A code as typed: any case, spaces and dashes allowed (the server normalises it). */
export const promoCodeTextSchema = z.string('apiErrors.promoUnknown').max(64, 'apiErrors.promoUnknown');

/** POST /api/promo-codes/check — the code and the top-up the review shows (the fields checkout prices with). */
export const promoCodeCheckBodySchema = z.object({
  code: promoCodeTextSchema,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(?:\.\d{1,2})?$/, 'Amount must be a USD amount with at most 2 decimals'),
  operatorId: z.coerce.number().int().positive('operatorId must be a positive integer'),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'countryCode must be a 2-letter ISO code')
    .transform((code) => code.toUpperCase()),
});
export type PromoCodeCheckBody = z.input<typeof promoCodeCheckBodySchema>;

/** The server's price with the code's discount (2-decimal USD strings); checkout charges exactly `totalAmount`. */
export interface PromoCodeCheckResponse {
  success: true;
  /** The code as stored (normalised). */
  code: string;
  amount: string;
  fee: string;
  discount: string;
  /** The referral credit used besides the code (ADR 070), "0.00" without. */
  credit: string;
  totalAmount: string;
}

/** One code on the console, with what it has been used for (orders that ended unpaid do not count). */
export interface AdminPromoCode extends SettingsChangeStamp {
  id: number;
  code: string;
  kind: PromoKind;
  appliesTo: PromoTarget;
  /** Basis points (percent: 1250 = 12.5 %) or cents (fixed). */
  value: number;
  startsAt: string;
  endsAt: string;
  budgetCents: number | null;
  usesPerCustomer: number | null;
  firstTopUpOnly: boolean;
  minAmountCents: number;
  enabled: boolean;
  version: number;
  /** Orders that used it (paid, or still open). */
  uses: number;
  /** What those orders took off: the budget used. */
  discountCents: number;
}

export interface AdminPromoCodesResponse {
  success: true;
  codes: AdminPromoCode[];
}

export interface AdminPromoCodeResponse {
  success: true;
  code: AdminPromoCode;
}

const isoDate = (field: string) => z.iso.datetime({ offset: true, message: `${field} must be an ISO 8601 date and time` });
const wholeCents = (field: string) => z.number(`${field} must be a whole number of cents`).int(`${field} must be a whole number of cents`);

/** The terms of a code, as the console's editor sends them. */
const promoTermsSchema = z.object({
  code: z
    .string('code is required')
    .transform(normalisePromoCode)
    .pipe(
      z
        .string()
        .regex(/^[A-Z0-9]+$/, 'code must hold letters and digits only')
        .min(3, 'code must be 3 characters or more')
        .max(PROMO_CODE_MAX_LENGTH, `code must be at most ${PROMO_CODE_MAX_LENGTH} characters`),
    ),
  kind: z.enum(PROMO_KINDS, 'kind must be percent or fixed'),
  appliesTo: z.enum(PROMO_TARGETS, 'appliesTo must be fee or total'),
  value: z.number('value must be a whole number').int('value must be a whole number').positive('value must be more than 0'),
  startsAt: isoDate('startsAt'),
  endsAt: isoDate('endsAt'),
  budgetCents: wholeCents('budgetCents').positive('budgetCents must be more than 0').nullable(),
  usesPerCustomer: z
    .number('usesPerCustomer must be a whole number')
    .int('usesPerCustomer must be a whole number')
    .positive('usesPerCustomer must be more than 0')
    .nullable(),
  firstTopUpOnly: z.boolean('firstTopUpOnly must be true or false'),
  minAmountCents: wholeCents('minAmountCents').min(0, 'minAmountCents must be 0 or more'),
  enabled: z.boolean('enabled must be true or false'),
  reason: reasonSchema,
});

/** The checks across fields: a percentage at most 100 %, a window that ends after it starts. */
function checkTerms(terms: z.output<typeof promoTermsSchema>, context: z.RefinementCtx) {
  if (terms.kind === 'percent' && terms.value > 10_000)
    context.addIssue({ code: 'custom', path: ['value'], message: 'value must be at most 10000 basis points (100 %)' });
  if (Date.parse(terms.endsAt) <= Date.parse(terms.startsAt))
    context.addIssue({ code: 'custom', path: ['endsAt'], message: 'endsAt must be after startsAt' });
}

/** POST /api/admin/promo-codes — a new code. */
export const adminPromoCodeCreateSchema = promoTermsSchema.superRefine(checkTerms);
export type AdminPromoCodeCreate = z.input<typeof adminPromoCodeCreateSchema>;

/** PUT /api/admin/promo-codes/:id — the code's new terms, on the version they were read at (409 when stale). */
export const adminPromoCodeUpdateSchema = promoTermsSchema.extend({ version: versionSchema }).superRefine(checkTerms);
export type AdminPromoCodeUpdate = z.input<typeof adminPromoCodeUpdateSchema>;

export const adminPromoCodeParamsSchema = z.object({
  id: z.coerce.number('id must be a whole number').int('id must be a whole number').positive('id must be a whole number'),
});

/** One order that used a code (GET /api/admin/promo-codes/:id/orders), newest first. */
export interface AdminPromoCodeOrder {
  id: string;
  reference: string;
  status: string;
  userEmail: string | null;
  amountCents: number;
  discountCents: number;
  totalCents: number;
  createdAt: string;
}

export interface AdminPromoCodeOrdersResponse {
  success: true;
  orders: AdminPromoCodeOrder[];
}
