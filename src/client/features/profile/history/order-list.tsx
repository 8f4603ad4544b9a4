import { useTranslation } from 'react-i18next';
import type { OrderView } from '@shared/api/orders';
import { Link } from 'react-router';
import { orderReceiptPath } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { autoTopupFormPath } from '@/lib/auto-topups';
import { OrderDetailsDialog } from './order-details-dialog';
import type { OrderSummary } from './order-format';
import { OrderStatusBadge } from './order-status-badge';
import { TopUpAgainButton } from './top-up-again-button';
import { TotalPrice } from './total-price';

interface OrderListProps {
  userId: string;
  summaries: OrderSummary[];
}

function CountryName({ summary }: { summary: OrderSummary }) {
  return (
    <span className="inline-flex items-center gap-2">
      <img
        src={summary.flag}
        alt=""
        width={24}
        height={18}
        loading="lazy"
        className="h-[18px] w-6 shrink-0 rounded-sm object-cover ring-1 ring-border"
      />
      <span>{summary.country}</span>
    </span>
  );
}

/** An order's "It didn't arrive" report, in a line under its status; the details dialog says more. */
function ReportNote({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if (!order.deliveryReport) return null;
  return (
    <p className="mt-1 text-xs text-muted-foreground" data-testid="order-report-note" data-status={order.deliveryReport.status}>
      {t('history.report.listNote', { status: t(`history.report.status.${order.deliveryReport.status}`) })}
    </p>
  );
}

/** The order's printable receipt page. */
function ReceiptLink({ summary }: { summary: OrderSummary }) {
  const { t } = useTranslation();
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={orderReceiptPath(summary.order.id)} data-testid="order-receipt">
        {t('history.receipt')}
        <span className="sr-only">, {summary.recipient}</span>
      </Link>
    </Button>
  );
}

/** A completed order's "Top up automatically": the profile's auto top-up form, filled with its number and amount (ADR 068). */
function AutoTopUpLink({ summary }: { summary: OrderSummary }) {
  const { t } = useTranslation();
  if (summary.order.status !== 'completed') return null;
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={autoTopupFormPath({ orderId: summary.order.id, amount: summary.order.amount })} data-testid="order-auto-topup">
        {t('history.autoTopUp')}
        <span className="sr-only">, {summary.recipient}</span>
      </Link>
    </Button>
  );
}

function OrderActions({ userId, summary }: { userId: string; summary: OrderSummary }) {
  return (
    <>
      <OrderDetailsDialog userId={userId} summary={summary} />
      <ReceiptLink summary={summary} />
      <TopUpAgainButton order={summary.order} recipient={summary.recipient} />
      <AutoTopUpLink summary={summary} />
    </>
  );
}

/** Wide screens: one row per order, every column at a glance; the actions stack so the table fits the page. */
function OrderTable({ userId, summaries }: OrderListProps) {
  const { t } = useTranslation();
  const head = 'px-2 pb-2 align-bottom text-start text-xs font-semibold text-muted-foreground';
  const cell = 'px-2 py-3 align-middle';
  return (
    <div className="hidden overflow-x-auto md:block">
      <table className="w-full text-sm" data-testid="order-table">
        <caption className="sr-only">{t('history.title')}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className={`${head} ps-0`}>
              {t('history.columns.reference')}
            </th>
            <th scope="col" className={head}>
              {t('history.columns.date')}
            </th>
            <th scope="col" className={head}>
              {t('history.columns.recipient')}
            </th>
            <th scope="col" className={head}>
              {t('history.columns.operator')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('history.columns.totalPrice')}
            </th>
            <th scope="col" className={`${head} text-end`}>
              {t('history.columns.recipientGets')}
            </th>
            <th scope="col" className={head}>
              {t('history.columns.status')}
            </th>
            <th scope="col" className={`${head} pe-0`}>
              <span className="sr-only">{t('history.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {summaries.map((summary) => (
            <tr key={summary.order.id} data-testid="order-row" data-order-id={summary.order.id}>
              <td className={`${cell} ps-0 font-mono text-xs font-semibold whitespace-nowrap`} dir="ltr" data-testid="order-reference">
                {summary.order.reference}
              </td>
              <td className={cell} data-testid="order-date">
                <span className="block whitespace-nowrap">{summary.day}</span>
                <span className="block whitespace-nowrap text-xs text-muted-foreground">{summary.time}</span>
              </td>
              <td className={cell}>
                <span dir="ltr" className="block whitespace-nowrap text-start font-medium" data-testid="order-recipient">
                  {summary.recipient}
                </span>
                <span className="text-xs text-muted-foreground" data-testid="order-country">
                  <CountryName summary={summary} />
                </span>
              </td>
              <td className={cell} data-testid="order-operator">
                {summary.order.operatorName}
              </td>
              <td className={`${cell} text-end font-semibold whitespace-nowrap`} data-testid="order-total-price">
                <TotalPrice summary={summary} />
              </td>
              <td className={`${cell} text-end whitespace-nowrap`} data-testid="order-recipient-gets">
                {/* Isolated in its own direction, as the amount cards and the review show it: one reading everywhere. */}
                <bdi>{summary.recipientGets}</bdi>
              </td>
              <td className={cell}>
                <OrderStatusBadge status={summary.order.displayStatus} />
                <ReportNote order={summary.order} />
              </td>
              <td className={`${cell} pe-0`}>
                <div className="flex flex-col items-stretch gap-1.5">
                  <OrderActions userId={userId} summary={summary} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phones: one card per order, the amounts side by side and the buttons full width. */
function OrderCards({ userId, summaries }: OrderListProps) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3 md:hidden" data-testid="order-cards">
      {summaries.map((summary) => (
        <li key={summary.order.id} className="flex flex-col gap-3 rounded-xl border p-4" data-testid="order-card" data-order-id={summary.order.id}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p dir="ltr" className="text-start font-mono text-xs font-semibold text-muted-foreground" data-testid="order-reference">
                {summary.order.reference}
              </p>
              <p dir="ltr" className="text-start font-semibold" data-testid="order-recipient">
                {summary.recipient}
              </p>
              <p className="text-sm text-muted-foreground" data-testid="order-country">
                <CountryName summary={summary} />
              </p>
            </div>
            <div className="flex flex-col items-end">
              <OrderStatusBadge status={summary.order.displayStatus} />
              <ReportNote order={summary.order} />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <div>
              <dt className="text-xs text-muted-foreground">{t('history.columns.totalPrice')}</dt>
              <dd className="font-semibold" data-testid="order-total-price">
                <TotalPrice summary={summary} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('history.columns.recipientGets')}</dt>
              <dd data-testid="order-recipient-gets">
                {/* Isolated in its own direction, as the amount cards and the review show it: one reading everywhere. */}
                <bdi>{summary.recipientGets}</bdi>
              </dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('history.columns.operator')}</dt>
              <dd data-testid="order-operator">{summary.order.operatorName}</dd>
            </div>
            <div>
              <dt className="text-xs text-muted-foreground">{t('history.columns.date')}</dt>
              <dd data-testid="order-date">{summary.date}</dd>
            </div>
          </dl>
          <div className="grid grid-cols-2 gap-2">
            <OrderActions userId={userId} summary={summary} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The orders as a table on wide screens and as cards on phones; CSS picks one, so nothing moves when it loads. */
export function OrderList(props: OrderListProps) {
  return (
    <>
      <OrderTable {...props} />
      <OrderCards {...props} />
    </>
  );
}
