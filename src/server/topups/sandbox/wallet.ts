import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { sandboxWallet } from '../../db/schema';

/** What the sandbox's wallet holds before its first top-up (docs/sandbox-topups.md), in USD. */
export const SANDBOX_WALLET_START_USD = 100_000;

/** A debit of the sandbox wallet: its balance before and after, in USD. */
export interface SandboxWalletDebit {
  oldBalance: number;
  newBalance: number;
}

/**
 * Debits `usd` from the sandbox wallet in one statement (created at SANDBOX_WALLET_START_USD on first use); null, and
 * nothing debited, when the balance cannot pay it (Reloadly's INSUFFICIENT_BALANCE).
 */
export async function debitSandboxWallet(db: Database, usd: number): Promise<SandboxWalletDebit | null> {
  const amount = usd.toFixed(2);
  const [row] = await rowsOf<{ balance: string }>(
    db,
    sql`insert into ${sandboxWallet} (id, balance, updated_at) values (1, ${SANDBOX_WALLET_START_USD}::numeric - ${amount}::numeric, now())
      on conflict (id) do update set balance = ${sandboxWallet.balance} - ${amount}::numeric, updated_at = now()
        where ${sandboxWallet.balance} >= ${amount}::numeric
      returning balance`,
  );
  if (!row) return null;
  const newBalance = Number(row.balance);
  return { oldBalance: Math.round((newBalance + usd) * 100) / 100, newBalance };
}

/** Gives back a debit that did not go out (the top-up it paid for was not kept). */
export async function creditSandboxWallet(db: Database, usd: number): Promise<void> {
  await db.execute(sql`update ${sandboxWallet} set balance = ${sandboxWallet.balance} + ${usd.toFixed(2)}::numeric, updated_at = now()`);
}

/** The sandbox wallet's balance in USD, as `GET /accounts/balance` answers it. */
export async function sandboxWalletBalance(db: Database): Promise<number> {
  const [row] = await db.select({ balance: sandboxWallet.balance }).from(sandboxWallet);
  return row ? Number(row.balance) : SANDBOX_WALLET_START_USD;
}

/** Sets the sandbox wallet's balance (tests, and a person trying the low-balance warning out). */
export async function setSandboxWalletBalance(db: Database, usd: number): Promise<void> {
  await db
    .insert(sandboxWallet)
    .values({ id: 1, balance: usd.toFixed(2) })
    .onConflictDoUpdate({ target: sandboxWallet.id, set: { balance: usd.toFixed(2), updatedAt: sql`now()` } });
}
