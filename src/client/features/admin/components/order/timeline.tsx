import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import type { AdminOrderEvent } from '@shared/api/admin';
import { displayValue, formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { OrderStatusBadge } from '../status-badge';
import { isolatedIn } from '../isolated-in';

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
            <span data-testid="order-event-actor">{isolatedIn((slot) => t('admin.order.eventBy', { email: slot }), event.actorEmail)}</span>
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

export function Timeline({ events }: { events: AdminOrderEvent[] }) {
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
