import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { TopupResponse } from '@shared/api/orders';
import { NAVIGATION_LOADER_DELAY_MS, type Language } from '@shared/constants';
import { ROUTES } from '@shared/routes';
import { formatPhoneInternational } from '@shared/phone-format';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { clearPendingAction } from '@/lib/pending-action';
import { dismissToast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { formatDeliveredAmount, formatDollars, formatTransactionDate } from './lib/result-format';
import {
  amountLabelKey,
  amountPaidShown,
  failedMoneyKey,
  failedResultMessage,
  successLeadKey,
  type ResultView,
  type TopupOutcome,
} from './lib/topup-outcome';
import { useConfetti } from './use-confetti';
import { useFollowedOrder } from './use-followed-order';
import { useUiLanguage } from '../use-ui-language';
import { DescriptionRow } from '@/components/ui/description-row';
import { paymentMethodLabel } from '@shared/payment-method';
import { OrderPin } from '@/components/order-pin';
import { TechnicalDetails } from '@/components/technical-details';
import { contactAboutOrder } from '@/lib/contact-about-order';
import { FailedActions } from './components/failed-actions';

interface TopupResultProps {
  outcome: TopupOutcome;
  /** The total charged (2-decimal USD), when the page knows it; otherwise it is read from the order. */
  amountPaid?: string;
  /** h3 inside the home page's flow, h1 as the page of its own at /payment-complete. */
  titleLevel?: 'h1' | 'h3';
  /** The failed view's 'Try Again': the same number again, for another amount or operator; absent when it is unknown. */
  onTryAgain?: () => void;
}

const TITLES: Record<ResultView, string> = {
  successful: 'topup.result.successTitle',
  processing: 'topup.result.processingTitle',
  failed: 'topup.result.failedTitle',
};

function StatusIcon({ view }: { view: ResultView }) {
  if (view === 'processing') {
    return <span className="size-14 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />;
  }
  return (
    <span
      className={cn(
        'flex size-14 items-center justify-center rounded-full',
        view === 'successful' ? 'bg-accent text-accent-foreground' : 'bg-destructive/15 text-destructive',
      )}
    >
      <Icon name={view === 'successful' ? 'check' : 'triangle-alert'} className="size-7" />
    </span>
  );
}

/** What the Transaction Summary lists of a top-up that was not refused: recipient, amount paid and how, delivery. */
export function ResultDetails({
  result,
  amountPaid,
  language,
  titleLevel,
}: {
  result: TopupResponse;
  amountPaid: string | number | undefined;
  language: Language;
  titleLevel: 'h1' | 'h3';
}) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="w-full divide-y rounded-xl border px-4 text-sm">
        {result.reference && (
          <DescriptionRow label={t('topup.result.reference')} testId="result-reference" ltr>
            <span className="font-mono font-semibold">{result.reference}</span>
          </DescriptionRow>
        )}
        {result.recipientPhone && (
          <DescriptionRow label={t('topup.result.recipient')} testId="result-recipient">
            <bdi>{formatPhoneInternational(result.recipientPhone)}</bdi>
          </DescriptionRow>
        )}
        {result.operatorName && (
          <DescriptionRow label={t('topup.result.operator')} testId="result-operator">
            {result.operatorName}
          </DescriptionRow>
        )}
        {amountPaid !== undefined && (
          <DescriptionRow label={t(amountLabelKey(result))} testId="result-amount-paid">
            <bdi>{formatDollars(amountPaid)}</bdi>
          </DescriptionRow>
        )}
        {amountPaid !== undefined && result.paymentMethod && (
          <DescriptionRow label={t('topup.result.paymentMethod')} testId="result-payment-method" ltr>
            {paymentMethodLabel(result.paymentMethod, language)}
          </DescriptionRow>
        )}
        {result.planDescription && (
          <DescriptionRow label={t('topup.result.plan')} testId="result-plan">
            <bdi>{result.planDescription}</bdi>
          </DescriptionRow>
        )}
        {result.deliveredAmount !== null && result.deliveredAmountCurrencyCode && (
          <DescriptionRow label={t('topup.result.delivered')} testId="result-delivered">
            <bdi>{formatDeliveredAmount(result.deliveredAmount, result.deliveredAmountCurrencyCode, language)}</bdi>
          </DescriptionRow>
        )}
        {result.transactionDate && (
          <DescriptionRow label={t('topup.result.date')} testId="result-date">
            {formatTransactionDate(result.transactionDate, language)}
          </DescriptionRow>
        )}
      </dl>
      <ResultTechnicalDetails result={result} />
      {result.hasPin && result.orderId && <OrderPin orderId={result.orderId} headingLevel={titleLevel === 'h1' ? 'h2' : 'h4'} />}
    </>
  );
}

