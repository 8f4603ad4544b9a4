import { sql } from 'drizzle-orm';
import { formatUsd } from '../../shared/pricing';
import { recordAdminAction } from '../audit/audit-log';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { businessAlerts, disabledOperators, orders, walletDifferences } from '../db/schema';
import { declineRate } from '../orders/decline-rate';
import { DELIVERED_STATUSES, statusIn, UNDELIVERED_STATUSES } from '../orders/daily-figures';
import type { AlertThresholds } from './alert-settings';
import { clearAlerts, raiseAlert } from './business-alerts';
import type { WalletReading } from './wallet-balance';

/*
 * Each kind's check (docs/decisions/061-…): raises the alerts whose condition holds now and clears those whose
 * condition no longer does. Each is one or two statements over an index (the orders' creation time, the declines'
 * time, the wallet differences' day), so they may run every minute.
 */

const MINUTE_MS = 60_000;
/** The wallet differences looked at: those found in the last two days (older ones were listed when they were found). */
const DIFFERENCES_LOOKBACK_MS = 2 * 24 * 60 * MINUTE_MS;

/** Who the server's own actions are audited as. */
export const SYSTEM_ACTOR = { id: 'system', email: 'system' } as const;

/** wallet_low: the last balance read is under the threshold (in USD); one alert, key 'wallet', per crossing. */
export async function checkWalletLow(db: Database, reading: WalletReading | null, thresholds: AlertThresholds, now: Date): Promise<boolean> {
  const low = thresholds.lowBalanceCents > 0 && reading !== null && reading.usdCents !== null && reading.usdCents < thresholds.lowBalanceCents;
  if (!low) {
    // A wallet back above the threshold (or a threshold switched off) closes the crossing: the next one is new.
    if (reading !== null || thresholds.lowBalanceCents === 0) await clearAlerts(db, 'wallet_low', [], now);
    return false;
  }
  const details = { balance: reading.balance, currencyCode: reading.currencyCode, threshold: formatUsd(thresholds.lowBalanceCents) };
  await raiseAlert(db, { kind: 'wallet_low', key: 'wallet', details, emailWanted: true }, now);
  return true;
}

/**
 * wallet_difference: each difference the settlement's reconciliation found (a debit no order explains, an order whose
 * debit does not match) listed once, ever, with its orders; a person resolves it with a note. One statement.
 */
export async function checkWalletDifferences(db: Database, now: Date): Promise<number> {
  const key = sql`d.kind || ':' || d.order_id`;
  const raised = await rowsOf<{ id: number }>(
    db,
    sql`insert into ${businessAlerts} (kind, key, details, raised_at)
        select 'wallet_difference', ${key},
               jsonb_build_object('differenceKind', d.kind, 'orderId', d.order_id, 'previousOrderId', d.previous_order_id,
                                  'day', to_char(d.day, 'YYYY-MM-DD'), 'amountCents', d.amount_cents),
               ${now.toISOString()}::timestamptz
        from ${walletDifferences} d
        where d.raised_at >= ${new Date(now.getTime() - DIFFERENCES_LOOKBACK_MS).toISOString()}::timestamptz
          and not exists (select 1 from ${businessAlerts} a where a.kind = 'wallet_difference' and a.key = ${key})
        on conflict do nothing
        returning id`,
  );
  return raised.length;
}

interface FailingOperator {
  country_iso: string;
  operator_id: number;
  operator_name: string;
  sent: string;
  failed: string;
}

/**
 * operator_failing: an operator with at least `operatorFailures` failed top-ups, and at least `operatorFailedPercent`
 * of those sent, among the orders created in the last `operatorMinutes`. When the setting says so, an operator newly
 * found failing is switched off in the catalogue, audited as the system, and admins are e-mailed.
 */
