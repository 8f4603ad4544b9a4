import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { orders, paymentDeclines } from '../db/schema';
import type { DeclineAlertThresholds, DeclineRate } from '../../shared/api/admin-overview';

export { DEFAULT_DECLINE_ALERT, type DeclineAlertThresholds, type DeclineRate } from '../../shared/api/admin-overview';

export { declineCodeOf } from '../payments/provider';

export const DECLINE_RATE_WINDOW_MS = 60 * 60 * 1000;

/**
 * The decline rate of the hour before `now`: the declined attempts over those and the payments authorised, both read
 * from an index of their own time, never from every order.
 */
export async function declineRate(db: Database, now: Date, thresholds: DeclineAlertThresholds): Promise<DeclineRate> {
  const since = new Date(now.getTime() - DECLINE_RATE_WINDOW_MS).toISOString();
  const until = now.toISOString();
  const [row] = await rowsOf<{ declines: number | string; authorised: number | string }>(
    db,
    sql`select
      (select count(*) from ${paymentDeclines} where ${paymentDeclines.createdAt} > ${since}::timestamptz and ${paymentDeclines.createdAt} <= ${until}::timestamptz) as declines,
      (select count(*) from ${orders} where ${orders.authorisedAt} > ${since}::timestamptz and ${orders.authorisedAt} <= ${until}::timestamptz) as authorised`,
  );
  const declines = Number(row?.declines ?? 0);
  const payments = declines + Number(row?.authorised ?? 0);
  const rate = payments === 0 ? null : declines / payments;
  const raised = payments >= thresholds.minPayments && rate !== null && rate * 100 > thresholds.ratePercent;
  return { payments, declines, rate, raised, thresholds };
}