/** The order's long identifiers, folded away: the customer quotes the reference. */
function ResultTechnicalDetails({ result }: { result: TopupResponse }) {
  const { t } = useTranslation();
  return (
    <TechnicalDetails summary={t('topup.result.technicalDetails')} testId="result-technical" className="px-1">
      <DescriptionRow label={t('topup.result.orderNumber')} testId="result-order-number" code ltr>
        {result.orderId}
      </DescriptionRow>
      {result.paymentIntentId && (
        <DescriptionRow label={t('topup.result.paymentReference')} testId="result-payment-reference" code ltr>
          {result.paymentIntentId}
        </DescriptionRow>
      )}
      {result.transactionId && (
        <DescriptionRow label={t('topup.result.transactionId')} testId="result-transaction-id" code ltr>
          {result.transactionId}
        </DescriptionRow>
      )}
    </TechnicalDetails>
  );
}

/** Support, with the order's reference already in the message. */
function ContactAboutOrder({ reference }: { reference: string }) {
  const { t } = useTranslation();
  return (
    <Link to={contactAboutOrder(reference)} className="text-sm text-primary underline-offset-4 hover:underline" data-testid="result-contact">
      {t('topup.result.contactAbout')}
    </Link>
  );
}

/** The order and its transaction, in the reader's language: the server's technical line is English. */
function orderDetail(t: TFunction, result: TopupResponse): string {
  const order = t('topup.result.technicalOrder', { orderId: result.orderId });
  return result.transactionId ? `${order}, ${t('topup.result.technicalTransaction', { transactionId: result.transactionId })}` : order;
}

/** The failed view's particulars (docs/product.md §8): what went wrong, the technical detail and the error code, when known. */
function FailureDetails({ outcome, latest }: { outcome: TopupOutcome; latest: TopupResponse | null }) {
  const { t } = useTranslation();
  const fromResult = latest ? failedResultMessage(latest) : null;
  const message =
    outcome.kind === 'refused'
      ? t(outcome.failure.messageKey)
      : fromResult && ('messageKey' in fromResult ? t(fromResult.messageKey) : fromResult.text);
  const technical = outcome.kind === 'refused' ? outcome.failure.detail : latest?.technicalDetails && orderDetail(t, latest);
  const errorCode = outcome.kind === 'refused' ? undefined : latest?.errorCode;
  const reference = latest?.reference;
  if (!message && !technical && !errorCode && !reference) return null;
  return (
    <div className="flex w-full flex-col gap-2 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-start text-sm">
      {reference && (
        <p data-testid="result-reference-line">
          <span className="font-medium">{t('topup.result.reference')}:</span>{' '}
          <bdi className="font-mono font-semibold" data-testid="result-reference">
            {reference}
          </bdi>
        </p>
      )}
      {message && (
        <p dir="auto" className="font-medium" data-testid="result-failure-message">
          {message}
        </p>
      )}
      {(technical || errorCode) && (
        // Folded away (ADR 065): the customer quotes the reference; support reads these.
        <details className="text-muted-foreground" data-testid="result-technical">
          <summary className="cursor-pointer font-medium">{t('topup.result.technicalDetails')}</summary>
          {technical && (
            <p className="break-words" data-testid="result-technical-details">
              <bdi>{technical}</bdi>
            </p>
          )}
          {errorCode && (
            <p data-testid="result-error-code">
              <span className="font-medium">{t('topup.result.errorCode')}:</span> <bdi className="font-mono">{errorCode}</bdi>
            </p>
          )}
        </details>
      )}
    </div>
  );
}

