import type { OperatorInfo } from '@shared/api/catalog';
import type { AmountOption } from './amounts';
import type { SelectedCountry } from './country-selection';

/**
 * A top-up brought back after the visitor left the page (signed in, paid on another site, followed a link): from the
 * browser's saved copy or from the URL (restore-params.ts), then handed to the flow (flow-state.ts).
 */

/**
 * The number without a complete top-up (the URL carries no amount, or the saved top-up is incomplete): the visitor
 * goes on from there. A saved operator opens the amounts at once; a saved amount is chosen when it is still offered.
 */
export interface RestoredRecipient {
  country: SelectedCountry;
  phone: string;
  operator?: OperatorInfo;
  amountCents?: number;
}

export interface RestoredTopUp {
  country: SelectedCountry;
  phone: string;
  operator: OperatorInfo;
  amount: AmountOption;
  /** The checkout already started for this top-up: Confirm finds the same order and payment again. */
  orderKey?: string | null;
}

/**
 * What a restored top-up goes on to by itself (docs/product.md §4 post-auth cases): open the payment form (after sign-in, or
 * 'Try again' after a declined redirect payment), or send the top-up of a payment already authorised.
 */
export type AutoContinue = { kind: 'createIntent' } | { kind: 'processTopup'; paymentIntentId: string };
