import { desc, isNotNull, sql } from 'drizzle-orm';
import type { AdminTopupWalletResponse } from '../../shared/api/account';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { orders, walletBalanceReadings } from '../db/schema';
import { DELIVERED_STATUSES, statusIn } from '../orders/daily-figures';
import type { TopupDelivery } from '../topups/provider';
import type { WalletReading } from '../topups/wallet-gauge';

export { createWalletGauge, type WalletGauge, type WalletReading } from '../topups/wallet-gauge';

/*
 * The top-up wallet's balance (docs/decisions/062-a-wallet-read-every-quarter-hour-and-checkouts-it-cannot-pay.md):
 * read from the provider by the checks, kept as readings (with the settlement's wallet history), held in each
 * instance's memory for the checkout, and measured against the last 7 days' spend.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The spend a wallet's days left are measured against: the provider cost of the last 7 days' delivered orders. */
export const SPEND_WINDOW_DAYS = 7;

/** USD cents of a balance: a USD wallet's at once; another currency's at the rate its last top-up was priced at. */
async function usdCentsOf(db: Database, balance: number, currencyCode: string, now: Date): Promise<number | null> {
  if (currencyCode === 'USD') return Math.round(balance * 100);
  const [row] = await rowsOf<{ rate: string }>(
    db,
    sql`select ${orders.walletUsdRate} as rate from ${orders}
        where ${orders.createdAt} >= ${new Date(now.getTime() - SPEND_WINDOW_DAYS * DAY_MS).toISOString()}::timestamptz
          and ${orders.walletCurrencyCode} = ${currencyCode} and ${orders.walletUsdRate} is not null
        order by ${orders.createdAt} desc limit 1`,
  );
  return row ? Math.round(balance * Number(row.rate) * 100) : null;
}

/** Reads the provider's balance and records it; null when the provider cannot tell (a test fake without the call). */
export async function readWalletBalance(db: Database, topups: Pick<TopupDelivery, 'walletBalance'>, now: Date): Promise<WalletReading | null> {
  if (!topups.walletBalance) return null;
  const { balance, currencyCode } = await topups.walletBalance();
  const reading: WalletReading = { balance, currencyCode, usdCents: await usdCentsOf(db, balance, currencyCode, now), readAt: now };
  await db.insert(walletBalanceReadings).values({
    readAt: now,
    balance: balance.toFixed(4),
    currencyCode,
    usdCents: reading.usdCents,
  });
  return reading;
}

/** The last reading recorded, by any instance; null before the first. */
export async function lastWalletReading(db: Database): Promise<WalletReading | null> {
  const [row] = await db.select().from(walletBalanceReadings).orderBy(desc(walletBalanceReadings.readAt), desc(walletBalanceReadings.id)).limit(1);
  return row ? { balance: Number(row.balance), currencyCode: row.currencyCode, usdCents: row.usdCents, readAt: row.readAt } : null;
}

/** The provider cost (USD cents) of the orders created in the last 7 days and delivered, read by the orders' creation index. */
export async function spentLastDays(db: Database, now: Date, days = SPEND_WINDOW_DAYS): Promise<number> {
  const [row] = await rowsOf<{ spent: string | null }>(
    db,
    sql`select sum(${orders.providerCostCents}) as spent from ${orders}
        where ${orders.createdAt} >= ${new Date(now.getTime() - days * DAY_MS).toISOString()}::timestamptz
          and ${orders.createdAt} <= ${now.toISOString()}::timestamptz
          and ${statusIn(sql`${orders.status}`, DELIVERED_STATUSES)}`,
  );
  return Number(row?.spent ?? 0);
}

/** Whole days a balance lasts at a spend over `days` days (rounded down); null without a balance in USD or without spend. */
export function daysLeftOf(balanceUsdCents: number | null, spentCents: number, days = SPEND_WINDOW_DAYS): number | null {
  if (balanceUsdCents === null || spentCents <= 0) return null;
  return Math.max(0, Math.floor((balanceUsdCents * days) / spentCents));
}

/**
 * The wallet as the overview shows it: the later of the last reading and the last top-up's report, the threshold in
 * force, and the days it lasts at the last 7 days' spend. Three small reads: the readings' and orders' newest rows,
 * and a week of orders by their creation index.
 */
export async function walletOutlook(db: Database, now: Date, lowBalanceCents: number): Promise<Omit<AdminTopupWalletResponse, 'success'>> {
  const [reading, [reported], spent] = await Promise.all([
    lastWalletReading(db),
    db
      .select({
        balance: orders.walletBalanceAfter,
        currencyCode: orders.walletCurrencyCode,
        reportedAt: orders.updatedAt,
        rate: orders.walletUsdRate,
      })
      .from(orders)
      .where(isNotNull(orders.walletBalanceAfter))
      .orderBy(desc(orders.updatedAt))
      .limit(1),
    spentLastDays(db, now),
  ]);
  const fromOrder: WalletReading | null =
    reported?.balance == null
      ? null
      : {
          balance: Number(reported.balance),
          currencyCode: reported.currencyCode ?? 'USD',
          usdCents: reported.rate === null ? null : Math.round(Number(reported.balance) * Number(reported.rate) * 100),
          readAt: reported.reportedAt,
        };
  const latest = [reading, fromOrder].filter((known) => known !== null).sort((a, b) => b.readAt.getTime() - a.readAt.getTime())[0] ?? null;
  const balanceUsdCents = latest?.usdCents ?? null;
  return {
    balance: latest?.balance ?? null,
    currencyCode: latest?.currencyCode ?? null,
    reportedAt: latest?.readAt.toISOString() ?? null,
    lowBalance: lowBalanceCents > 0 ? lowBalanceCents / 100 : null,
    low: lowBalanceCents > 0 && balanceUsdCents !== null && balanceUsdCents < lowBalanceCents,
    balanceUsdCents,
    spentLast7DaysCents: spent,
    daysLeft: daysLeftOf(balanceUsdCents, spent),
  };
}
