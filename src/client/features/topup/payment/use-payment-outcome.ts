import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_SUCCESS_CALLBACK_DELAY_MS } from '@shared/constants';
import { toast } from '@/lib/toast';
import { decidePayment, type PaymentAttempt } from './lib/payment-messages';

/** How far an accepted payment got: authorised, or still being confirmed by the provider. */
export type Accepted = 'authorised' | 'confirming';

/**
 * What follows a payment form's answer (docs/product.md §4, §8), each told once, in the form (ADR 065): an authorised
 * payment says 'Payment Successful' beside the Pay button and hands over to the top-up 100 ms later (a payment the
 * provider is still confirming says so, and the result screen follows the order until the server has delivered it);
 * a refused one shows the message for its code beside the Pay button and keeps the form open for another try, the
 * message staying until the payer changes something or tries again. No toast: one would cover the card's fields.
 */
export function usePaymentOutcome(onAuthorised: (paymentIntentId: string) => void) {
  const { t } = useTranslation();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<Accepted | null>(null);

  const settle = (attempt: PaymentAttempt) => {
    const decision = decidePayment(attempt);
    if (decision.kind === 'declined') {
      setErrorKey(decision.messageKey);
      return;
    }
    setErrorKey(null);
    setAccepted(decision.kind === 'processing' ? 'confirming' : 'authorised');
    setTimeout(() => {
      try {
        onAuthorised(decision.paymentIntentId);
      } catch {
        // The form is gone by now: nothing in place is left to say it.
        toast({ title: t('payment.toasts.processingTitle'), description: t('payment.toasts.processingBody') });
      }
    }, PAYMENT_SUCCESS_CALLBACK_DELAY_MS);
  };

  const failUnexpectedly = () => setErrorKey('payment.toasts.errorBody');

  /** The payer changed the form or starts another attempt: the earlier refusal no longer applies. */
  const clearError = () => setErrorKey(null);

  return { errorKey, accepted, authorised: accepted !== null, settle, failUnexpectedly, clearError };
}
