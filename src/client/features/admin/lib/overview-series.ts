import type { OverviewDay } from '@shared/api/admin-overview';
import { displayStatusOf, ORDER_STATUSES, type OrderDisplayStatus, type OrderStatus } from '@shared/api/orders';
import type { Language } from '@shared/constants';
import { intlLocale } from '@/lib/local-format';

/**
 * The overview's charts and their text alternative read the same rows, made here from the API's days. The chart of
 * orders groups the thirteen statuses by what they mean for the customer (the groups of their history), so that the
 * bars stay legible; the table of statuses above it gives each status.
 */

export const ORDER_GROUPS = ['successful', 'processing', 'not_paid', 'failed', 'refunded'] as const satisfies readonly OrderDisplayStatus[];

/** Series colours with at least 3:1 contrast against the card in both themes; the legend repeats them with words. */
export const GROUP_COLORS: Readonly<Record<OrderDisplayStatus, string>> = {
  successful: '#0d9488',
  processing: '#6366f1',
  not_paid: '#64748b',
  failed: '#dc2626',
  refunded: '#d97706',
};
export const REVENUE_COLORS = { captured: '#0d9488', fees: '#6366f1' } as const;
/** The charts' height, kept by their placeholder while they load. */
export const CHART_HEIGHT_PX = 260;

export type OrdersPerDay = { day: string } & Record<OrderDisplayStatus, number>;
export interface RevenuePerDay {
  day: string;
  capturedCents: number;
  feesCents: number;
}

const isOrderStatus = (status: string): status is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(status);

/** Each day's orders in the five groups; a status the console does not know yet is not counted in any. */
export function ordersPerDay(days: OverviewDay[]): OrdersPerDay[] {
  return days.map(({ day, statusCounts }) => {
    const row: OrdersPerDay = { day, successful: 0, processing: 0, not_paid: 0, failed: 0, refunded: 0 };
    for (const [status, count] of Object.entries(statusCounts)) {
      if (isOrderStatus(status)) row[displayStatusOf(status)] += count ?? 0;
    }
    return row;
  });
}

export function revenuePerDay(days: OverviewDay[]): RevenuePerDay[] {
  return days.map(({ day, capturedCents, feesCents }) => ({ day, capturedCents, feesCents }));
}

/** A UTC day (YYYY-MM-DD) as a short date in the admin's language: "Nov 24", "24 nov.". */
export function formatDay(day: string, language: Language, style: 'short' | 'long' = 'short'): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    month: style === 'short' ? 'short' : 'long',
    day: 'numeric',
    ...(style === 'long' ? { year: 'numeric' } : {}),
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A duration in seconds, to a tenth: "12.4 sec"; from 90 seconds on, in minutes: "3.5 min". */
export function formatSeconds(seconds: number, language: Language): string {
  const [value, unit] = seconds < 90 ? [seconds, 'second'] : [seconds / 60, 'minute'];
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A rate from 0 to 1 as a percentage to a tenth: "97.7%". */
export function formatRate(rate: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/** A count in the admin's language, with its grouping: "12,960". */
export function formatCount(count: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language)).format(count);
}

/** Cents as short money for a chart's axis: "$1.2K". */
export function formatCentsShort(cents: number, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 }).format(
    cents / 100,
  );
}
