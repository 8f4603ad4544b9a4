import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { OVERVIEW_WINDOWS, type AdminOverviewResponse, type OverviewFigures, type OverviewWindow } from '@shared/api/admin-overview';
import { ORDER_STATUSES } from '@shared/api/orders';
import { cn } from '@/lib/utils';
import { ADMIN_PATHS, ordersPathWith } from '../admin-paths';
import { overviewQueryOptions, topupWalletQueryOptions } from '../api/overview';
import { AdminPageFrame, AdminSection } from '../components/admin-page-frame';
import { LoadError, Loading } from '../components/query-state';
import { OrderStatusBadge } from '../components/status-badge';
import { ScrollTable, Td, Th, Tr } from '../components/table';
import { countryName, formatCents, formatDateTime, formatMoney } from '../lib/format';
import {
  CHART_HEIGHT_PX,
  formatCount,
  formatDay,
  formatRate,
  formatSeconds,
  GROUP_COLORS,
  ORDER_GROUPS,
  ordersPerDay,
  REVENUE_COLORS,
  revenuePerDay,
} from '../lib/overview-series';
import { readChoice } from '../lib/search-params';
import { useLanguage } from '../lib/use-language';

// Chart.js comes with the charts, in a chunk of their own that only this page asks for.
const OrdersChart = lazy(() => import('./overview-charts').then((module) => ({ default: module.OrdersChart })));
const RevenueChart = lazy(() => import('./overview-charts').then((module) => ({ default: module.RevenueChart })));

const DEFAULT_WINDOW: OverviewWindow = 'today';

