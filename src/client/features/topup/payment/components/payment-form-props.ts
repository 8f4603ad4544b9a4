import type { CreatePaymentIntentResponse } from '@shared/api/orders';
import type { CheckoutIntent, PaymentMethodChoice } from '../api/create-payment-intent';
import type { PaymentAttempt } from '../lib/payment-messages';

/** What the Stripe form and the sandbox form share: they look and behave the same. */
export interface PaymentFormProps {
  intent: CheckoutIntent;
  receiptEmail: string | undefined;
  /** 'Pay $X.XX' with the total. */
  payLabel: string;
  /** True once the payment is authorised: nothing more to press. */
  locked: boolean;
  /** Translation key of the last refusal, shown above the buttons. */
  errorKey: string | null;
  onAttempt(attempt: PaymentAttempt): void;
  onUnexpectedError(error: unknown): void;
  /** The payer changed the form or starts a new attempt, so the last refusal no longer applies. */
  onEdit(): void;
  onCancel(): void;
  /** The signed-in customer, whose saved cards are offered (ADR 063). */
  userId?: string;
  /** Sends the checkout again with how to pay (a saved card, or saving this one); answers the server's checkout. */
  choosePaymentMethod?(choice: PaymentMethodChoice): Promise<CreatePaymentIntentResponse>;
}
