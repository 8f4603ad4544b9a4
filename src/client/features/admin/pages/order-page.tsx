import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, HandCoins, LockOpen, RefreshCw, type LucideIcon } from 'lucide-react';
import type { AdminOrderAction, AdminOrderDetail, AdminOrderEvent } from '@shared/api/admin';
import { DescriptionRow } from '@/components/ui/description-row';
import { formatLocalAmount } from '@/lib/local-format';
import { ADMIN_PATHS, customerPath, ordersPathWith } from '../admin-paths';
import { orderQueryOptions, runOrderAction } from '../api/orders';
import { ActionPanel, type ActionLook } from '../components/action-panel';
import { DeliveryReportPanel } from '../components/delivery-report-panel';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { isNotFound, NotFoundNotice } from '../components/not-found-notice';
import { linkClass } from '../components/orders-table';
import { LoadError, Loading } from '../components/query-state';
import { AttentionBadge, OrderStatusBadge } from '../components/status-badge';
import { countryName, displayValue, formatCents, formatDateTime, formatRecipient, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';

const ACTION_ICONS: Record<AdminOrderAction, LucideIcon> = { check: RefreshCw, release: LockOpen, refund: HandCoins };

/** The actions the order's status allows (the server checks again), each behind a reason; a refund also asks to confirm. */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const amount = formatCents(order.totalCents, language);
  const look = (action: AdminOrderAction): ActionLook => ({
    label: t(`admin.action.${action}`),
    icon: ACTION_ICONS[action],
    destructive: action === 'refund',
    dialogTitle: t(`admin.action.${action}Title`),
    dialogBody: t(`admin.action.${action}Body`, { amount }),
    confirmation: action === 'refund' ? t('admin.action.refundConfirm', { amount }) : undefined,
    doneText: t(`admin.action.${action}Done`),
  });
  return (
    <ActionPanel
      title={t('admin.order.actions')}
      id="order-actions"
      actions={order.actions}
      look={look}
      run={(action, reason) => runOrderAction(order.id, action, reason)}
      onDone={(answer) => queryClient.setQueryData(orderQueryOptions(order.id).queryKey, (current) => current && { ...current, order: answer.order })}
      noActions={t('admin.order.noActions')}
      statusText={(status) => t(`admin.status.${status}`, { defaultValue: status })}
    />
  );
}

function Row({
  label,
  testId,
  children,
  code,
  ltr,
  strong,
}: {
  label: string;
  testId: string;
  children: ReactNode;
  code?: boolean;
  ltr?: boolean;
  strong?: boolean;
}) {
  return (
    <DescriptionRow label={label} testId={testId} code={code} ltr={ltr} strong={strong}>
      {children}
    </DescriptionRow>
  );
}

