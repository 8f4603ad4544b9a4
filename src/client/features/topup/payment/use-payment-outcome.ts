import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_SUCCESS_CALLBACK_DELAY_MS } from '@shared/constants';
import { toast } from '@/lib/toast';
import { decidePayment, type PaymentAttempt } from './lib/payment-messages';

/**
 * What follows a payment form's answer (SPEC §4, §8): an authorised payment toasts 'Payment Successful' and hands over
 * to the top-up 100 ms later (a payment the provider is still confirming says so, and the result screen follows the
 * order until the server has delivered it); a refused one toasts 'Payment Failed' with the message for its code and keeps the form
 * open for another try, the message staying beside the Pay button until the payer changes something or tries again.
 */
export function usePaymentOutcome(onAuthorised: (paymentIntentId: string) => void) {
  const { t } = useTranslation();
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [authorised, setAuthorised] = useState(false);

  const settle = (attempt: PaymentAttempt) => {
    const decision = decidePayment(attempt);
    if (decision.kind === 'declined') {
      setErrorKey(decision.messageKey);
      toast({ title: t('payment.toasts.failedTitle'), description: t(decision.messageKey), variant: 'destructive' });
      return;
    }
    setErrorKey(null);
    setAuthorised(true);
    if (decision.kind === 'processing') toast({ title: t('payment.toasts.pendingTitle'), description: t('payment.toasts.pendingBody') });
    else toast({ title: t('payment.toasts.successTitle'), description: t('payment.toasts.successBody') });
    setTimeout(() => {
      try {
        onAuthorised(decision.paymentIntentId);
      } catch {
        toast({ title: t('payment.toasts.processingTitle'), description: t('payment.toasts.processingBody') });
      }
    }, PAYMENT_SUCCESS_CALLBACK_DELAY_MS);
  };

  const failUnexpectedly = () => {
    setErrorKey('payment.toasts.errorBody');
    toast({ title: t('payment.toasts.errorTitle'), description: t('payment.toasts.errorBody'), variant: 'destructive' });
  };

  /** The payer changed the form or starts another attempt: the earlier refusal no longer applies. */
  const clearError = () => setErrorKey(null);

  return { errorKey, authorised, settle, failUnexpectedly, clearError };
}