export async function checkOperators(
  db: Database,
  thresholds: AlertThresholds,
  now: Date,
  catalogue: { provider: 'sandbox' | 'reloadly'; dropCaches(): void },
): Promise<string[]> {
  const status = sql`${orders.status}`;
  const failed = sql`(${statusIn(status, UNDELIVERED_STATUSES)})`;
  const failing = await rowsOf<FailingOperator>(
    db,
    sql`select ${orders.countryIso} as country_iso, ${orders.operatorId} as operator_id, max(${orders.operatorName}) as operator_name,
               count(*) filter (where ${statusIn(status, DELIVERED_STATUSES)} or ${failed}) as sent,
               count(*) filter (where ${failed}) as failed
        from ${orders}
        where ${orders.createdAt} >= ${new Date(now.getTime() - thresholds.operatorMinutes * MINUTE_MS).toISOString()}::timestamptz
          and ${orders.createdAt} <= ${now.toISOString()}::timestamptz and ${orders.claimedAt} is not null
        group by ${orders.countryIso}, ${orders.operatorId}
        having count(*) filter (where ${failed}) >= ${thresholds.operatorFailures}
           and count(*) filter (where ${failed}) * 100 >= ${thresholds.operatorFailedPercent}
               * count(*) filter (where ${statusIn(status, DELIVERED_STATUSES)} or ${failed})`,
  );
  const keys: string[] = [];
  for (const operator of failing) {
    const key = `${operator.country_iso}:${operator.operator_id}`;
    keys.push(key);
    const details = {
      countryIso: operator.country_iso,
      operatorId: Number(operator.operator_id),
      operatorName: operator.operator_name,
      failed: Number(operator.failed),
      sent: Number(operator.sent),
      switchedOff: thresholds.switchOffFailingOperators,
    };
    const raised = await raiseAlert(db, { kind: 'operator_failing', key, details, emailWanted: thresholds.switchOffFailingOperators }, now);
    if (raised && thresholds.switchOffFailingOperators) await switchOff(db, details, now, catalogue);
  }
  await clearAlerts(db, 'operator_failing', keys, now);
  return keys;
}

/** Switches a failing operator off in the catalogue with its audit row (the system's), unless it is off already. */
async function switchOff(
  db: Database,
  operator: { countryIso: string; operatorId: number; operatorName: string; failed: number; sent: number },
  now: Date,
  catalogue: { provider: 'sandbox' | 'reloadly'; dropCaches(): void },
): Promise<void> {
  const reason = `Switched off automatically: ${operator.failed} of its last ${operator.sent} top-ups failed`;
  const switched = await db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(disabledOperators)
      .values({
        provider: catalogue.provider,
        operatorId: operator.operatorId,
        countryIso: operator.countryIso,
        operatorName: operator.operatorName,
        reason,
        disabledAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!stored) return false;
    const facts = { countryIso: operator.countryIso, operatorName: operator.operatorName };
    await recordAdminAction(tx, {
      actor: SYSTEM_ACTOR,
      action: 'operator.disable',
      targetType: 'operator',
      targetId: `${catalogue.provider}:${operator.operatorId}`,
      reason,
      before: { enabled: true, disabledReason: null, disabledAt: null, ...facts },
      after: { enabled: false, disabledReason: reason, disabledAt: now.toISOString(), ...facts },
      now,
    });
    return true;
  });
  if (switched) catalogue.dropCaches();
}

/** decline_rate: the last hour's decline rate above the threshold (decline-rate.ts); key 'last_hour'. */
export async function checkDeclineRate(db: Database, thresholds: AlertThresholds, now: Date): Promise<boolean> {
  const rate = await declineRate(db, now, thresholds.decline);
  if (!rate.raised) {
    await clearAlerts(db, 'decline_rate', [], now);
    return false;
  }
  const details = { declines: rate.declines, payments: rate.payments, ratePercent: thresholds.decline.ratePercent };
  await raiseAlert(db, { kind: 'decline_rate', key: 'last_hour', details }, now);
  return true;
}
