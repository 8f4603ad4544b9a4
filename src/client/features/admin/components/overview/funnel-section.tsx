import { useTranslation } from 'react-i18next';
import type { AdminOverviewResponse, DeclineRate } from '@shared/api/admin-overview';
import { formatCount, formatDay, formatRate } from '../../lib/overview-series';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { ScrollTable, Td, Th, Tr } from '../table';
import { Ltr } from './window-figures';

/** The days the funnel table shows, newest first. */
const FUNNEL_DAYS = 7;
const STEPS = ['started', 'paid', 'delivered', 'captured'] as const;

/** The last hour's decline rate: a warning when it is above the alert's threshold, else one quiet line. */
export function DeclineRateNotice({ rate }: { rate: DeclineRate }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const values = {
    declines: formatCount(rate.declines, language),
    payments: formatCount(rate.payments, language),
    rate: formatRate(rate.rate ?? 0, language),
    threshold: formatRate(rate.thresholds.ratePercent / 100, language),
    minimum: formatCount(rate.thresholds.minPayments, language),
  };
  if (!rate.raised) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="decline-rate">
        {t('admin.paymentRisk.declineRate', values)}
      </p>
    );
  }
  return (
    <section
      aria-labelledby="decline-alert-title"
      className="flex flex-col gap-1 rounded-2xl border border-amber-400 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="decline-alert"
    >
      <h2 id="decline-alert-title" className="font-semibold">
        {t('admin.paymentRisk.declineAlertTitle')}
      </h2>
      <p className="text-sm">{t('admin.paymentRisk.declineAlert', values)}</p>
    </section>
  );
}

/** Each of the last days' checkouts through the funnel, and the declines of the 30 days by their reason. */
export function FunnelSection({ overview }: { overview: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const days = overview.days.slice(-FUNNEL_DAYS).reverse();
  const reasons = new Map<string, number>();
  for (const day of overview.days)
    for (const [reason, count] of Object.entries(day.declines)) reasons.set(reason, (reasons.get(reason) ?? 0) + count);
  const byReason = [...reasons].sort(([a, first], [b, second]) => second - first || a.localeCompare(b));
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <AdminSection title={t('admin.paymentRisk.funnel')} id="overview-funnel" className="min-w-0 lg:col-span-2">
        <ScrollTable label={t('admin.paymentRisk.funnelTable')} minWidth="min-w-[32rem]" testId="overview-funnel-table">
          <thead>
            <tr>
              <Th>{t('admin.overview.day')}</Th>
              {STEPS.map((step) => (
                <Th key={step} className="text-end">
                  {t(`admin.paymentRisk.steps.${step}`)}
                </Th>
              ))}
              <Th className="text-end">{t('admin.paymentRisk.declined')}</Th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <Tr key={day.day}>
                <Td>{formatDay(day.day, language)}</Td>
                {STEPS.map((step) => (
                  <Td key={step} className="text-end tabular-nums" data-testid={`funnel-${day.day}-${step}`}>
                    <Ltr>{formatCount(day.funnel[step], language)}</Ltr>
                  </Td>
                ))}
                <Td className="text-end tabular-nums">
                  <Ltr>{formatCount(day.statusCounts.declined ?? 0, language)}</Ltr>
                </Td>
              </Tr>
            ))}
          </tbody>
        </ScrollTable>
      </AdminSection>
      <AdminSection title={t('admin.paymentRisk.declinesByReason')} id="overview-declines" className="self-start">
        {byReason.length === 0 ? (
          <p className="text-muted-foreground">{t('admin.paymentRisk.noDeclines')}</p>
        ) : (
          <ScrollTable label={t('admin.paymentRisk.declinesByReason')} minWidth="min-w-[16rem]" testId="overview-declines-table">
            <thead>
              <tr>
                <Th>{t('admin.paymentRisk.reason')}</Th>
                <Th className="text-end">{t('admin.overview.count')}</Th>
              </tr>
            </thead>
            <tbody>
              {byReason.map(([reason, count]) => (
                <Tr key={reason}>
                  <Td>
                    <code dir="ltr">{reason}</code>
                  </Td>
                  <Td className="text-end tabular-nums" data-testid={`declines-${reason}`}>
                    <Ltr>{formatCount(count, language)}</Ltr>
                  </Td>
                </Tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </AdminSection>
    </div>
  );
}
