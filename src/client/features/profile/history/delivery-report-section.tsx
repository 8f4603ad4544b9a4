import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DELIVERY_REPORT_MESSAGE_MAX_LENGTH, type DeliveryReportView } from '@shared/api/delivery-reports';
import type { OrderView } from '@shared/api/orders';
import { Button } from '@/components/ui/button';
import { InlineError } from '@/components/ui/inline-error';
import { Label, Textarea } from '@/components/ui/input';
import { apiErrorText } from '@/lib/api-error-text';
import { cn } from '@/lib/utils';
import { useReportDelivery } from './report-delivery';
import { useLanguage } from './use-language';

/** Text and background pairs that keep at least 4.5:1 contrast in both themes: open reports amber, resolved ones green. */
const OPEN_LOOK = 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50';
const RESOLVED_LOOK = 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50';

/** Where the report stands: reported → being checked → resolved (delivered, with the operator's reference, or refunded). */
export function DeliveryReportState({ report }: { report: DeliveryReportView }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const resolved = report.status === 'delivered' || report.status === 'refunded';
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <section
      aria-labelledby={`delivery-report-${report.id}`}
      className={cn('flex flex-col gap-1.5 rounded-xl border p-4 text-sm', resolved ? RESOLVED_LOOK : OPEN_LOOK)}
      data-testid="delivery-report-state"
      data-status={report.status}
    >
      <h3 id={`delivery-report-${report.id}`} className="font-semibold">
        {t(`history.report.status.${report.status}`)}
      </h3>
      <p>{t(`history.report.explain.${report.status}`)}</p>
      {report.status === 'delivered' && report.reference && (
        <p>
          {t('history.report.reference')}:{' '}
          <span dir="ltr" className="font-mono font-semibold" data-testid="delivery-report-reference">
            {report.reference}
          </span>
        </p>
      )}
      {report.message && (
        <p className="text-xs">
          {t('history.report.yourMessage')}: <q dir="auto">{report.message}</q>
        </p>
      )}
      <p className="text-xs">
        {t('history.report.reportedOn', { date: date(report.createdAt) })}
        {report.resolvedAt && <> · {t('history.report.resolvedOn', { date: date(report.resolvedAt) })}</>}
      </p>
    </section>
  );
}

/** The form behind "It didn't arrive": an optional message of up to 500 characters, then the report goes. */
function ReportForm({ userId, orderId, onCancel }: { userId: string; orderId: string; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [message, setMessage] = useState('');
  const mutation = useReportDelivery(userId, orderId);
  const max = DELIVERY_REPORT_MESSAGE_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(message);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-xl border p-4" data-testid="delivery-report-form">
      <p className="text-sm">{t('history.report.formIntro')}</p>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-message`}>{t('history.report.messageLabel')}</Label>
        <Textarea
          id={`${id}-message`}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          maxLength={max}
          aria-describedby={`${id}-hint`}
          className="min-h-24"
          autoFocus
          data-testid="delivery-report-message"
        />
        <div className="flex justify-between gap-3 text-xs text-muted-foreground">
          <p id={`${id}-hint`}>{t('history.report.messageHint', { max })}</p>
          <p aria-hidden="true" className="shrink-0">
            {message.trim().length}/{max}
          </p>
        </div>
      </div>
      {mutation.isError && (
        <InlineError title={t('history.report.failed')} testId="delivery-report-error">
          {apiErrorText(t, mutation.error)}
        </InlineError>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={mutation.isPending}>
          {t('history.report.cancel')}
        </Button>
        <Button type="submit" disabled={mutation.isPending} data-testid="delivery-report-send">
          {mutation.isPending ? t('history.report.sending') : t('history.report.send')}
        </Button>
      </div>
    </form>
  );
}

/**
 * "It didn't arrive" in the order's details: the latest report's state, and on an order that may be reported (completed
 * less than 7 days ago, nothing open) the button that opens the form.
 */
export function DeliveryReportSection({ userId, order }: { userId: string; order: OrderView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const showForm = open && order.canReportDelivery;
  return (
    <div className="flex flex-col gap-3" data-testid="delivery-report">
      {order.deliveryReport && <DeliveryReportState report={order.deliveryReport} />}
      {order.canReportDelivery && !showForm && (
        <div className="flex flex-col items-start gap-1.5">
          <Button ref={button} type="button" variant="outline" onClick={() => setOpen(true)} data-testid="delivery-report-open">
            {t('history.report.button')}
          </Button>
          <p className="text-xs text-muted-foreground">{t('history.report.buttonHint')}</p>
        </div>
      )}
      {showForm && (
        <ReportForm
          userId={userId}
          orderId={order.id}
          onCancel={() => {
            setOpen(false);
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      )}
    </div>
  );
}
