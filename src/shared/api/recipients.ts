import { z } from 'zod';
import { isSafeName } from '../text-rules';
import { undisguised } from './free-text';

/**
 * A customer's saved recipients (docs/product.md §11): GET, POST /api/recipients, PATCH and DELETE
 * /api/recipients/{id}. A completed top-up adds or refreshes its recipient by itself (server/orders/follow-ups.ts).
 */

/** The longest name a customer may give a recipient ("Mum"). */
export const RECIPIENT_NAME_MAX_LENGTH = 40;
/** How many recipients one customer may keep; a completed top-up still refreshes (or adds) its own beyond it. */
export const SAVED_RECIPIENTS_MAX = 100;

/** A recipient as the list shows it. Dates are ISO 8601 strings. */
export interface SavedRecipient {
  id: string;
  /** ISO 3166 alpha-2, upper case. */
  countryCode: string;
  /** National number, digits only, as it was typed (a trunk 0 may lead). */
  nationalNumber: string;
  /** The country's calling code without "+", for formatting the number; null when the country is unknown. */
  callingCode: string | null;
  /** The country's English name, for when the browser's list of countries does not have it. */
  countryName: string;
  operatorId: number | null;
  operatorName: string | null;
  name: string | null;
  lastToppedUpAt: string | null;
  /**
   * The customer's last completed top-up of this number: the operator they chose for it and its amount (a 2-decimal
   * USD string), which 'Send again' offers again; null when none completed (a number saved by hand).
   */
  lastTopUp: { operatorId: number; amount: string } | null;
  createdAt: string;
}

export interface RecipientListResponse {
  success: true;
  recipients: SavedRecipient[];
}

export interface RecipientResponse {
  success: true;
  recipient: SavedRecipient;
  /** On an add: false when the number was already saved, and the answer is the recipient kept before. */
  created?: boolean;
}

export interface DeleteRecipientResponse {
  success: true;
}

/** A name as the forms take it: trimmed; blank means no name. */
export const recipientNameSchema = z
  .string('apiErrors.recipientNameInvalid')
  .trim()
  .max(RECIPIENT_NAME_MAX_LENGTH, 'apiErrors.recipientNameTooLong')
  .refine(isSafeName, 'apiErrors.recipientNameInvalid')
  .superRefine(undisguised('name'))
  .transform((typed) => typed || null);

/** POST /api/recipients. The number is checked on the server with the recipient step's rules (shared/phone-rules.ts). */
export const addRecipientRequestSchema = z.object({
  countryCode: z
    .string('validation.countryCode')
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((code) => code.toUpperCase()),
  phone: z.string('phone.required').max(40, 'apiErrors.invalidPhoneNumber'),
  name: recipientNameSchema.optional(),
});

/** PATCH /api/recipients/{id}. */
export const renameRecipientRequestSchema = z.object({ name: recipientNameSchema });

export const recipientIdParamsSchema = z.object({ id: z.uuid() });

export type AddRecipientRequest = z.input<typeof addRecipientRequestSchema>;
export type RenameRecipientRequest = z.input<typeof renameRecipientRequestSchema>;
