import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ComposedChart, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { OverviewDay } from '@shared/api/admin-overview';
import { formatCents } from '../lib/format';
import {
  formatCentsShort,
  formatCount,
  formatDay,
  GROUP_COLORS,
  ORDER_GROUPS,
  ordersPerDay,
  REVENUE_COLORS,
  revenuePerDay,
} from '../lib/overview-series';
import { useLanguage } from '../lib/use-language';

/**
 * The overview's two charts, in a chunk of their own that only this page loads (the charting library is the console's
 * heaviest part). They are pictures for sighted readers: the page gives each one a table with the same figures for
 * screen readers, so the charts are hidden from them and take no focus. The picture is drawn left to right and
 * mirrored in Arabic (days run from the right, the scale on the right); its numbers are Western digits in every language.
 */

const HEIGHT = 260;
const tick = { fill: 'currentColor', fontSize: 12 };
const tooltipStyle: CSSProperties = {
  background: 'var(--card)',
  border: '1px solid var(--border)',
  borderRadius: '0.75rem',
  color: 'var(--card-foreground)',
  direction: 'inherit',
};
const tooltipItemStyle: CSSProperties = { color: 'var(--card-foreground)' };

function useChartFrame() {
  const language = useLanguage();
  const { i18n } = useTranslation();
  const mirrored = i18n.dir() === 'rtl';
  return {
    language,
    mirrored,
    xAxis: { dataKey: 'day', reversed: mirrored, tick, tickFormatter: (day: string) => formatDay(day, language), minTickGap: 16 },
    yAxisSide: (mirrored ? 'right' : 'left') as 'right' | 'left',
    margin: { top: 8, right: mirrored ? 0 : 12, bottom: 0, left: mirrored ? 12 : 0 },
  };
}

export function OrdersChart({ days }: { days: OverviewDay[] }) {
  const { t } = useTranslation();
  const { language, xAxis, yAxisSide, margin } = useChartFrame();
  return (
    <div dir="ltr" aria-hidden="true" className="text-muted-foreground" data-testid="overview-orders-chart">
      <BarChart data={ordersPerDay(days)} responsive width="100%" height={HEIGHT} margin={margin} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis {...xAxis} />
        <YAxis orientation={yAxisSide} tick={tick} allowDecimals={false} tickFormatter={(value: number) => formatCount(value, language)} width={48} />
        <Tooltip
          contentStyle={tooltipStyle}
          itemStyle={tooltipItemStyle}
          cursor={{ fill: 'var(--muted)' }}
          labelFormatter={(day) => formatDay(String(day), language, 'long')}
          formatter={(value) => formatCount(Number(value), language)}
        />
        {ORDER_GROUPS.map((group) => (
          <Bar
            key={group}
            dataKey={group}
            name={t(`admin.overview.groups.${group}`)}
            stackId="orders"
            fill={GROUP_COLORS[group]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </div>
  );
}

export function RevenueChart({ days }: { days: OverviewDay[] }) {
  const { t } = useTranslation();
  const { language, xAxis, yAxisSide, margin } = useChartFrame();
  return (
    <div dir="ltr" aria-hidden="true" className="text-muted-foreground" data-testid="overview-revenue-chart">
      <ComposedChart data={revenuePerDay(days)} responsive width="100%" height={HEIGHT} margin={margin} accessibilityLayer={false}>
        <CartesianGrid stroke="var(--border)" vertical={false} />
        <XAxis {...xAxis} />
        <YAxis orientation={yAxisSide} tick={tick} tickFormatter={(cents: number) => formatCentsShort(cents, language)} width={56} />
        <Tooltip
          contentStyle={tooltipStyle}
          itemStyle={tooltipItemStyle}
          cursor={{ fill: 'var(--muted)' }}
          labelFormatter={(day) => formatDay(String(day), language, 'long')}
          formatter={(cents) => formatCents(Number(cents), language)}
        />
        <Bar dataKey="capturedCents" name={t('admin.overview.capturedSeries')} fill={REVENUE_COLORS.captured} isAnimationActive={false} />
        <Line
          dataKey="feesCents"
          name={t('admin.overview.feesSeries')}
          stroke={REVENUE_COLORS.fees}
          strokeWidth={2}
          dot={false}
          type="monotone"
          isAnimationActive={false}
        />
      </ComposedChart>
    </div>
  );
}
