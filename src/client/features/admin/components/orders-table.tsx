import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderRow } from '@shared/api/admin';
import { customerPath, orderPath } from '../admin-paths';
import { countryName, formatCents, formatDateTime, formatRecipient, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { AttentionBadge, OrderStatusBadge } from './status-badge';
import { EmptyRow, ScrollTable, Td, Th, Tr } from './table';

export const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

interface OrdersTableProps {
  orders: AdminOrderRow[];
  label: string;
  empty: string;
  /** On a customer's own page every row is theirs. */
  withCustomer?: boolean;
}

/** The orders as rows: each links to its page and to its customer's; on a phone the table scrolls inside its region. */
export function OrdersTable({ orders, label, empty, withCustomer = true }: OrdersTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <ScrollTable label={label} minWidth="min-w-[60rem]" testId="orders-table">
      <thead>
        <tr>
          <Th>{t('admin.orders.columns.created')}</Th>
          <Th>{t('admin.orders.columns.order')}</Th>
          {withCustomer && <Th>{t('admin.orders.columns.customer')}</Th>}
          <Th>{t('admin.orders.columns.recipient')}</Th>
          <Th>{t('admin.orders.columns.operator')}</Th>
          <Th className="text-end">{t('admin.orders.columns.total')}</Th>
          <Th>{t('admin.orders.columns.provider')}</Th>
          <Th>{t('admin.orders.columns.status')}</Th>
        </tr>
      </thead>
      <tbody>
        {orders.length === 0 && <EmptyRow columns={withCustomer ? 8 : 7}>{empty}</EmptyRow>}
        {orders.map((order) => (
          <Tr key={order.id} data-testid="order-row" data-order-id={order.id}>
            <Td className="whitespace-nowrap">{formatDateTime(order.createdAt, language)}</Td>
            <Td>
              <Link to={orderPath(order.id)} className={`${linkClass} font-mono`} title={order.id}>
                {shortId(order.id)}
              </Link>
            </Td>
            {withCustomer && (
              <Td className="max-w-56 break-words">
                <Link to={customerPath(order.userId)} className={linkClass}>
                  {order.customerEmail}
                </Link>
              </Td>
            )}
            <Td>
              <span dir="ltr" className="block whitespace-nowrap" data-testid="order-recipient">
                {formatRecipient(order.recipientPhone, order.callingCode)}
              </span>
              <span className="text-xs text-muted-foreground">{countryName(order.countryCode, language)}</span>
            </Td>
            <Td>
              {order.operatorName}
              <span className="block text-xs text-muted-foreground">#{order.operatorId}</span>
            </Td>
            <Td className="text-end font-semibold whitespace-nowrap tabular-nums">{formatCents(order.totalCents, language)}</Td>
            <Td className="whitespace-nowrap">{t(`admin.provider.${order.paymentProvider}`)}</Td>
            <Td>
              <div className="flex flex-col items-start gap-1">
                <OrderStatusBadge status={order.status} />
                {order.attention && <AttentionBadge reason={order.attention} />}
              </div>
            </Td>
          </Tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}
