import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { AdminAttentionResponse } from '@shared/api/admin';
import { attentionQueryOptions } from '../api/attention';
import { AdminList, wholeList } from '../components/admin-list';
import { AlertsSection } from '../components/alerts-section';
import { AdminPageFrame } from '../components/admin-page-frame';
import { CustomerCell, OrderIdCell, RecipientCell } from '../components/orders-table';
import { Badge, OrderStatusBadge } from '../components/status-badge';
import { Td, Tr } from '../components/table';
import { formatCents, formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/use-language';

type AttentionItem = AdminAttentionResponse['items'][number];

function AttentionRow({ item: { order, reason, since, dispute } }: { item: AttentionItem }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="attention-row" data-order-id={order.id} data-reason={reason}>
      <Td className="whitespace-nowrap">
        <time dateTime={since}>{formatDateTime(since, language)}</time>
      </Td>
      <Td className="max-w-72">
        <span className="block font-semibold" data-testid="attention-reason">
          {t(`admin.reason.${reason}`)}
        </span>
        <span className="block text-xs text-muted-foreground">{t(`admin.reason.${reason}_help`)}</span>
        {dispute && (
          <span className="block text-xs" data-testid="attention-dispute">
            {t('admin.dispute.row', {
              amount: formatCents(dispute.amountCents, language),
              reason: t(`admin.dispute.reasons.${dispute.reason}`, { defaultValue: dispute.reason }),
              status: t(`admin.dispute.statuses.${dispute.status}`, { defaultValue: dispute.status }),
              due: dispute.evidenceDueBy ? formatDateTime(dispute.evidenceDueBy, language) : t('admin.common.none'),
            })}
          </span>
        )}
      </Td>
      <OrderIdCell order={order} />
      <CustomerCell order={order} />
      <RecipientCell order={order} />
      <Td className="text-end font-semibold whitespace-nowrap tabular-nums">{formatCents(order.totalCents, language)}</Td>
      <Td>
        <OrderStatusBadge status={order.status} />
      </Td>
    </Tr>
  );
}

/** The orders that wait for a person, oldest first: why (in words), since when, and the way to the order. */
export function AttentionPage() {
  const { t } = useTranslation();
  const queue = useQuery(attentionQueryOptions());
  return (
    <AdminPageFrame
      title={t('admin.attention.title')}
      lead={t('admin.attention.lead')}
      aside={
        queue.data && (
          <Badge tone={queue.data.count > 0 ? 'warn' : 'good'} testId="attention-total">
            {t('admin.attention.count', { count: queue.data.count })}
          </Badge>
        )
      }
    >
      <AlertsSection />
      <AdminList
        read={wholeList(queue, (data) => data.items)}
        above={
          queue.data &&
          queue.data.count > queue.data.items.length && (
            <p className="text-sm text-muted-foreground" data-testid="attention-partial">
              {t('admin.attention.partial', { shown: queue.data.items.length, count: queue.data.count })}
            </p>
          )
        }
        label={t('admin.attention.table')}
        columns={[
          { label: t('admin.attention.columns.since') },
          { label: t('admin.attention.columns.reason') },
          { label: t('admin.attention.columns.order') },
          { label: t('admin.attention.columns.customer') },
          { label: t('admin.attention.columns.recipient') },
          { label: t('admin.attention.columns.total'), className: 'text-end' },
          { label: t('admin.attention.columns.status') },
        ]}
        minWidth="min-w-[56rem]"
        testId="attention-table"
        empty={t('admin.attention.empty')}
        rowKey={({ order, reason }) => `${order.id}-${reason}`}
        row={(item) => <AttentionRow item={item} />}
      />
    </AdminPageFrame>
  );
}
