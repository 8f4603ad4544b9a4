import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { AdminAutoTopup } from '@shared/api/auto-topups';
import { autoTopupPath, customerPath, orderPath } from '../admin-paths';
import { autoTopupQueryOptions, autoTopupsQueryOptions } from '../api/auto-topups';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { linkClass } from '../components/link-class';
import { Loaded } from '../components/query-state';
import { Badge, OrderStatusBadge } from '../components/status-badge';
import { EmptyRow, ScrollTable, Td, Th, Tr } from '../components/table';
import { formatCents, formatDateTime, shortId } from '../lib/format';
import { useLanguage } from '../lib/use-language';

/** A schedule's state: active, or paused (by the customer, or after two failed charges). */
function ScheduleStatus({ schedule }: { schedule: AdminAutoTopup }) {
  const { t } = useTranslation();
  if (schedule.status === 'active') return <Badge tone="good">{t('admin.autoTopups.status.active')}</Badge>;
  return (
    <Badge tone={schedule.pausedReason === 'failures' ? 'bad' : 'neutral'}>
      {t(schedule.pausedReason === 'failures' ? 'admin.autoTopups.status.pausedFailures' : 'admin.autoTopups.status.paused')}
    </Badge>
  );
}

/** The cells every view of a schedule shows: recipient, amount, interval, next charge, status, failures. */
function ScheduleCells({ schedule }: { schedule: AdminAutoTopup }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <>
      <Td>
        <bdi dir="ltr">
          {schedule.countryCode} {schedule.phone}
        </bdi>
        <span className="block text-xs text-muted-foreground">{schedule.operatorName}</span>
      </Td>
      <Td dir="ltr" className="text-end">
        {formatCents(schedule.amountCents, language)}
      </Td>
      <Td>{t('admin.autoTopups.every', { days: String(schedule.intervalDays) })}</Td>
      <Td className="whitespace-nowrap">{formatDateTime(schedule.nextDueAt, language)}</Td>
      <Td>
        <ScheduleStatus schedule={schedule} />
      </Td>
      <Td className="text-end">{schedule.failures}</Td>
    </>
  );
}

/** The head of a table of schedules: the customer, then what ScheduleCells shows. */
function ScheduleHead() {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        <Th>{t('admin.autoTopups.customer')}</Th>
        <Th>{t('admin.autoTopups.recipient')}</Th>
        <Th className="text-end">{t('admin.autoTopups.amount')}</Th>
        <Th>{t('admin.autoTopups.interval')}</Th>
        <Th>{t('admin.autoTopups.nextDue')}</Th>
        <Th>{t('admin.autoTopups.statusTitle')}</Th>
        <Th className="text-end">{t('admin.autoTopups.failures')}</Th>
      </tr>
    </thead>
  );
}

/** /admin/autotopups: every schedule, newest first, each linking to its page. */
export function AutoTopupsPage() {
  const { t } = useTranslation();
  const query = useQuery(autoTopupsQueryOptions());
  return (
    <AdminPageFrame title={t('admin.autoTopups.title')} lead={t('admin.autoTopups.lead')}>
      <AdminSection title={t('admin.autoTopups.list')} id="auto-topup-list">
        <Loaded query={query}>
          {(data) => (
            <ScrollTable label={t('admin.autoTopups.table')} testId="auto-topup-table" minWidth="min-w-[56rem]">
              <ScheduleHead />
              <tbody>
                {data.schedules.length === 0 && <EmptyRow columns={7}>{t('admin.autoTopups.empty')}</EmptyRow>}
                {data.schedules.map((schedule) => (
                  <Tr key={schedule.id} data-testid="auto-topup-row">
                    <Td>
                      <Link to={autoTopupPath(schedule.id)} className={linkClass}>
                        <bdi>{schedule.customerEmail}</bdi>
                      </Link>
                    </Td>
                    <ScheduleCells schedule={schedule} />
                  </Tr>
                ))}
              </tbody>
            </ScrollTable>
          )}
        </Loaded>
      </AdminSection>
    </AdminPageFrame>
  );
}

/** /admin/autotopups/:id: one schedule, and each of its periods (skipped, or charged with its order). */
export function AutoTopupPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { id = '' } = useParams();
  const query = useQuery(autoTopupQueryOptions(id));
  return (
    <AdminPageFrame title={t('admin.autoTopups.detailTitle')} lead={t('admin.autoTopups.detailLead')}>
      <Loaded query={query}>
        {(data) => (
          <>
            <AdminSection title={t('admin.autoTopups.schedule')} id="auto-topup-schedule">
              <ScrollTable label={t('admin.autoTopups.schedule')} minWidth="min-w-[48rem]">
                <ScheduleHead />
                <tbody>
                  <Tr>
                    <Td>
                      <Link to={customerPath(data.schedule.userId)} className={linkClass}>
                        <bdi>{data.schedule.customerEmail}</bdi>
                      </Link>
                    </Td>
                    <ScheduleCells schedule={data.schedule} />
                  </Tr>
                </tbody>
              </ScrollTable>
            </AdminSection>
            <AdminSection title={t('admin.autoTopups.periods')} id="auto-topup-periods">
              <ScrollTable label={t('admin.autoTopups.periods')} testId="auto-topup-periods" minWidth="min-w-[40rem]">
                <thead>
                  <tr>
                    <Th>{t('admin.autoTopups.due')}</Th>
                    <Th>{t('admin.autoTopups.outcomeTitle')}</Th>
                    <Th>{t('admin.autoTopups.order')}</Th>
                    <Th className="text-end">{t('admin.autoTopups.total')}</Th>
                  </tr>
                </thead>
                <tbody>
                  {data.runs.length === 0 && <EmptyRow columns={4}>{t('admin.autoTopups.noPeriods')}</EmptyRow>}
                  {data.runs.map((run) => (
                    <Tr key={run.period} data-testid="auto-topup-period">
                      <Td className="whitespace-nowrap">{formatDateTime(run.dueAt, language)}</Td>
                      <Td>
                        {t(`admin.autoTopups.outcome.${run.outcome}`, { defaultValue: run.outcome })}
                        {run.failureCode && (
                          <bdi dir="ltr" className="block font-mono text-xs text-muted-foreground">
                            {run.failureCode}
                          </bdi>
                        )}
                      </Td>
                      <Td>
                        {run.orderId ? (
                          <span className="flex flex-wrap items-center gap-2">
                            <Link to={orderPath(run.orderId)} className={`${linkClass} font-mono`}>
                              {shortId(run.orderId)}
                            </Link>
                            {run.orderStatus && <OrderStatusBadge status={run.orderStatus} />}
                          </span>
                        ) : (
                          '—'
                        )}
                      </Td>
                      <Td dir="ltr" className="text-end">
                        {run.totalCents === null ? '—' : formatCents(run.totalCents, language)}
                      </Td>
                    </Tr>
                  ))}
                </tbody>
              </ScrollTable>
            </AdminSection>
          </>
        )}
      </Loaded>
    </AdminPageFrame>
  );
}
