import { z } from 'zod';

/**
 * A customer's saved cards (ADR 063): GET /api/user/payment-methods lists them, DELETE /api/user/payment-methods/{id}
 * removes one. A card is saved by paying with "Save this card for next time" ticked; only what the provider says of
 * it is kept, never its number.
 */

/** A saved card as the payment step and the profile show it. Dates are ISO 8601 strings. */
export interface SavedCardView {
  id: string;
  /** Stripe's brand names: visa, mastercard, amex, discover, diners, jcb, unionpay, unknown. */
  brand: string;
  last4: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  createdAt: string;
}

export interface SavedCardListResponse {
  success: true;
  cards: SavedCardView[];
}

export interface RemoveSavedCardResponse {
  success: true;
}

export const savedCardIdParamsSchema = z.object({ id: z.uuid() });
