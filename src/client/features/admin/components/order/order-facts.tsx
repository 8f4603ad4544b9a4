import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderDetail } from '@shared/api/admin';
import { failureReasonKey } from '@shared/api/failure-reasons';
import { DescriptionRow } from '@/components/ui/description-row';
import { formatLocalAmount } from '@/lib/local-format';
import { customerPath, ordersPathWith } from '../../admin-paths';
import { countryName, formatCents, formatDateTime, formatRecipient } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { linkClass } from '../link-class';

/** What an order page says of the order: who, what, how it was paid and delivered, and why it waits for a person. */

export function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('admin.common.none');
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language) : none);
  const text = (value: string | number | null) => (value === null || value === '' ? none : value);
  const cents = (value: number) => formatCents(value, language);
  // The server records a reason's English beside its code; a code we know reads in the console's language.
  const failureText = (code: string | null, message: string | null) => {
    const key = failureReasonKey(code);
    return key ? t(key) : text(message);
  };
  const local = (amount: string | null, currency: string | null) =>
    amount === null ? none : formatLocalAmount(Number(amount), currency ?? order.destinationCurrencyCode, language);

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <AdminSection title={t('admin.order.customer')} id="order-customer">
        <dl className="text-sm">
          <DescriptionRow label={t('admin.order.name')} testId="order-customer-name">
            <bdi>{text(order.customerName)}</bdi>
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.email')} testId="order-customer-email">
            <Link to={customerPath(order.userId)} className={linkClass}>
              {order.customerEmail}
            </Link>
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.receiptEmail')} testId="order-receipt-email">
            {text(order.receiptEmail)}
          </DescriptionRow>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.recipient')} id="order-recipient">
        <dl className="text-sm">
          <DescriptionRow label={t('admin.order.number')} testId="order-recipient-number" ltr>
            {formatRecipient(order.recipientPhone, order.callingCode)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.country')} testId="order-country">
            {countryName(order.countryCode, language)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.operator')} testId="order-operator">
            {order.operatorName} <span className="text-muted-foreground">#{order.operatorId}</span>
            <Link to={ordersPathWith(new URLSearchParams({ operator: String(order.operatorId) }))} className={`${linkClass} block text-xs`}>
              {t('admin.order.operatorOrders')}
            </Link>
          </DescriptionRow>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.amounts')} id="order-amounts">
        <dl className="text-sm">
          <DescriptionRow label={t('admin.order.amount')} testId="order-amount" ltr>
            {cents(order.amountCents)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.percentageFee')} testId="order-percentage-fee" ltr>
            {cents(order.percentageFeeCents)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.standardFee')} testId="order-standard-fee" ltr>
            {cents(order.standardFeeCents)}
          </DescriptionRow>
          {Boolean(order.discountCents) && (
            <DescriptionRow label={t('admin.promo.discount')} testId="order-discount" ltr>
              −{cents(order.discountCents!)}
            </DescriptionRow>
          )}
          <DescriptionRow label={t('admin.order.total')} testId="order-total" ltr strong>
            {cents(order.totalCents)}
          </DescriptionRow>
          {order.planDescription ? (
            <DescriptionRow label={t('admin.order.plan')} testId="order-plan">
              {order.planDescription}
            </DescriptionRow>
          ) : (
            <DescriptionRow label={t('admin.order.localAmount')} testId="order-local-amount" ltr>
              {local(order.localAmount, order.destinationCurrencyCode)}
            </DescriptionRow>
          )}
          <DescriptionRow label={t('admin.order.delivered')} testId="order-delivered" ltr>
            {local(order.deliveredAmount, order.deliveredCurrencyCode)}
          </DescriptionRow>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.payment')} id="order-payment">
        <dl className="text-sm">
          <DescriptionRow label={t('admin.order.provider')} testId="order-provider">
            {t(`admin.provider.${order.paymentProvider}`)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.paymentIntent')} testId="order-payment-intent" code>
            {text(order.paymentIntentId)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.authorisedAt')} testId="order-authorised-at">
            {date(order.authorisedAt)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.paymentRisk.threeDSecure')} testId="order-three-d-secure">
            {t(`admin.paymentRisk.threeDSecureResult.${order.threeDSecure ?? 'none'}`, { defaultValue: order.threeDSecure ?? none })}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.refundId')} testId="order-refund-id" code>
            {text(order.refundId)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.refundedAt')} testId="order-refunded-at">
            {date(order.refundedAt)}
          </DescriptionRow>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.topup')} id="order-topup" className="xl:col-span-2">
        <dl className="grid text-sm md:grid-cols-2 md:gap-x-8">
          <DescriptionRow label={t('admin.order.reference')} testId="order-reference" code>
            {order.reference}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.orderId')} testId="order-id" code>
            {order.id}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.orderKey')} testId="order-key" code>
            {order.orderKey}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.customIdentifier')} testId="order-custom-identifier" code>
            {order.customIdentifier}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.topupTransactionId')} testId="order-topup-transaction-id" code>
            {text(order.topupTransactionId)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.operatorTransactionId')} testId="order-operator-transaction-id" code>
            {text(order.operatorTransactionId)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.failureCode')} testId="order-failure-code" code>
            {text(order.failureCode)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.failureMessage')} testId="order-failure-message">
            <span dir="auto">{failureText(order.failureCode, order.failureMessage)}</span>
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.nextCheck')} testId="order-next-check">
            {date(order.nextCheckAt)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.checkAttempts')} testId="order-check-attempts">
            {order.checkAttempts}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.createdAt')} testId="order-created-at">
            {date(order.createdAt)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.updatedAt')} testId="order-updated-at">
            {date(order.updatedAt)}
          </DescriptionRow>
          <DescriptionRow label={t('admin.order.finishedAt')} testId="order-finished-at">
            {date(order.finishedAt)}
          </DescriptionRow>
          {order.deliveredAt && (
            <DescriptionRow
              label={t(order.status === 'canceled' ? 'admin.order.deliveredNotCharged' : 'admin.order.deliveredAt')}
              testId="order-delivered-at"
            >
              {date(order.deliveredAt)}
            </DescriptionRow>
          )}
        </dl>
      </AdminSection>
    </div>
  );
}

export function AttentionFacts({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!order.attention && !order.attentionNote) return null;
  return (
    <section
      aria-labelledby="order-attention"
      className="flex flex-col gap-2 rounded-2xl border border-amber-400 bg-amber-50 p-4 text-amber-950 sm:p-6 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="order-attention"
    >
      <h2 id="order-attention" className="text-lg font-semibold">
        {t('admin.order.attentionTitle')}
      </h2>
      {order.attention && (
        <p>
          <span className="font-semibold">{t(`admin.reason.${order.attention}`)}</span> — {t(`admin.reason.${order.attention}_help`)}
        </p>
      )}
      {order.attentionSince && <p className="text-sm">{t('admin.order.since', { date: formatDateTime(order.attentionSince, language) })}</p>}
      {order.attentionNote && (
        <p className="text-sm">
          <span className="font-semibold">{t('admin.order.attentionNote')}:</span> <span dir="auto">{order.attentionNote}</span>
        </p>
      )}
    </section>
  );
}
