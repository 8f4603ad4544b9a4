import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderView } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { DeliveryReportSection } from './delivery-report-section';
import { useOrder } from './get-order';
import { OrderStatusBadge } from './order-status-badge';
import { TotalPrice } from './total-price';
import {
  formatDeliveredAmount,
  formatExpectedAmount,
  formatUsdAmount,
  isNothingCharged,
  isolateLeftToRight,
  summariseOrder,
  type OrderSummary,
} from './order-format';
import { useLanguage } from './use-language';
import { failureReasonKey } from '@shared/api/failure-reasons';
import { paymentMethodLabel } from '@shared/payment-method';
import { RECEIPT_TEXTS } from '@shared/receipt-texts';
import { OrderPin } from '@/components/order-pin';
import { DescriptionRow } from '@/components/ui/description-row';
import { TechnicalDetails } from '@/components/technical-details';
import { contactAboutOrder } from '@/lib/contact-about-order';

/** Why a failed or never paid order took no money, with the provider's reason when there is one. */
function NothingChargedNotice({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const reasonKey = failureReasonKey(order.failureCode);
  const reason = order.displayStatus !== 'failed' ? null : reasonKey ? t(reasonKey) : order.failureMessage;
  return (
    <div
      role="note"
      className="flex flex-col gap-1 rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="order-failure"
    >
      {reason && <p className="font-semibold">{t('history.detail.failureTitle')}</p>}
      {reason && <p dir="auto">{reason}</p>}
      {(order.status === 'expired' || order.status === 'declined') && <p>{t('history.detail.expired')}</p>}
      <p className="font-semibold">{t('history.detail.notCharged')}</p>
      {order.failureCode && (
        <p className="text-xs">
          {t('history.detail.errorCode')}:{' '}
          <span dir="ltr" className="font-mono">
            {order.failureCode}
          </span>
        </p>
      )}
    </div>
  );
}

/** A refunded order: the payment was given back in full. */
function RefundedNotice() {
  const { t } = useTranslation();
  return (
    <p
      role="note"
      className="rounded-xl border border-violet-300 bg-violet-50 p-4 text-sm text-violet-900 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-100"
      data-testid="order-refunded"
    >
      {t('history.detail.refunded')}
    </p>
  );
}

function OrderDetails({ userId, listed }: { userId: string; listed: OrderView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = useOrder(userId, listed);
  const order = current.data ?? listed;
  const summary = summariseOrder(order, language);
  const delivered = formatDeliveredAmount(order, language);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('history.detail.title')}</DialogTitle>
        <DialogDescription>
          {t('history.detail.description', { number: isolateLeftToRight(summary.recipient), date: summary.date })}
        </DialogDescription>
      </DialogHeader>
      <div>
        <OrderStatusBadge status={order.displayStatus} className="max-w-none" />
      </div>
      {isNothingCharged(order.displayStatus) && <NothingChargedNotice order={order} />}
      {order.displayStatus === 'refunded' && <RefundedNotice />}
      {order.status === 'in_review' && (
        <p role="note" className="rounded-xl border p-4 text-sm" data-testid="order-in-review">
          {t('history.detail.inReview')}
        </p>
      )}
      {order.notCharged && (
        <p role="note" className="rounded-xl border p-4 text-sm" data-testid="order-delivered-not-charged">
          {t('history.detail.deliveredNotCharged')}
        </p>
      )}
      {current.isError && (
        <p className="text-sm text-muted-foreground" role="status">
          {t('history.detail.refreshFailed')}
        </p>
      )}
      <dl className="flex flex-col divide-y text-sm">
        <DescriptionRow label={t('history.detail.reference')} testId="detail-reference" ltr>
          <span className="font-mono font-semibold">{order.reference}</span>
        </DescriptionRow>
        <DescriptionRow label={t('history.columns.date')} testId="detail-date">
          {summary.date}
        </DescriptionRow>
        <DescriptionRow label={t('history.columns.recipient')} testId="detail-recipient">
          <span dir="ltr">{summary.recipient}</span>
        </DescriptionRow>
        <DescriptionRow label={t('history.columns.country')} testId="detail-country">
          <span className="inline-flex items-center gap-2">
            <img src={summary.flag} alt="" width={24} height={18} className="h-[18px] w-6 rounded-sm object-cover ring-1 ring-border" />
            {summary.country}
          </span>
        </DescriptionRow>
        <DescriptionRow label={t('history.columns.operator')} testId="detail-operator">
          {order.operatorName}
        </DescriptionRow>
        <DescriptionRow label={t('history.detail.amount')} testId="detail-amount">
          <span dir="ltr">{formatUsdAmount(order.amount)}</span>
        </DescriptionRow>
        <DescriptionRow label={t('history.detail.fee')} testId="detail-fee">
          <span dir="ltr">{formatUsdAmount(order.fee)}</span>
        </DescriptionRow>
        {order.discount && Number(order.discount) > 0 && (
          <DescriptionRow label={t('topup.review.promo.discount')} testId="detail-discount">
            <span dir="ltr">−{formatUsdAmount(order.discount)}</span>
          </DescriptionRow>
        )}
        <DescriptionRow label={t('history.columns.totalPrice')} testId="detail-total" strong>
          <TotalPrice summary={summary} />
        </DescriptionRow>
        <DescriptionRow label={t('history.columns.recipientGets')} testId="detail-expected">
          <bdi>{formatExpectedAmount(order, language)}</bdi>
        </DescriptionRow>
        {delivered && (
          <DescriptionRow label={t('history.detail.delivered')} testId="detail-delivered">
            <bdi>{delivered}</bdi>
          </DescriptionRow>
        )}
      </dl>
      <TechnicalDetails summary={t('history.detail.technical')} testId="detail-technical">
        {order.transactionId && (
          <DescriptionRow label={t('history.detail.transactionId')} testId="detail-transaction-id" code>
            <span dir="ltr">{order.transactionId}</span>
          </DescriptionRow>
        )}
        {order.paymentMethod && (
          <DescriptionRow label={RECEIPT_TEXTS[language].paymentMethod} testId="detail-payment-method" ltr>
            {paymentMethodLabel(order.paymentMethod, language)}
          </DescriptionRow>
        )}
        {order.paymentIntentId && (
          <DescriptionRow label={t('history.detail.paymentReference')} testId="detail-payment-reference" code>
            <span dir="ltr">{order.paymentIntentId}</span>
          </DescriptionRow>
        )}
        <DescriptionRow label={t('history.detail.orderNumber')} testId="detail-order-number" code>
          <span dir="ltr">{order.id}</span>
        </DescriptionRow>
      </TechnicalDetails>
      <Link to={contactAboutOrder(order.reference)} className="text-sm text-primary underline-offset-4 hover:underline" data-testid="detail-contact">
        {t('history.detail.contactAbout')}
      </Link>
      {order.hasPin && <OrderPin orderId={order.id} headingLevel="h3" />}
      {(order.deliveryReport || order.canReportDelivery) && <DeliveryReportSection userId={userId} order={order} />}
    </>
  );
}

/** 'Details' for one order: a dialog with everything the order records, read fresh from the server when it opens. */
export function OrderDetailsDialog({ userId, summary }: { userId: string; summary: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" data-testid="order-details">
          {t('history.details')}
          <span className="sr-only">, {summary.recipient}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('history.detail.close')} data-testid="order-details-dialog">
        <OrderDetails userId={userId} listed={summary.order} />
      </DialogContent>
    </Dialog>
  );
}