function Figure({ label, value, testId, children }: { label: string; value: ReactNode; testId: string; children?: ReactNode }) {
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
const Ltr = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

/** Statuses in the order an order goes through them; any the console does not know yet come last. */
function statusRows(counts: OverviewFigures['statusCounts']): Array<[string, number]> {
  const known: string[] = [...ORDER_STATUSES];
  const others = Object.keys(counts).filter((status) => !known.includes(status));
  return [...known, ...others].flatMap((status) => {
    const count = (counts as Record<string, number | undefined>)[status];
    return count ? [[status, count] as [string, number]] : [];
  });
}

function WindowFigures({ figures, attentionCount }: { figures: OverviewFigures; attentionCount: number }) {
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

function StatusTable({ figures }: { figures: OverviewFigures }) {
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
function TopList({ figures, by }: { figures: OverviewFigures; by: 'country' | 'operator' }) {
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

/** The series' names with their colours, in the page's own direction. */
function Legend({ items }: { items: Array<{ label: string; color: string; line?: boolean }> }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-hidden="true">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span
            className="inline-block shrink-0 rounded-sm"
            style={{ background: item.color, width: item.line ? 16 : 12, height: item.line ? 2 : 12 }}
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}

/** A chart as a screen reader reads it: a table with the same figures, day by day. */
function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: Array<{ day: string; cells: string[] }> }) {
  const language = useLanguage();
  const { t } = useTranslation();
  return (
    // Hidden by a box around it: a table sizes itself to its content whatever its own width says.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.overview.day')}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.day}>
              <th scope="row">{formatDay(row.day, language, 'long')}</th>
              {row.cells.map((cell, index) => (
                <td key={columns[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const chartFallback = <div className="animate-pulse rounded-xl bg-muted" style={{ height: CHART_HEIGHT_PX }} />;

function Charts({ overview }: { overview: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const groups = ORDER_GROUPS.map((group) => t(`admin.overview.groups.${group}`));
  const revenueColumns = [t('admin.overview.capturedSeries'), t('admin.overview.feesSeries')];
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <AdminSection title={t('admin.overview.ordersChart')} id="overview-orders-per-day">
        <Legend items={ORDER_GROUPS.map((group, index) => ({ label: groups[index]!, color: GROUP_COLORS[group] }))} />
        <Suspense fallback={chartFallback}>
          <OrdersChart days={overview.days} />
        </Suspense>
        <ChartTable
          caption={t('admin.overview.ordersChart')}
          columns={groups}
          rows={ordersPerDay(overview.days).map((row) => ({ day: row.day, cells: ORDER_GROUPS.map((group) => formatCount(row[group], language)) }))}
        />
      </AdminSection>
      <AdminSection title={t('admin.overview.revenueChart')} id="overview-revenue-per-day">
        <Legend
          items={[
            { label: revenueColumns[0]!, color: REVENUE_COLORS.captured },
            { label: revenueColumns[1]!, color: REVENUE_COLORS.fees, line: true },
          ]}
        />
        <Suspense fallback={chartFallback}>
          <RevenueChart days={overview.days} />
        </Suspense>
        <ChartTable
          caption={t('admin.overview.revenueChart')}
          columns={revenueColumns}
          rows={revenuePerDay(overview.days).map((row) => ({
            day: row.day,
            cells: [formatCents(row.capturedCents, language), formatCents(row.feesCents, language)],
          }))}
        />
      </AdminSection>
    </div>
  );
}

/** The period the figures are for, as a segmented control of native radio buttons (arrow keys move between them). */
function WindowPicker({ chosen, onChoose }: { chosen: OverviewWindow; onChoose: (window: OverviewWindow) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="inline-flex rounded-xl border bg-muted p-1" data-testid="overview-windows">
      <legend className="sr-only">{t('admin.overview.windowsLabel')}</legend>
      {OVERVIEW_WINDOWS.map((name) => (
        <label
          key={name}
          className={cn(
            'cursor-pointer rounded-lg px-3 py-1.5 text-sm font-medium has-focus-visible:outline-2 has-focus-visible:outline-ring',
            chosen === name ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
          )}
        >
          <input
            type="radio"
            name="overview-window"
            value={name}
            checked={chosen === name}
            onChange={() => onChoose(name)}
            className="sr-only"
            data-testid={`overview-window-${name}`}
          />
          {t(`admin.overview.windows.${name}`)}
        </label>
      ))}
    </fieldset>
  );
}

function Figures({ overview }: { overview: AdminOverviewResponse }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const chosen = readChoice(params, 'window', OVERVIEW_WINDOWS) || DEFAULT_WINDOW;
  const choose = (window: OverviewWindow) => {
    const next = new URLSearchParams(params);
    if (window === DEFAULT_WINDOW) next.delete('window');
    else next.set('window', window);
    setParams(next, { replace: true });
  };
  const figures = overview.windows[chosen];
  return (
    <>
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <WindowPicker chosen={chosen} onChoose={choose} />
          <p className="text-sm text-muted-foreground" data-testid="overview-range">
            {t('admin.overview.range', { from: formatDay(figures.from, language, 'long'), to: formatDay(overview.today, language, 'long') })}
          </p>
        </div>
        <WindowFigures figures={figures} attentionCount={overview.attentionCount} />
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <AdminSection title={t('admin.overview.byStatus')} id="overview-status" className="self-start">
          <StatusTable figures={figures} />
        </AdminSection>
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <TopList figures={figures} by="country" />
          <TopList figures={figures} by="operator" />
        </div>
      </div>
      <Charts overview={overview} />
    </>
  );
}

/** The top-up provider's wallet as the last top-up reported it, with the warning when it runs low. */
function WalletSection() {
  const { t } = useTranslation();
  const language = useLanguage();
  const wallet = useQuery(topupWalletQueryOptions());
  return (
    <AdminSection title={t('admin.wallet.title')} id="overview-wallet">
      {!wallet.data ? (
        wallet.isError ? (
          <LoadError error={wallet.error} onRetry={() => void wallet.refetch()} />
        ) : (
          <Loading />
        )
      ) : wallet.data.balance === null ? (
        <p className="text-muted-foreground" data-testid="wallet-unknown">
          {t('admin.wallet.unknown')}
        </p>
      ) : (
        <>
          {wallet.data.low && wallet.data.lowBalance !== null && (
            <p
              className="flex gap-2 rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="wallet-low"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('admin.wallet.low', { threshold: formatMoney(wallet.data.lowBalance, 'USD', language) })}
            </p>
          )}
          <dl className="grid gap-3 sm:grid-cols-3">
            <Figure
              label={t('admin.wallet.balance')}
              value={<Ltr>{formatMoney(wallet.data.balance, wallet.data.currencyCode ?? 'USD', language)}</Ltr>}
              testId="wallet-balance"
            />
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.reportedAt')}</dt>
              <dd className="font-medium">{wallet.data.reportedAt ? formatDateTime(wallet.data.reportedAt, language) : t('admin.common.none')}</dd>
            </div>
            <div className="flex flex-col gap-1 rounded-xl border bg-background p-4">
              <dt className="text-sm text-muted-foreground">{t('admin.wallet.threshold')}</dt>
              <dd className="font-medium">
                {wallet.data.lowBalance === null ? t('admin.wallet.notSet') : formatMoney(wallet.data.lowBalance, 'USD', language)}
              </dd>
            </div>
          </dl>
        </>
      )}
    </AdminSection>
  );
}

export function OverviewPage() {
  const { t } = useTranslation();
  const overview = useQuery(overviewQueryOptions());
  return (
    <AdminPageFrame title={t('admin.overview.title')} lead={t('admin.overview.summary')}>
      {overview.data ? (
        <Figures overview={overview.data} />
      ) : overview.isError ? (
        <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <Loading />
      )}
      <WalletSection />
    </AdminPageFrame>
  );
}
