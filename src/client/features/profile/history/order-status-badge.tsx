import { useTranslation } from 'react-i18next';
import type { OrderDisplayStatus } from '@shared/api/orders';
import { cn } from '@/lib/utils';

/** Text and background pairs that keep at least 4.5:1 contrast in both themes. */
const STATUS_COLOURS: Record<OrderDisplayStatus, string> = {
  not_paid: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  processing: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
  successful: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  failed: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  refunded: 'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800',
};

/** Narrow enough for the history table by default; `className` widens it where there is room (the details dialog). */
export function OrderStatusBadge({ status, className }: { status: OrderDisplayStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex max-w-40 items-center rounded-lg px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_COLOURS[status],
        className,
      )}
      data-testid="order-status"
      data-status={status}
    >
      {t(`history.status.${status}`)}
    </span>
  );
}
