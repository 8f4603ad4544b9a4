import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, CircleCheck, HandCoins, LockOpen, RefreshCw, type LucideIcon } from 'lucide-react';
import type { AdminOrderAction, AdminOrderActionResponse, AdminOrderDetail } from '@shared/api/admin';
import { ADMIN_PATHS } from '../admin-paths';
import { orderQueryOptions, runOrderAction } from '../api/orders';
import { rejectReview } from '../api/risk';
import { RejectDialog } from '../components/risk/reject-dialog';
import { ActionPanel, type ActionDialogSlot, type ActionLook } from '../components/action-panel';
import { AttentionFacts, OrderFacts } from '../components/order/order-facts';
import { OrderMoney } from '../components/order/order-money';
import { Timeline } from '../components/order/timeline';
import { RiskSignals } from '../components/order/risk-signals';
import { DeliveryReportPanel } from '../components/delivery-report-panel';
import { DisputePanel } from '../components/order/dispute-panel';
import { AdminPageFrame } from '../components/admin-page-frame';
import { NotFoundNotice } from '../components/not-found-notice';
import { linkClass } from '../components/link-class';
import { Loaded } from '../components/query-state';
import { AttentionBadge, OrderStatusBadge } from '../components/status-badge';
import { formatCents, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';

const ACTION_ICONS: Record<AdminOrderAction, LucideIcon> = {
  check: RefreshCw,
  release: LockOpen,
  refund: HandCoins,
  approve: CircleCheck,
  reject: Ban,
};

/**
 * The actions the order's status allows (the server checks again), each behind a reason; a refund also asks to confirm,
 * and a Reject offers the review queue's options (ADR 059, 071).
 */
function OrderActions({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const amount = formatCents(order.totalCents, language);
  const look = (action: AdminOrderAction): ActionLook => ({
    label: t(`admin.action.${action}`),
    icon: ACTION_ICONS[action],
    destructive: action === 'refund' || action === 'reject',
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
      dialogs={{
        // The review queue's Reject, with its options: block the account (for its own reason), blocklist the card.
        reject: ({ send, ...slot }: ActionDialogSlot<AdminOrderActionResponse>) => (
          <RejectDialog {...slot} reference={order.reference} amount={amount} onSubmit={(body) => send(() => rejectReview(order.id, body))} />
        ),
      }}
      onDone={(answer) => queryClient.setQueryData(orderQueryOptions(order.id).queryKey, (current) => current && { ...current, order: answer.order })}
      noActions={t('admin.order.noActions')}
      statusText={(status) => t(`admin.status.${status}`, { defaultValue: status })}
    />
  );
}

export function OrderPage() {
  const { t } = useTranslation();
  const { orderId = '' } = useParams();
  const detail = useQuery(orderQueryOptions(orderId));
  const order = detail.data?.order;
  return (
    <AdminPageFrame
      title={t('admin.order.heading', { id: order?.reference ?? shortId(orderId) })}
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
      <Loaded
        query={detail}
        notFound={<NotFoundNotice message={t('admin.order.notFound')} backTo={ADMIN_PATHS.orders} backLabel={t('admin.order.backToOrders')} />}
      >
        {(data) => (
          <>
            <AttentionFacts order={data.order} />
            <DeliveryReportPanel key={data.order.deliveryReport?.id} order={data.order} />
            <DisputePanel order={data.order} />
            <OrderActions order={data.order} />
            <OrderFacts order={data.order} />
            <OrderMoney money={data.order.money} />
            <RiskSignals orderId={data.order.id} />
            <Timeline events={data.events} />
          </>
        )}
      </Loaded>
    </AdminPageFrame>
  );
}
