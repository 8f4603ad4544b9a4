import { and, asc, between, sql } from 'drizzle-orm';
import type {
  AdminSettlementResponse,
  SettlementCountry,
  SettlementDay,
  SettlementFigures,
  SettlementOperator,
  SettlementWalletDifference,
} from '../../shared/api/admin-settlement';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { dailySettlementFigures, dailyWalletFigures, walletDifferences } from '../db/schema';
import { DomainError } from '../domain-error';
import type { OrderLog } from './services';
import { dayStart, daysEndingOn, KEPT_DAYS, refreshDailyFigures, utcDay, type WalletDifferenceRaised } from './daily-figures';

/*
 * The daily settlement (docs/decisions/051-the-daily-settlement-and-the-wallet-reconciliation.md): read from the daily
 * figures (daily-figures.ts), brought up to date first over the KEPT_DAYS days ending today, never from the orders.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

interface FigureRow {
  key: string;
  country_iso: string | null;
  operator_id: number | null;
  operator_name: string | null;
  completed: string;
  refunded_orders: string;
  disputed_orders: string;
  captured: string;
  refunded: string;
  disputed: string;
  processor_fee: string;
  provider_cost: string;
  fees_charged: string;
  margin: string;
}

const FIGURES = sql`sum(orders_completed) as completed, sum(orders_refunded) as refunded_orders, sum(orders_disputed) as disputed_orders,
  sum(captured_cents) as captured, sum(refunded_cents) as refunded, sum(disputed_cents) as disputed,
  sum(processor_fee_cents) as processor_fee, sum(provider_cost_cents) as provider_cost, sum(fees_charged_cents) as fees_charged,
  sum(margin_cents) as margin`;

function figuresOf(row: FigureRow | undefined): SettlementFigures {
  const n = (value: string | undefined) => Number(value ?? 0);
  return {
    orders: { completed: n(row?.completed), refunded: n(row?.refunded_orders), disputed: n(row?.disputed_orders) },
    capturedCents: n(row?.captured),
    refundedCents: n(row?.refunded),
    disputedCents: n(row?.disputed),
    processorFeeCents: n(row?.processor_fee),
    providerCostCents: n(row?.provider_cost),
    feesChargedCents: n(row?.fees_charged),
    marginCents: n(row?.margin),
  };
}

/** A wallet difference found for the first time by a look at the settlement: an error in the log, once. */
export function logRaisedWalletDifferences(log: Pick<OrderLog, 'error'>, raised: readonly WalletDifferenceRaised[]): void {
  for (const difference of raised) log.error({ walletDifference: difference }, 'the top-up wallet moved by more than our orders explain');
}

/** Every day from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const count = (dayStart(to).getTime() - dayStart(from).getTime()) / DAY_MS + 1;
  return Array.from({ length: count }, (_, index) => utcDay(new Date(dayStart(from).getTime() + index * DAY_MS)));
}

/**
 * The settlement of the days `from`..`to` at `now`, and the wallet differences seen for the first time by this look
 * (for the caller to raise). Days older than the figures kept are refused, naming `from`.
 */
export async function settlement(
  db: Database,
  range: { from: string; to: string },
  now: Date,
): Promise<{ settlement: Omit<AdminSettlementResponse, 'success'>; raised: WalletDifferenceRaised[] }> {
  const kept = daysEndingOn(now, KEPT_DAYS);
  if (range.from < kept[0]!) {
    throw new DomainError('invalid', 'VALIDATION_FAILED', { text: `from: the settlement keeps the days from ${kept[0]} on` }, { field: 'from' });
  }
  const raised = await refreshDailyFigures(db, kept, now);
  const inRange = sql`day between ${range.from}::date and ${range.to}::date`;
  const [byDay, byCountry, byOperator, total, wallet, differences] = await Promise.all([
    rowsOf<FigureRow>(db, sql`select to_char(day, 'YYYY-MM-DD') as key, ${FIGURES} from ${dailySettlementFigures} where ${inRange} group by day`),
    rowsOf<FigureRow>(
      db,
      sql`select country_iso as key, country_iso, ${FIGURES} from ${dailySettlementFigures} where ${inRange} group by country_iso order by sum(margin_cents), country_iso`,
    ),
    rowsOf<FigureRow>(
      db,
      sql`select operator_id || ':' || country_iso as key, country_iso, operator_id, max(operator_name) as operator_name, ${FIGURES}
        from ${dailySettlementFigures} where ${inRange} group by operator_id, country_iso order by sum(margin_cents), operator_id`,
    ),
    rowsOf<FigureRow>(db, sql`select 'total' as key, ${FIGURES} from ${dailySettlementFigures} where ${inRange}`),
    db
      .select()
      .from(dailyWalletFigures)
      .where(between(dailyWalletFigures.day, range.from, range.to)),
    db
      .select()
      .from(walletDifferences)
      .where(and(between(walletDifferences.day, range.from, range.to)))
      .orderBy(asc(walletDifferences.day), asc(walletDifferences.raisedAt)),
  ]);
  const dayFigures = new Map(byDay.map((row) => [row.key, row]));
  const walletDays = new Map(wallet.map((row) => [row.day, row]));
  const days: SettlementDay[] = daysBetween(range.from, range.to).map((day) => {
    const walletDay = walletDays.get(day);
    return {
      day,
      ...figuresOf(dayFigures.get(day)),
      wallet: walletDay
        ? { currencyCode: walletDay.currencyCode, startBalance: walletDay.startBalance, endBalance: walletDay.endBalance, debits: walletDay.debits }
        : null,
      walletDifferenceCents: walletDay?.differenceCents ?? 0,
    };
  });
  const countries: SettlementCountry[] = byCountry.map((row) => ({ countryIso: row.country_iso!, ...figuresOf(row) }));
  const operators: SettlementOperator[] = byOperator.map((row) => ({
    operatorId: Number(row.operator_id),
    countryIso: row.country_iso!,
    operatorName: row.operator_name!,
    ...figuresOf(row),
  }));
  const walletDifferenceList: SettlementWalletDifference[] = differences.map((row) => ({
    kind: row.kind,
    orderId: row.orderId,
    previousOrderId: row.previousOrderId,
    day: row.day,
    amount: row.amount,
    amountCents: row.amountCents,
    raisedAt: row.raisedAt.toISOString(),
  }));
  return {
    settlement: {
      from: range.from,
      to: range.to,
      days,
      totals: { ...figuresOf(total[0]), walletDifferenceCents: days.reduce((sum, day) => sum + day.walletDifferenceCents, 0) },
      countries,
      operators,
      walletDifferences: walletDifferenceList,
    },
    raised,
  };
}