function OrderFacts({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('admin.common.none');
  const date = (iso: string | null) => (iso ? formatDateTime(iso, language) : none);
  const text = (value: string | number | null) => (value === null || value === '' ? none : value);
  const cents = (value: number) => formatCents(value, language);
  const local = (amount: string | null, currency: string | null) =>
    amount === null ? none : formatLocalAmount(Number(amount), currency ?? order.destinationCurrencyCode, language);

  return (
    <div className="grid items-start gap-6 xl:grid-cols-2">
      <AdminSection title={t('admin.order.customer')} id="order-customer">
        <dl className="text-sm">
          <Row label={t('admin.order.name')} testId="order-customer-name">
            <span dir="auto">{text(order.customerName)}</span>
          </Row>
          <Row label={t('admin.order.email')} testId="order-customer-email">
            <Link to={customerPath(order.userId)} className={linkClass}>
              {order.customerEmail}
            </Link>
          </Row>
          <Row label={t('admin.order.receiptEmail')} testId="order-receipt-email">
            {text(order.receiptEmail)}
          </Row>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.recipient')} id="order-recipient">
        <dl className="text-sm">
          <Row label={t('admin.order.number')} testId="order-recipient-number" ltr>
            {formatRecipient(order.recipientPhone, order.callingCode)}
          </Row>
          <Row label={t('admin.order.country')} testId="order-country">
            {countryName(order.countryCode, language)}
          </Row>
          <Row label={t('admin.order.operator')} testId="order-operator">
            {order.operatorName} <span className="text-muted-foreground">#{order.operatorId}</span>
            <Link to={ordersPathWith(new URLSearchParams({ operator: String(order.operatorId) }))} className={`${linkClass} block text-xs`}>
              {t('admin.order.operatorOrders')}
            </Link>
          </Row>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.amounts')} id="order-amounts">
        <dl className="text-sm">
          <Row label={t('admin.order.amount')} testId="order-amount" ltr>
            {cents(order.amountCents)}
          </Row>
          <Row label={t('admin.order.percentageFee')} testId="order-percentage-fee" ltr>
            {cents(order.percentageFeeCents)}
          </Row>
          <Row label={t('admin.order.standardFee')} testId="order-standard-fee" ltr>
            {cents(order.standardFeeCents)}
          </Row>
          <Row label={t('admin.order.total')} testId="order-total" ltr strong>
            {cents(order.totalCents)}
          </Row>
          {order.planDescription ? (
            <Row label={t('admin.order.plan')} testId="order-plan">
              {order.planDescription}
            </Row>
          ) : (
            <Row label={t('admin.order.localAmount')} testId="order-local-amount" ltr>
              {local(order.localAmount, order.destinationCurrencyCode)}
            </Row>
          )}
          <Row label={t('admin.order.delivered')} testId="order-delivered" ltr>
            {local(order.deliveredAmount, order.deliveredCurrencyCode)}
          </Row>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.payment')} id="order-payment">
        <dl className="text-sm">
          <Row label={t('admin.order.provider')} testId="order-provider">
            {t(`admin.provider.${order.paymentProvider}`)}
          </Row>
          <Row label={t('admin.order.paymentIntent')} testId="order-payment-intent" code>
            {text(order.paymentIntentId)}
          </Row>
          <Row label={t('admin.order.authorisedAt')} testId="order-authorised-at">
            {date(order.authorisedAt)}
          </Row>
          <Row label={t('admin.order.refundId')} testId="order-refund-id" code>
            {text(order.refundId)}
          </Row>
          <Row label={t('admin.order.refundedAt')} testId="order-refunded-at">
            {date(order.refundedAt)}
          </Row>
        </dl>
      </AdminSection>
      <AdminSection title={t('admin.order.topup')} id="order-topup" className="xl:col-span-2">
        <dl className="grid text-sm md:grid-cols-2 md:gap-x-8">
          <Row label={t('admin.order.orderId')} testId="order-id" code>
            {order.id}
          </Row>
          <Row label={t('admin.order.orderKey')} testId="order-key" code>
            {order.orderKey}
          </Row>
          <Row label={t('admin.order.customIdentifier')} testId="order-custom-identifier" code>
            {order.customIdentifier}
          </Row>
          <Row label={t('admin.order.topupTransactionId')} testId="order-topup-transaction-id" code>
            {text(order.topupTransactionId)}
          </Row>
          <Row label={t('admin.order.operatorTransactionId')} testId="order-operator-transaction-id" code>
            {text(order.operatorTransactionId)}
          </Row>
          <Row label={t('admin.order.failureCode')} testId="order-failure-code" code>
            {text(order.failureCode)}
          </Row>
          <Row label={t('admin.order.failureMessage')} testId="order-failure-message">
            <span dir="auto">{text(order.failureMessage)}</span>
          </Row>
          <Row label={t('admin.order.nextCheck')} testId="order-next-check">
            {date(order.nextCheckAt)}
          </Row>
          <Row label={t('admin.order.checkAttempts')} testId="order-check-attempts">
            {order.checkAttempts}
          </Row>
          <Row label={t('admin.order.createdAt')} testId="order-created-at">
            {date(order.createdAt)}
          </Row>
          <Row label={t('admin.order.updatedAt')} testId="order-updated-at">
            {date(order.updatedAt)}
          </Row>
          <Row label={t('admin.order.finishedAt')} testId="order-finished-at">
            {date(order.finishedAt)}
          </Row>
        </dl>
      </AdminSection>
    </div>
  );
}

function AttentionFacts({ order }: { order: AdminOrderDetail }) {
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

function EventLine({ event }: { event: AdminOrderEvent }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = (value: string) => t(`admin.status.${value}`, { defaultValue: value });
  const moved = event.fromStatus !== null && event.fromStatus !== event.toStatus;
  const detail = Object.entries(event.detail ?? {});
  return (
    <li className="relative flex flex-col gap-1.5" data-testid="order-event">
      <span className="absolute -start-[1.95rem] top-1.5 size-3 rounded-full bg-primary ring-4 ring-card" aria-hidden="true" />
      <p className="sr-only">
        {moved ? t('admin.order.eventMove', { from: status(event.fromStatus!), to: status(event.toStatus) }) : status(event.toStatus)}
      </p>
      <div className="flex flex-wrap items-center gap-2" aria-hidden="true">
        {moved && (
          <>
            <OrderStatusBadge status={event.fromStatus!} />
            <ArrowRight className="size-4 text-muted-foreground rtl:rotate-180" />
          </>
        )}
        <OrderStatusBadge status={event.toStatus} />
      </div>
      <p className="text-sm text-muted-foreground">
        <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, language)}</time>
        {' · '}
        <span data-testid="order-event-source">{t(`admin.source.${event.source}`, { defaultValue: event.source })}</span>
        {event.actorEmail && (
          <>
            {' · '}
            <span data-testid="order-event-actor">{t('admin.order.eventBy', { email: event.actorEmail })}</span>
          </>
        )}
      </p>
      {detail.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 rounded-lg bg-muted/60 p-2 text-xs" data-testid="order-event-detail">
          {detail.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="font-mono text-muted-foreground">{key}</dt>
              <dd dir="auto" className="min-w-0 wrap-anywhere">
                {displayValue(value, language)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </li>
  );
}

function Timeline({ events }: { events: AdminOrderEvent[] }) {
  const { t } = useTranslation();
  return (
    <AdminSection title={t('admin.order.timeline')} id="order-timeline">
      {events.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.order.noEvents')}</p>
      ) : (
        <ol className="ms-1.5 flex flex-col gap-5 border-s ps-6" data-testid="order-timeline">
          {events.map((event) => (
            <EventLine key={event.id} event={event} />
          ))}
        </ol>
      )}
    </AdminSection>
  );
}

export function OrderPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const detail = useQuery(orderQueryOptions(orderId));
  const order = detail.data?.order;
  return (
    <AdminPageFrame
      title={t('admin.order.heading', { id: shortId(orderId) })}
      lead={
        <Link to={ADMIN_PATHS.orders} className={linkClass}>
          {t('admin.order.backToOrders')}
        </Link>
      }
      aside={
        order && (
          <div className="flex flex-wrap items-center gap-2" data-testid="order-header-status">
            <OrderStatusBadge status={order.status} />
            {order.attention && <AttentionBadge reason={order.attention} />}
          </div>
        )
      }
    >
      {detail.data ? (
        <>
          <AttentionFacts order={detail.data.order} />
          <DeliveryReportPanel key={detail.data.order.deliveryReport?.id} order={detail.data.order} />
          <OrderActions order={detail.data.order} />
          <OrderFacts order={detail.data.order} />
          <Timeline events={detail.data.events} />
        </>
      ) : detail.isError ? (
        isNotFound(detail.error) ? (
          <NotFoundNotice message={t('admin.order.notFound')} backTo={ADMIN_PATHS.orders} backLabel={t('admin.order.backToOrders')} />
        ) : (
          <LoadError error={detail.error} onRetry={() => void detail.refetch()} />
        )
      ) : (
        <Loading />
      )}
    </AdminPageFrame>
  );
}
