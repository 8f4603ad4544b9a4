import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminOrderRow } from '@shared/api/admin';
import { customerPath, orderPath } from '../admin-paths';
import { countryName, formatCents, formatDateTime, formatRecipient } from '../lib/format';
import { useLanguage } from '../lib/use-language';
import { AttentionBadge, OrderStatusBadge } from './status-badge';
import { AdminList, type ListRead } from './admin-list';
import { linkClass } from './link-class';
import { Td, Tr } from './table';

interface OrdersListProps {
  read: ListRead<AdminOrderRow>;
  label: string;
  empty: string;
  /** On a customer's own page every row is theirs. */
  withCustomer?: boolean;
}

type OrderFacts = Pick<AdminOrderRow, 'id' | 'reference' | 'recipientPhone' | 'callingCode' | 'countryCode'>;

/** An order's reference (GT-XXXX-XXXX, what customers quote), a link to its page (the whole id in its title). */
export function OrderIdCell({ order }: { order: Pick<OrderFacts, 'id' | 'reference'> }) {
  return (
    <Td>
      <Link to={orderPath(order.id)} className={`${linkClass} font-mono whitespace-nowrap`} title={order.id} dir="ltr" data-testid="order-reference">
        {order.reference}
      </Link>
    </Td>
  );
}

/** The number topped up, written left to right in any language, above its country's name. */
export function RecipientCell({ order, testId }: { order: Omit<OrderFacts, 'id' | 'reference'>; testId?: string }) {
  const language = useLanguage();
  return (
    <Td>
      <span dir="ltr" className="block whitespace-nowrap" data-testid={testId}>
        {formatRecipient(order.recipientPhone, order.callingCode)}
      </span>
      <span className="text-xs text-muted-foreground">{countryName(order.countryCode, language)}</span>
    </Td>
  );
}

/** The customer who placed an order, a link to their page. */
export function CustomerCell({ order }: { order: Pick<AdminOrderRow, 'userId' | 'customerEmail'> }) {
  return (
    <Td className="max-w-56 break-words">
      <Link to={customerPath(order.userId)} className={linkClass}>
        {order.customerEmail}
      </Link>
    </Td>
  );
}

function OrderRow({ order, withCustomer }: { order: AdminOrderRow; withCustomer: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Tr data-testid="order-row" data-order-id={order.id}>
      <Td className="whitespace-nowrap">{formatDateTime(order.createdAt, language)}</Td>
      <OrderIdCell order={order} />
      {withCustomer && <CustomerCell order={order} />}
      <RecipientCell order={order} testId="order-recipient" />
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
  );
}

/** The orders as rows: each links to its page and to its customer's; on a phone the table scrolls inside its region. */
export function OrdersList({ read, label, empty, withCustomer = true }: OrdersListProps) {
  const { t } = useTranslation();
  const columns = [
    { label: t('admin.orders.columns.created') },
    { label: t('admin.orders.columns.order') },
    ...(withCustomer ? [{ label: t('admin.orders.columns.customer') }] : []),
    { label: t('admin.orders.columns.recipient') },
    { label: t('admin.orders.columns.operator') },
    { label: t('admin.orders.columns.total'), className: 'text-end' },
    { label: t('admin.orders.columns.provider') },
    { label: t('admin.orders.columns.status') },
  ];
  return (
    <AdminList
      read={read}
      label={label}
      columns={columns}
      minWidth="min-w-[60rem]"
      testId="orders-table"
      empty={empty}
      rowKey={(order) => order.id}
      row={(order) => <OrderRow order={order} withCustomer={withCustomer} />}
    />
  );
}