/** What 'Processing Top-up' says: that the page updates by itself and, once it takes longer, that nothing is charged before delivery. */
export function ProcessingLead({ stillChecking, inReview = false }: { stillChecking: boolean; inReview?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {inReview ? (
        <p className="text-sm font-semibold" data-testid="result-in-review">
          {t('topup.result.inReview')}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t('topup.result.processingLead')}</p>
      )}
      {stillChecking && (
        <p className="text-sm text-muted-foreground" data-testid="result-still-checking">
          {t('topup.result.stillChecking')}
        </p>
      )}
    </>
  );
}

/**
 * The result screen (docs/product.md §2 step 6): 'Processing Top-up' while the top-up runs or its answer is unknown, following
 * the order until it is final (more slowly as it goes on, never giving up while the page is open), then 'Transaction Summary' with confetti, or 'Top-up Failed' saying what
 * happened to the money. Reaching a final view finishes the checkout, so the saved top-up and pending action are
 * cleared.
 */
export function TopupResult({ outcome, amountPaid, titleLevel = 'h3', onTryAgain }: TopupResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const [leaving, setLeaving] = useState(false);
  const language = useUiLanguage();
  const { view, latest, paid, stillChecking } = useFollowedOrder(outcome, amountPaid);

  // Said in the summary itself, not in a toast over it (ADR 065).
  const alreadyCaptured = outcome.kind === 'answered' && outcome.alreadyCaptured;

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (view !== 'processing') clearPendingAction();
    // The result is the one message now: a toast left from before would speak over it.
    if (view !== 'processing') dismissToast();
  }, [view]);
  useConfetti(view === 'successful');

  const makeAnother = () => {
    setLeaving(true);
    setTimeout(() => navigate(`${ROUTES.home}?reset=true`), NAVIGATION_LOADER_DELAY_MS);
  };

  const Title = titleLevel;
  return (
    <section
      aria-labelledby="topup-result-title"
      className="flex flex-col items-center gap-5 text-center"
      data-testid="topup-result"
      data-view={view}
    >
      <StatusIcon view={view} />
      <div className="flex flex-col gap-2" aria-live="polite">
        <Title
          id="topup-result-title"
          ref={heading}
          tabIndex={-1}
          className={cn('font-bold outline-none', titleLevel === 'h1' ? 'text-2xl' : 'text-xl')}
          data-testid="topup-result-title"
        >
          {t(TITLES[view])}
        </Title>
        {view === 'failed' ? (
          <p className="text-sm text-muted-foreground" data-testid="result-money">
            {t(failedMoneyKey(outcome, latest))}
          </p>
        ) : view === 'successful' ? (
          <>
            {alreadyCaptured && (
              <p className="text-sm font-semibold" data-testid="result-captured">
                {t('topup.result.capturedToast')}
              </p>
            )}
            <p className="text-sm text-muted-foreground" data-testid="result-lead">
              {t(successLeadKey(latest))}
            </p>
          </>
        ) : (
          <ProcessingLead stillChecking={stillChecking} inReview={latest?.inReview === true} />
        )}
      </div>
      {view === 'failed' ? (
        <FailureDetails outcome={outcome} latest={latest} />
      ) : (
        latest && <ResultDetails result={latest} amountPaid={amountPaidShown(latest, paid)} language={language} titleLevel={titleLevel} />
      )}
      {view === 'failed' ? (
        <FailedActions reference={latest?.reference} onTryAgain={onTryAgain} onHome={() => navigate(`${ROUTES.home}?reset=true`)} />
      ) : (
        <>
          {latest?.reference && <ContactAboutOrder reference={latest.reference} />}
          <Button type="button" size="lg" className="w-full sm:w-auto" onClick={makeAnother} disabled={leaving} aria-busy={leaving}>
            {leaving && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
            {t('topup.result.makeAnother')}
          </Button>
        </>
      )}
    </section>
  );
}
