import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Icon } from '@/components/ui/icon';
import { markPaymentAuthorised, savedTopUpPaidWith } from '../lib/pending-top-up';
import { paymentRetryPath, recipientRestorePath } from '../lib/restore-params';
import { requestTopup, type TopupOutcome } from './lib/topup-outcome';
import { TopupResult } from './topup-result';

type Arrival = 'paid' | 'failed' | 'missing';

/**
 * The payment provider sends the browser here with payment_intent and redirect_status after a redirect (Cash App).
 * A payment still processing goes on like an authorised one: the server holds its top-up until it is authorised.
 */
export function arrivalOf(params: URLSearchParams): Arrival {
  if (!params.get('payment_intent')) return 'missing';
  const status = params.get('redirect_status');
  return status === 'succeeded' || status === 'requires_capture' || status === 'processing' ? 'paid' : 'failed';
}

/**
 * A paid payment: the top-up is requested by its payment intent (the server finds the order) and followed; should the
 * answer be lost, the order is followed by the id saved with the top-up, else found in the history.
 */
function AuthorisedPayment({ paymentIntentId }: { paymentIntentId: string }) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<TopupOutcome>({ kind: 'pending' });
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    const now = Date.now();
    markPaymentAuthorised(paymentIntentId, now);
    const orderId = savedTopUpPaidWith(paymentIntentId, now)?.checkout.orderId;
    void requestTopup({ paymentIntentId }, orderId ? { orderId } : {}).then(setOutcome);
  }, [paymentIntentId]);
  // Read before the result clears the saved top-up: a failed one's 'Try Again' starts from the same number.
  const [retryPath] = useState(() => {
    const saved = savedTopUpPaidWith(paymentIntentId, Date.now());
    return saved?.selectedCountry?.code && saved.phoneNumber ? recipientRestorePath(saved.selectedCountry.code, saved.phoneNumber) : null;
  });
  return <TopupResult outcome={outcome} titleLevel="h1" onTryAgain={retryPath ? () => navigate(retryPath) : undefined} />;
}

/**
 * A payment that was not authorised, or no payment at all. A declined payment of a top-up saved in this browser can be
 * tried again: back to its payment form, for the same recipient and amount, with the same order and payment intent.
 */
function PaymentNotice({ arrival, paymentIntentId }: { arrival: Exclude<Arrival, 'paid'>; paymentIntentId: string }) {
  const { t } = useTranslation();
  const failed = arrival === 'failed';
  const [retryPath] = useState(() => {
    const saved = failed && paymentIntentId ? savedTopUpPaidWith(paymentIntentId, Date.now()) : null;
    return saved?.selectedCountry?.code && saved.phoneNumber ? paymentRetryPath(saved.selectedCountry.code, saved.phoneNumber) : null;
  });
  return (
    <div className="flex flex-col items-center gap-5 text-center">
      <span
        className={
          failed
            ? 'flex size-14 items-center justify-center rounded-full bg-destructive/15 text-destructive'
            : 'flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground'
        }
      >
        <Icon name={failed ? 'triangle-alert' : 'clock-3'} className="size-7" />
      </span>
      <h1 className="text-2xl font-bold">{t(failed ? 'payment.toasts.failedTitle' : 'payment.complete.title')}</h1>
      <div className="flex flex-col gap-2 text-muted-foreground" role="status">
        {failed && <p>{t('payment.messages.default')}</p>}
        <p>{t(`payment.complete.${arrival}`)}</p>
      </div>
      <div className="flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row">
        <Button size="lg" variant={retryPath ? 'outline' : 'default'} asChild>
          <Link to={`${ROUTES.home}?reset=true`}>{t('common.backToHome')}</Link>
        </Button>
        {retryPath && (
          <Button size="lg" asChild>
            <Link to={retryPath}>{t('common.tryAgain')}</Link>
          </Button>
        )}
      </div>
    </div>
  );
}

/** /payment-complete (docs/product.md §2): where the payment provider returns the browser after confirming a payment. */
export function PaymentCompletePage() {
  const [params] = useSearchParams();
  const arrival = arrivalOf(params);
  const paymentIntentId = params.get('payment_intent') ?? '';
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-12">
      <Card>
        <div className="p-6 sm:p-8">
          {arrival === 'paid' ? (
            <AuthorisedPayment paymentIntentId={paymentIntentId} />
          ) : (
            <PaymentNotice arrival={arrival} paymentIntentId={paymentIntentId} />
          )}
        </div>
      </Card>
    </div>
  );
}
