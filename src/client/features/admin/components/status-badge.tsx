import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import type { AttentionReason } from '@shared/api/admin';
import { cn } from '@/lib/utils';

/** Text and background pairs that keep at least 4.5:1 contrast in both themes. */
const TONES = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
  progress: 'bg-sky-100 text-sky-900 ring-sky-300 dark:bg-sky-950 dark:text-sky-200 dark:ring-sky-800',
  good: 'bg-emerald-100 text-emerald-900 ring-emerald-300 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800',
  bad: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  warn: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
} as const;
export type Tone = keyof typeof TONES;

/** How an order's status reads at a glance; a status the console does not know yet is neutral. */
const STATUS_TONES: Readonly<Record<string, Tone>> = {
  authorised: 'progress',
  in_review: 'warn',
  delivering: 'progress',
  delivery_pending: 'progress',
  delivered: 'progress',
  completed: 'good',
  capture_failed: 'bad',
  delivery_failed: 'bad',
  refunding: 'warn',
  refunded: 'warn',
  refund_failed: 'bad',
};

export function Badge({ tone, children, className, testId }: { tone: Tone; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-lg px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        TONES[tone],
        className,
      )}
      data-testid={testId}
    >
      {children}
    </span>
  );
}

/** An order's status in the admin's language (`admin.status.<status>`), the code itself for one without a text. */
export function OrderStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'} testId="order-status">
      <span data-status={status}>{t(`admin.status.${status}`, { defaultValue: status })}</span>
    </Badge>
  );
}

/** Why an order waits for a person, told apart from its status by its icon (and, to screen readers, by words). */
export function AttentionBadge({ reason }: { reason: AttentionReason }) {
  const { t } = useTranslation();
  return (
    <Badge tone="warn" testId="attention-reason">
      <TriangleAlert className="size-3" aria-hidden="true" />
      <span className="sr-only">{t('admin.common.attentionPrefix')} </span>
      {t(`admin.reason.${reason}`)}
    </Badge>
  );
}
