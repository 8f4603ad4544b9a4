import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { businessCheckRuns } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { daysEndingOn, KEPT_DAYS, refreshDailyFigures } from '../orders/daily-figures';
import type { OrderLog } from '../orders/services';
import type { TopupDelivery } from '../topups/provider';
import { sendAlertEmails } from './alert-emails';
import { readAlertThresholds, type AlertThresholds } from './alert-settings';
import { sendSettlementEmail } from './settlement-email';
import { checkDeclineRate, checkOperators, checkWalletDifferences, checkWalletLow } from './checks';
import { lastWalletReading, readWalletBalance, type WalletGauge } from './wallet-balance';
import { startRepeatingJob, type RepeatingJob } from '../repeating-job';

/*
 * The business checks (docs/decisions/061-… and 062-…): every minute each instance asks for the turn; the one that
 * moves the turn row on runs the checks, the others only refresh their wallet gauge from the last reading. The
 * wallet is read, and the settlement's figures (with the wallet differences) refreshed, every quarter of an hour.
 * Yesterday's settlement is e-mailed to the admins once a day from the hour set, when it is on (ADR 071).
 */

export const BUSINESS_CHECK_INTERVAL_MS = 60_000;
/** A turn is taken when the last one began at least this long ago (a little under the interval: timers drift). */
const TURN_MS = 50_000;
/** How often the provider's balance is read (at least hourly, as ADR 062 asks; Reloadly's call is cheap). */
export const BALANCE_READ_INTERVAL_MS = 15 * 60_000;

export interface BusinessCheckDeps {
  db: Database;
  topups: Pick<TopupDelivery, 'walletBalance'>;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: OrderLog;
  /** The thresholds while no admin has saved any (the config's). */
  defaults: AlertThresholds;
  gauge: WalletGauge;
  /** The catalogue's provider, and how every instance is told that an operator was switched off. */
  catalogue: { provider: 'sandbox' | 'reloadly'; dropCaches(): void };
}

/**
 * Takes this minute's turn: moves the one row's run_at to now only when the last run began TURN_MS ago or more, in
 * one statement (two instances at once: the second finds it moved). Answers whether the wallet is due a reading, then
 * marked read.
 */
async function takeTurn(db: Database, now: Date): Promise<{ turn: boolean; readBalance: boolean }> {
  const at = now.toISOString();
  const [row] = await rowsOf<{ read_balance: boolean }>(
    db,
    sql`insert into ${businessCheckRuns} (id, run_at, balance_read_at) values (1, ${at}::timestamptz, ${at}::timestamptz)
        on conflict (id) do update set run_at = excluded.run_at,
          balance_read_at = case when ${businessCheckRuns.balanceReadAt} is null
                                   or ${businessCheckRuns.balanceReadAt} <= excluded.run_at - ${`${BALANCE_READ_INTERVAL_MS} milliseconds`}::interval
                                 then excluded.run_at else ${businessCheckRuns.balanceReadAt} end
        where ${businessCheckRuns.runAt} <= excluded.run_at - ${`${TURN_MS} milliseconds`}::interval
           or ${businessCheckRuns.runAt} > excluded.run_at
        returning balance_read_at = run_at as read_balance`,
  );
  return { turn: row !== undefined, readBalance: row?.read_balance ?? false };
}

/** Runs one step, logging its failure: one check failing never stops the others. */
async function step<T>(deps: BusinessCheckDeps, name: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    deps.log.error({ err: error, check: name }, 'a business check failed; the next run tries again');
    return undefined;
  }
}

/** One run of the checks (when this instance has the turn), then this instance's gauge refreshed. Answers whether it ran. */
export async function runBusinessChecks(deps: BusinessCheckDeps): Promise<boolean> {
  const { db } = deps;
  const now = deps.now();
  const { turn, readBalance } = await takeTurn(db, now);
  if (turn) {
    const thresholds = await readAlertThresholds(db, deps.defaults);
    if (readBalance) {
      const read = await step(deps, 'wallet balance', () => readWalletBalance(db, deps.topups, now));
      if (read) deps.gauge.note(read);
    }
    await step(deps, 'wallet_low', async () => checkWalletLow(db, await lastWalletReading(db), thresholds, now));
    await step(deps, 'operator_failing', () => checkOperators(db, thresholds, now, deps.catalogue));
    await step(deps, 'decline_rate', () => checkDeclineRate(db, thresholds, now));
    await step(deps, 'alert e-mails', () => sendAlertEmails(deps));
    await step(deps, 'settlement e-mail', () => sendSettlementEmail(deps, thresholds.settlementEmail));
    // Last, as the longest: the settlement's figures brought up to date (the first look adds up its 731 days).
    if (readBalance) await step(deps, 'settlement figures', () => refreshDailyFigures(db, daysEndingOn(now, KEPT_DAYS), now));
    await step(deps, 'wallet_difference', () => checkWalletDifferences(db, now));
  }
  const last = await step(deps, 'wallet gauge', () => lastWalletReading(db));
  if (last) deps.gauge.note(last);
  return turn;
}

/** Runs the checks now and then every minute until stopped; runs never overlap. */
export function startBusinessChecks(deps: BusinessCheckDeps, intervalMs = BUSINESS_CHECK_INTERVAL_MS): RepeatingJob {
  return startRepeatingJob(
    async () => {
      await runBusinessChecks(deps);
    },
    intervalMs,
    (error) => deps.log.error({ err: error }, 'business checks run failed'),
  );
}
