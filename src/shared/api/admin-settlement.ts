import { z } from 'zod';

/*
 * GET /api/admin/settlement?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv] (docs/api.md; ADR 051): the money of each UTC
 * day of the range (orders by the day they were created), its totals, per country and per operator, and the top-up
 * wallet's reconciliation. Amounts are integer USD cents.
 */

/** The longest range one request may ask for, in days (both ends included). */
export const SETTLEMENT_MAX_RANGE_DAYS = 366;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00.000Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
  }, 'is not a date of the calendar');

export const adminSettlementQuerySchema = z
  .object({ from: calendarDay, to: calendarDay, format: z.enum(['json', 'csv']).default('json') })
  .superRefine((query, context) => {
    const span = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (span < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (span > SETTLEMENT_MAX_RANGE_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${SETTLEMENT_MAX_RANGE_DAYS} days after from, both included` });
    }
  });

export type AdminSettlementQuery = z.input<typeof adminSettlementQuerySchema>;

/** The money of a set of orders, in USD cents, and how many were completed (charged), refunded and disputed. */
export interface SettlementFigures {
  orders: { completed: number; refunded: number; disputed: number };
  capturedCents: number;
  refundedCents: number;
  disputedCents: number;
  processorFeeCents: number;
  providerCostCents: number;
  /** The service fees of the orders paid and not refunded, less what promo codes took off them. */
  feesChargedCents: number;
  marginCents: number;
}

/** The top-up wallet on one day as its top-ups reported it, in its own currency (decimal strings). */
export interface SettlementWalletDay {
  currencyCode: string;
  startBalance: string;
  endBalance: string;
  /** What our orders' top-ups took from it. */
  debits: string;
}

export interface SettlementDay extends SettlementFigures {
  day: string;
  /** Null on a day without a top-up that reported the wallet. */
  wallet: SettlementWalletDay | null;
  /** (start − end) − our debits, in USD cents: what moved the wallet that our orders do not explain. */
  walletDifferenceCents: number;
}

export interface SettlementCountry extends SettlementFigures {
  countryIso: string;
}

export interface SettlementOperator extends SettlementFigures {
  operatorId: number;
  countryIso: string;
  operatorName: string;
}

/** A difference between the wallet's reports and our orders, raised once (ADR 051). */
export interface SettlementWalletDifference {
  /** unexplained: a debit no order of ours explains, between `previousOrderId`'s balance and `orderId`'s; order_debit: an order whose debit is not its requested amount less its discount. */
  kind: 'unexplained' | 'order_debit';
  orderId: string;
  previousOrderId: string | null;
  day: string;
  /** In the wallet's currency; positive when the wallet lost more than our orders explain. */
  amount: string;
  amountCents: number;
  raisedAt: string;
}

export interface AdminSettlementResponse {
  success: true;
  from: string;
  to: string;
  days: SettlementDay[];
  totals: SettlementFigures & { walletDifferenceCents: number };
  countries: SettlementCountry[];
  operators: SettlementOperator[];
  walletDifferences: SettlementWalletDifference[];
}
