import type { OrderStatus } from './orders';

/**
 * GET /api/admin/overview — the console's first page, in one call: the figures of today, the last 7 days and the last
 * 30 days, the 30 days one by one for the charts, and the destinations the money comes from.
 *
 * Days are UTC days: "today" is since midnight UTC, "the last 7 days" are today and the 6 days before it, "the last 30
 * days" today and the 29 before. An order belongs to the day it was created; a refund to the day it was made.
 * docs/decisions/013-console-figures.md defines each figure.
 */

export const OVERVIEW_WINDOWS = ['today', 'last7Days', 'last30Days'] as const;
export type OverviewWindow = (typeof OVERVIEW_WINDOWS)[number];

/** How many UTC days each window holds, today included. */
export const OVERVIEW_WINDOW_DAYS: Readonly<Record<OverviewWindow, number>> = { today: 1, last7Days: 7, last30Days: 30 };

/** How many countries and operators the top lists name. */
export const OVERVIEW_TOP_COUNT = 8;

export interface OverviewDestination {
  countryIso: string;
  /** Captured orders (the card was charged), and their totals in cents. */
  orders: number;
  cents: number;
}

export interface OverviewOperator extends OverviewDestination {
  operatorId: number;
  operatorName: string;
}

export interface OverviewFigures {
  /** The window's first day (YYYY-MM-DD); it ends with today. */
  from: string;
  /** Orders created in the window. */
  orders: number;
  /** Those orders by the status they are in now. */
  statusCounts: Partial<Record<OrderStatus, number>>;
  /**
   * Deliveries with an outcome: delivered (the provider confirmed the top-up), and failed (a top-up was sent and not
   * delivered). `successRate` is delivered ÷ (delivered + failed), from 0 to 1; null when there were none.
   */
  deliveries: { delivered: number; failed: number; successRate: number | null };
  /** Orders whose payment was captured (completed, refunding, refund_failed, refunded) and their totals. */
  captured: { orders: number; cents: number };
  /** The service fees (percentage and flat) of the orders paid and not refunded. */
  feesCents: number;
  /** Refunds made during the window, whichever day their order was placed. */
  refunds: { count: number; cents: number };
  /** From the payment's authorisation to the provider's confirmation of delivery, for delivered orders; null with none. */
  deliveryTime: { orders: number; averageSeconds: number | null; p95Seconds: number | null };
  /** The OVERVIEW_TOP_COUNT destinations with the most captured money, most first. */
  topCountries: OverviewDestination[];
  topOperators: OverviewOperator[];
}

/** When the declines of the last hour are a problem: this share of the hour's payments, once there are this many. */
export interface DeclineAlertThresholds {
  /** 1–100 */
  ratePercent: number;
  minPayments: number;
}

export const DEFAULT_DECLINE_ALERT: DeclineAlertThresholds = { ratePercent: 20, minPayments: 50 };

/** The last hour's payment attempts and how many were declined (orders/decline-rate.ts). */
export interface DeclineRate {
  /** The declined attempts and the payments authorised. */
  payments: number;
  declines: number;
  /** declines / payments, 0–1; null without a payment. */
  rate: number | null;
  /** Above the threshold, with at least the least number of payments: an operator should look. */
  raised: boolean;
  thresholds: DeclineAlertThresholds;
}

export interface OverviewDay {
  /** YYYY-MM-DD */
  day: string;
  /** The day's orders by the status they are in now. */
  statusCounts: Partial<Record<OrderStatus, number>>;
  /** Captured totals and earned fees of the day's orders. */
  capturedCents: number;
  feesCents: number;
  /**
   * The day's checkouts through the funnel: started (every order), paid (ever authorised), delivered (the provider
   * confirmed the top-up) and captured (the card charged).
   */
  funnel: { started: number; paid: number; delivered: number; captured: number };
  /** The day's checkouts that ended declined, by the decline's reason (insufficient_funds, …). */
  declines: Record<string, number>;
}

export interface AdminOverviewResponse {
  success: true;
  /** The UTC day the windows end with (YYYY-MM-DD). */
  today: string;
  /** Orders waiting for a person now. */
  attentionCount: number;
  windows: Record<OverviewWindow, OverviewFigures>;
  /** The 30 days of the last30Days window, oldest first, each present even without orders. */
  days: OverviewDay[];
  /** The last hour's decline rate; `raised` puts it before the operator, as the attention queue does an order. */
  declineRate: DeclineRate;
  /** The operators that had a top-up sent in the last 24 hours, the least successful first (OPERATOR_HEALTH_COUNT). */
  operatorHealth: OperatorHealth[];
}

/** How many operators the health table lists: those failing now first, then the lowest success rate over the last day. */
export const OPERATOR_HEALTH_COUNT = 20;

/** An operator is failing now when, of its top-ups sent in the last `minutes`, at least `failures` and `share` failed. */
export const OPERATOR_FAILING = { minutes: 15, failures: 5, share: 0.5 } as const;

/** One operator's deliveries in a recent window (orders created in it whose top-up was sent). */
export interface OperatorHealthWindow {
  delivered: number;
  failed: number;
  /** delivered ÷ (delivered + failed); null with none. */
  successRate: number | null;
  /** The 95th percentile of the time from payment to delivery of the delivered ones, to the millisecond; null with none. */
  p95Seconds: number | null;
}

export interface OperatorHealth {
  countryIso: string;
  operatorId: number;
  operatorName: string;
  lastHour: OperatorHealthWindow;
  lastDay: OperatorHealthWindow;
  /** Failing above OPERATOR_FAILING over its last minutes. */
  failingNow: boolean;
}
