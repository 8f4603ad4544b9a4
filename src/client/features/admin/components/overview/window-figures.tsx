import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OverviewFigures } from '@shared/api/admin-overview';
import { ORDER_STATUSES } from '@shared/api/orders';
import { ADMIN_PATHS, ordersPathWith } from '../../admin-paths';
import { countryName, formatCents } from '../../lib/format';
import { formatCount, formatRate, formatSeconds } from '../../lib/overview-series';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';
import { OrderStatusBadge } from '../status-badge';
import { ScrollTable, Td, Th, Tr } from '../table';

/** The overview's figures for the period chosen: the counts and sums, orders by status, the top destinations. */

export function Figure({ label, value, testId, children }: { label: string; value: ReactNode; testId: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums" data-testid={testId}>
        {value}
      </dd>
      {children && <dd className="text-sm text-muted-foreground">{children}</dd>}
    </div>
  );
}

/** Money and numbers read left to right in every language. */
export const Ltr = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

/** Statuses in the order an order goes through them; any the console does not know yet come last. */
function statusRows(counts: OverviewFigures['statusCounts']): Array<[string, number]> {
  const known: string[] = [...ORDER_STATUSES];
  const others = Object.keys(counts).filter((status) => !known.includes(status));
  return [...known, ...others].flatMap((status) => {
    const count = (counts as Record<string, number | undefined>)[status];
    return count ? [[status, count] as [string, number]] : [];
  });
}

export function WindowFigures({ figures, attentionCount }: { figures: OverviewFigures; attentionCount: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const none = t('admin.common.none');
  const { deliveries, deliveryTime } = figures;
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure label={t('admin.overview.orders')} value={<Ltr>{formatCount(figures.orders, language)}</Ltr>} testId="overview-orders" />
      <Figure
        label={t('admin.overview.successRate')}
        value={deliveries.successRate === null ? none : <Ltr>{formatRate(deliveries.successRate, language)}</Ltr>}
        testId="overview-success-rate"
      >
        {t('admin.overview.successDetail', {
          delivered: formatCount(deliveries.delivered, language),
          failed: formatCount(deliveries.failed, language),
        })}
      </Figure>
      <Figure label={t('admin.overview.captured')} value={<Ltr>{formatCents(figures.captured.cents, language)}</Ltr>} testId="overview-captured">
        {t('admin.overview.capturedDetail', { count: formatCount(figures.captured.orders, language) })}
      </Figure>
      <Figure label={t('admin.overview.fees')} value={<Ltr>{formatCents(figures.feesCents, language)}</Ltr>} testId="overview-fees" />
      <Figure label={t('admin.overview.refunds')} value={<Ltr>{formatCents(figures.refunds.cents, language)}</Ltr>} testId="overview-refunds">
        {t('admin.overview.refundsDetail', { count: formatCount(figures.refunds.count, language) })}
      </Figure>
      <Figure
        label={t('admin.overview.deliveryAverage')}
        value={deliveryTime.averageSeconds === null ? none : formatSeconds(deliveryTime.averageSeconds, language)}
        testId="overview-delivery-average"
      >
        {t('admin.overview.deliveryDetail', { count: formatCount(deliveryTime.orders, language) })}
      </Figure>
      <Figure
        label={t('admin.overview.deliveryP95')}
        value={deliveryTime.p95Seconds === null ? none : formatSeconds(deliveryTime.p95Seconds, language)}
        testId="overview-delivery-p95"
      />
      <Figure label={t('admin.overview.attention')} value={<Ltr>{formatCount(attentionCount, language)}</Ltr>} testId="overview-attention">
        <Link to={ADMIN_PATHS.attention} className="font-medium text-primary underline-offset-4 hover:underline">
          {t('admin.overview.attentionLink')}
        </Link>
      </Figure>
    </dl>
  );
}

export function StatusTable({ figures }: { figures: OverviewFigures }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows = statusRows(figures.statusCounts);
  if (rows.length === 0) return <p className="text-muted-foreground">{t('admin.overview.noOrders')}</p>;
  return (
    <ScrollTable label={t('admin.overview.statusTable')} minWidth="min-w-[16rem]" testId="overview-status-table">
      <thead>
        <tr>
          <Th>{t('admin.overview.status')}</Th>
          <Th className="text-end">{t('admin.overview.count')}</Th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([status, count]) => (
          <Tr key={status}>
            <Td>
              <Link to={ordersPathWith(new URLSearchParams({ status }))} className="rounded-lg">
                <OrderStatusBadge status={status} />
              </Link>
            </Td>
            <Td className="text-end tabular-nums" data-testid={`status-count-${status}`}>
              <Ltr>{formatCount(count, language)}</Ltr>
            </Td>
          </Tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

/** The destinations with the most captured money: by country, or by operator (with its country). */
export function TopList({ figures, by }: { figures: OverviewFigures; by: 'country' | 'operator' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const rows =
    by === 'country'
      ? figures.topCountries.map((row) => ({ key: row.countryIso, name: countryName(row.countryIso, language), detail: null, ...row }))
      : figures.topOperators.map((row) => ({
          key: `${row.countryIso}-${row.operatorId}`,
          name: row.operatorName,
          detail: countryName(row.countryIso, language),
          ...row,
        }));
  const title = t(by === 'country' ? 'admin.overview.topCountries' : 'admin.overview.topOperators');
  return (
    <AdminSection title={title} id={`overview-top-${by}-title`}>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.overview.noTop')}</p>
      ) : (
        <ScrollTable
          label={t(by === 'country' ? 'admin.overview.topCountriesTable' : 'admin.overview.topOperatorsTable')}
          minWidth="min-w-[16rem]"
          testId={`overview-top-${by}`}
        >
          <thead>
            <tr>
              <Th>{t(by === 'country' ? 'admin.overview.country' : 'admin.overview.operator')}</Th>
              <Th className="text-end">{t('admin.overview.capturedOrders')}</Th>
              <Th className="text-end">{t('admin.overview.captured')}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <Tr key={row.key}>
                <Td>
                  <span className="font-medium">{row.name}</span>
                  {row.detail && <span className="block text-xs text-muted-foreground">{row.detail}</span>}
                </Td>
                <Td className="text-end tabular-nums">
                  <Ltr>{formatCount(row.orders, language)}</Ltr>
                </Td>
                <Td className="text-end tabular-nums">
                  <Ltr>{formatCents(row.cents, language)}</Ltr>
                </Td>
              </Tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </AdminSection>
  );
}
