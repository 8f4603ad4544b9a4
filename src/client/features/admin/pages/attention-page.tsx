import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { attentionQueryOptions } from '../api/attention';
import { AdminPageFrame } from '../components/admin-page-frame';
import { linkClass } from '../components/orders-table';
import { LoadError, Loading } from '../components/query-state';
import { Badge, OrderStatusBadge } from '../components/status-badge';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../components/table';
import { customerPath, orderPath } from '../admin-paths';
import { countryName, formatCents, formatDateTime, formatRecipient, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** The orders that wait for a person, oldest first: why (in words), since when, and the way to the order. */
export function AttentionPage() {
  const { t } = useTranslation();
  const language = useLanguage();
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
      {!queue.data ? (
        queue.isError ? (
          <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          {queue.data.count > queue.data.items.length && (
            <p className="text-sm text-muted-foreground" data-testid="attention-partial">
              {t('admin.attention.partial', { shown: queue.data.items.length, count: queue.data.count })}
            </p>
          )}
          <ScrollTable label={t('admin.attention.table')} minWidth="min-w-[56rem]" testId="attention-table">
            <thead>
              <tr>
                <Th>{t('admin.attention.columns.since')}</Th>
                <Th>{t('admin.attention.columns.reason')}</Th>
                <Th>{t('admin.attention.columns.order')}</Th>
                <Th>{t('admin.attention.columns.customer')}</Th>
                <Th>{t('admin.attention.columns.recipient')}</Th>
                <Th className="text-end">{t('admin.attention.columns.total')}</Th>
                <Th>{t('admin.attention.columns.status')}</Th>
              </tr>
            </thead>
            <tbody>
              {queue.data.items.length === 0 && <EmptyRow columns={7}>{t('admin.attention.empty')}</EmptyRow>}
              {queue.data.items.map(({ order, reason, since }) => (
                <Tr key={`${order.id}-${reason}`} data-testid="attention-row" data-order-id={order.id} data-reason={reason}>
                  <Td className="whitespace-nowrap">
                    <time dateTime={since}>{formatDateTime(since, language)}</time>
                  </Td>
                  <Td className="max-w-72">
                    <span className="block font-semibold" data-testid="attention-reason">
                      {t(`admin.reason.${reason}`)}
                    </span>
                    <span className="block text-xs text-muted-foreground">{t(`admin.reason.${reason}_help`)}</span>
                  </Td>
                  <Td>
                    <Link to={orderPath(order.id)} className={`${linkClass} font-mono`} title={order.id}>
                      {shortId(order.id)}
                    </Link>
                  </Td>
                  <Td className="max-w-56 break-words">
                    <Link to={customerPath(order.userId)} className={linkClass}>
                      {order.customerEmail}
                    </Link>
                  </Td>
                  <Td>
                    <span dir="ltr" className="block whitespace-nowrap">
                      {formatRecipient(order.recipientPhone, order.callingCode)}
                    </span>
                    <span className="text-xs text-muted-foreground">{countryName(order.countryCode, language)}</span>
                  </Td>
                  <Td className="text-end font-semibold whitespace-nowrap tabular-nums">{formatCents(order.totalCents, language)}</Td>
                  <Td>
                    <OrderStatusBadge status={order.status} />
                  </Td>
                </Tr>
              ))}
            </tbody>
          </ScrollTable>
        </>
      )}
    </AdminPageFrame>
  );
}
