import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
} from 'chart.js';
import type { OverviewDay } from '@shared/api/admin-overview';
import type { Language } from '@shared/constants';
import { intlLocale } from '@/lib/local-format';
import { useTheme } from '@/lib/theme';
import { formatCents } from '../../lib/format';
import {
  CHART_HEIGHT_PX,
  formatCentsShort,
  formatCount,
  formatDay,
  GROUP_COLORS,
  ORDER_GROUPS,
  ordersPerDay,
  REVENUE_COLORS,
  revenuePerDay,
} from '../../lib/overview-series';
import { useLanguage } from '../../lib/use-language';

/**
 * The overview's two charts, in a chunk of their own that only this page loads: Chart.js draws them on a canvas. They
 * are pictures for sighted readers; the page gives each one a table with the same figures for screen readers, so the
 * canvas is hidden from them. In Arabic the picture is mirrored (days run from the right, the scale on the right, the
 * tooltip right to left); its numbers are Western digits in every language, as in the rest of the console.
 */

Chart.register(BarController, BarElement, CategoryScale, LinearScale, LineController, LineElement, PointElement, Tooltip);

/** The theme's muted text, borders and card (styles.css), which a canvas cannot read from classes. */
const INK = {
  light: { text: '#475569', grid: '#e2e8f0', tooltip: '#0f172a', tooltipText: '#f8fafc' },
  dark: { text: '#94a3b8', grid: '#1e293b', tooltip: '#f1f5f9', tooltipText: '#0f172a' },
} as const;

interface Frame {
  language: Language;
  mirrored: boolean;
  ink: (typeof INK)[keyof typeof INK];
  days: string[];
}

/** What both charts share: the days along the bottom, the scale at the side, the tooltip in the admin's language. */
function baseOptions({ language, mirrored, ink, days }: Frame, formatValue: (value: number) => string) {
  return {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    locale: intlLocale(language),
    interaction: { mode: 'index' as const, intersect: false },
    scales: {
      x: {
        stacked: true,
        reverse: mirrored,
        grid: { display: false },
        ticks: {
          color: ink.text,
          maxRotation: 0,
          autoSkipPadding: 12,
          callback: (index: string | number) => formatDay(days[Number(index)]!, language),
        },
      },
      y: {
        beginAtZero: true,
        position: mirrored ? ('right' as const) : ('left' as const),
        grid: { color: ink.grid },
        border: { display: false },
        ticks: { color: ink.text, precision: 0, callback: (value: string | number) => formatValue(Number(value)) },
      },
    },
    plugins: {
      tooltip: {
        rtl: mirrored,
        backgroundColor: ink.tooltip,
        titleColor: ink.tooltipText,
        bodyColor: ink.tooltipText,
        callbacks: { title: (items: Array<{ dataIndex: number }>) => formatDay(days[items[0]?.dataIndex ?? 0]!, language, 'long') },
      },
    },
  };
}

/** A Chart.js chart on a canvas, drawn again when its configuration changes (data, language, theme). */
function CanvasChart({ config, testId }: { config: ChartConfiguration<'bar' | 'line'>; testId: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const chart = new Chart(canvas.current!, config);
    return () => chart.destroy();
  }, [config]);
  return (
    <div dir="ltr" aria-hidden="true" style={{ position: 'relative', height: CHART_HEIGHT_PX }} data-testid={testId}>
      <canvas ref={canvas} />
    </div>
  );
}

/** The frame of a chart, the same object while the days, the language and the theme stay (so the chart is not redrawn). */
function useFrame(days: OverviewDay[]): Frame {
  const language = useLanguage();
  const { i18n } = useTranslation();
  const { resolvedTheme } = useTheme();
  const mirrored = i18n.dir() === 'rtl';
  return useMemo(
    () => ({ language, mirrored, ink: INK[resolvedTheme], days: days.map((day) => day.day) }),
    [days, language, mirrored, resolvedTheme],
  );
}

export function OrdersChart({ days }: { days: OverviewDay[] }) {
  const { t } = useTranslation();
  const frame = useFrame(days);
  const config = useMemo(() => ordersConfig(frame, days, t), [frame, days, t]);
  return <CanvasChart config={config} testId="overview-orders-chart" />;
}

type Translate = ReturnType<typeof useTranslation>['t'];

function ordersConfig(frame: Frame, days: OverviewDay[], t: Translate): ChartConfiguration<'bar' | 'line'> {
  const rows = ordersPerDay(days);
  const base = baseOptions(frame, (value) => formatCount(value, frame.language));
  const config: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: frame.days,
      datasets: ORDER_GROUPS.map((group) => ({
        label: t(`admin.overview.groups.${group}`),
        data: rows.map((row) => row[group]),
        backgroundColor: GROUP_COLORS[group],
        stack: 'orders',
      })),
    },
    options: {
      ...base,
      scales: { ...base.scales, y: { ...base.scales.y, stacked: true } },
      plugins: {
        tooltip: {
          ...base.plugins.tooltip,
          callbacks: {
            ...base.plugins.tooltip.callbacks,
            label: (item) => `${item.dataset.label}: ${formatCount(Number(item.raw), frame.language)}`,
          },
        },
      },
    },
  };
  return config as ChartConfiguration<'bar' | 'line'>;
}

export function RevenueChart({ days }: { days: OverviewDay[] }) {
  const { t } = useTranslation();
  const frame = useFrame(days);
  const config = useMemo(() => revenueConfig(frame, days, t), [frame, days, t]);
  return <CanvasChart config={config} testId="overview-revenue-chart" />;
}

function revenueConfig(frame: Frame, days: OverviewDay[], t: Translate): ChartConfiguration<'bar' | 'line'> {
  const rows = revenuePerDay(days);
  const base = baseOptions(frame, (cents) => formatCentsShort(cents, frame.language));
  const fees: ChartDataset<'line'> = {
    type: 'line',
    label: t('admin.overview.feesSeries'),
    data: rows.map((row) => row.feesCents),
    borderColor: REVENUE_COLORS.fees,
    backgroundColor: REVENUE_COLORS.fees,
    borderWidth: 2,
    pointRadius: 0,
    tension: 0.3,
  };
  return {
    type: 'bar',
    data: {
      labels: frame.days,
      datasets: [
        fees,
        {
          type: 'bar',
          label: t('admin.overview.capturedSeries'),
          data: rows.map((row) => row.capturedCents),
          backgroundColor: REVENUE_COLORS.captured,
        },
      ],
    },
    options: {
      ...base,
      // The fees are part of the money captured: the line is drawn over the bars, not stacked on them.
      scales: { ...base.scales, x: { ...base.scales.x, stacked: false } },
      plugins: {
        tooltip: {
          ...base.plugins.tooltip,
          callbacks: {
            ...base.plugins.tooltip.callbacks,
            label: (item) => `${item.dataset.label}: ${formatCents(Number(item.raw), frame.language)}`,
          },
        },
      },
    },
  };
}
