import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOverviewResponse } from '@shared/api/admin-overview';
import { formatCents } from '../../lib/format';
import {
  CHART_HEIGHT_PX,
  formatCount,
  formatDay,
  GROUP_COLORS,
  ORDER_GROUPS,
  ordersPerDay,
  REVENUE_COLORS,
  revenuePerDay,
} from '../../lib/overview-series';
import { useLanguage } from '../../lib/use-language';
import { AdminSection } from '../admin-page-frame';

// Chart.js comes with the charts, in a chunk of their own that only the overview asks for.
const OrdersChart = lazy(() => import('./charts').then((module) => ({ default: module.OrdersChart })));
const RevenueChart = lazy(() => import('./charts').then((module) => ({ default: module.RevenueChart })));

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

export function Charts({ overview }: { overview: AdminOverviewResponse }) {
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
