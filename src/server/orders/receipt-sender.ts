import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Merchant } from '../../shared/api/receipts';
import { NOTICE_KINDS, type OutboxKind } from '../../shared/receipt-texts';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { deliveryReports, orders, receiptOutbox, user } from '../db/schema';
import { onReceiptQueued } from './follow-ups';
import type { Order } from './state-machine';
import { toReceipt } from './receipt-view';
import type { OrderLog } from './services';
import { countryFacts } from './views';
import type { Email, Mailer } from '../mail/mailer';
import { receiptEmail } from '../mail/receipt-emails';

/** How long a worker holds the receipts it took: one whose worker died is taken again after this. */
export const RECEIPT_LEASE_MS = 5 * 60 * 1000;
/** Waits after a failed send: 1, 2, 4 … minutes, at most 6 hours between tries. */
export const RECEIPT_RETRY_BASE_MS = 60 * 1000;
export const RECEIPT_RETRY_MAX_MS = 6 * 60 * 60 * 1000;
/** The senders also look for due receipts this often: retries, receipts a dead worker held, moves made elsewhere. */
export const RECEIPT_POLL_MS = 30 * 1000;
const BATCH_SIZE = 20;

export interface ReceiptSenderDeps {
  db: Database;
  mailer: Mailer;
  /** The product's address, for the links in the e-mails. */
  publicUrl: string;
  /** Who sold the top-ups: every message names it (config.merchant). */
  merchant: Merchant;
  now: () => Date;
  log: OrderLog;
  /** Names this worker in claimed_by (with a new suffix per claim); a random name when not given. */
  workerId?: string;
}

export type ReceiptOutcome = 'sent' | 'skipped' | 'retry' | 'lost';

interface ClaimedReceipt {
  id: number;
  orderId: string;
  kind: string;
  attempts: number;
  claimedBy: string;
}

export function retryDelayMs(attempts: number): number {
  return Math.min(RECEIPT_RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RECEIPT_RETRY_MAX_MS);
}

/**
 * Takes the receipts due now so that no other worker takes them meanwhile: one UPDATE whose sub-select skips rows
 * another worker has locked, marking them with this claim's own name and pushing next_attempt_at past the lease.
 */
async function claimDueReceipts(deps: ReceiptSenderDeps, workerId: string, limit: number): Promise<ClaimedReceipt[]> {
  const now = deps.now();
  const claim = `${workerId}:${randomUUID()}`;
  const due = deps.db
    .select({ id: receiptOutbox.id })
    .from(receiptOutbox)
    .where(and(isNull(receiptOutbox.sentAt), isNull(receiptOutbox.skippedAt), lte(receiptOutbox.nextAttemptAt, now)))
    .orderBy(receiptOutbox.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(receiptOutbox)
    .set({
      claimedAt: now,
      claimedBy: claim,
      attempts: sql`${receiptOutbox.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + RECEIPT_LEASE_MS),
    })
    .where(inArray(receiptOutbox.id, due))
    .returning({
      id: receiptOutbox.id,
      orderId: receiptOutbox.orderId,
      kind: receiptOutbox.kind,
      attempts: receiptOutbox.attempts,
      claimedBy: receiptOutbox.claimedBy,
    }) as Promise<ClaimedReceipt[]>;
}

/** What a batch's receipts need to be written: each order with its customer's address, language and choice. */
async function readReceiptFacts(db: Database, orderIds: string[]) {
  const rows = await db
    .select({ order: orders, email: user.email, language: user.language, receiptEmails: user.receiptEmails, deletedAt: user.deletedAt })
    .from(orders)
    .innerJoin(user, eq(user.id, orders.userId))
    .where(inArray(orders.id, orderIds));
  return new Map(rows.map((row) => [row.order.id, row]));
}

/** The reference of each order's latest report resolved as delivered, for the reportDelivered notices of a batch. */
async function deliveredReportReferences(db: Database, orderIds: string[]): Promise<Map<string, string | null>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([deliveryReports.orderId], { orderId: deliveryReports.orderId, reference: deliveryReports.resolutionReference })
    .from(deliveryReports)
    .where(and(inArray(deliveryReports.orderId, orderIds), eq(deliveryReports.status, 'delivered')))
    .orderBy(deliveryReports.orderId, desc(deliveryReports.resolvedAt));
  return new Map(rows.map((row) => [row.orderId, row.reference]));
}

const isNotice = (kind: string) => (NOTICE_KINDS as readonly string[]).includes(kind);

/** A delay notice is only worth sending while the top-up is still not known delivered or failed. */
const stillUnderWay = (order: Order) => (order.status === 'delivering' || order.status === 'delivery_pending') && order.deliveredAt === null;

/**
 * Why a claimed message is not sent, if it is not: no order or address (a deleted account), receipts turned off (a
 * receipt; notices about an order under way or reported are sent whatever that setting), or a delay notice for a
 * top-up that was delivered or failed meanwhile.
 */
function notToSend(kind: string, row: { order: Order; receiptEmails: boolean } | undefined, to: string): boolean {
  if (!row || to === '') return true;
  if (!isNotice(kind) && !row.receiptEmails) return true;
  return kind === 'delayed' && !stillUnderWay(row.order);
}

/** Marks claimed receipts of one claim with `changes`, where still this claim's and neither sent nor skipped; returns `{ key }` each. */
function markClaimed(db: Database, claim: string, ids: number[], changes: PgUpdateSetSource<typeof receiptOutbox>) {
  return db
    .update(receiptOutbox)
    .set(changes)
    .where(and(inArray(receiptOutbox.id, ids), eq(receiptOutbox.claimedBy, claim), isNull(receiptOutbox.sentAt), isNull(receiptOutbox.skippedAt)))
    .returning({ key: sql<number>`${receiptOutbox.id}`.as('key') });
}

const ids = (receipts: ClaimedReceipt[]) => receipts.map((receipt) => receipt.id);

/** A failed receipt is tried again later (backing off), its error kept. */
async function markForRetry(deps: ReceiptSenderDeps, receipt: ClaimedReceipt, error: unknown) {
  deps.log.warn(
    { receiptId: receipt.id, orderId: receipt.orderId, attempts: receipt.attempts, err: error },
    'sending a receipt failed; it will be tried again',
  );
  await markClaimed(deps.db, receipt.claimedBy, [receipt.id], {
    lastError: error instanceof Error ? error.message.slice(0, 500) : String(error).slice(0, 500),
    nextAttemptAt: new Date(deps.now().getTime() + retryDelayMs(receipt.attempts)),
  }).catch((markError: unknown) =>
    deps.log.error({ receiptId: receipt.id, err: markError }, 'could not record a failed receipt; its lease will end'),
  );
}

/**
 * Sends the receipts due now, at most `limit`, and answers how many it claimed with what became of each, in claim
 * order: 'sent'; 'skipped' when the customer turned receipts off or has no address any more (a deleted account);
 * 'retry' when writing or sending failed (tried again later, backing off); 'lost' when another worker took the receipt
 * over meanwhile (this worker outlived its lease), which then sends it instead. A batch costs a few statements whatever
 * its size: the claim, one read of the orders, the skips, and the sends with their marks (one statement on the outbox).
 * When `stopping` turns true the receipts not yet sent are handed back, due at once for another worker.
 */
export async function sendDueReceipts(
  deps: ReceiptSenderDeps,
  limit = BATCH_SIZE,
  stopping: () => boolean = () => false,
  workerId = deps.workerId ?? 'receipts',
): Promise<{ claimed: number; outcomes: ReceiptOutcome[] }> {
  const { db } = deps;
  const claimed = await claimDueReceipts(deps, workerId, limit);
  if (claimed.length === 0) return { claimed: 0, outcomes: [] };
  // One claim names the whole batch.
  const claim = claimed[0]!.claimedBy;
  const outcomes = new Map<number, ReceiptOutcome>();
  const toSkip: ClaimedReceipt[] = [];
  const toSend: Array<{ key: number; email: Email }> = [];
  try {
    const facts = await readReceiptFacts(db, [...new Set(claimed.map((receipt) => receipt.orderId))]);
    const references = await deliveredReportReferences(db, [
      ...new Set(claimed.filter((receipt) => receipt.kind === 'reportDelivered').map((receipt) => receipt.orderId)),
    ]);
    for (const receipt of claimed) {
      const row = facts.get(receipt.orderId);
      const to = row && row.deletedAt === null ? (row.order.receiptEmail ?? row.email).trim() : '';
      if (notToSend(receipt.kind, row, to)) {
        toSkip.push(receipt);
        continue;
      }
      try {
        const { order, language } = row!;
        const receiptFacts = toReceipt(order, await countryFacts(db, order.countryIso));
        const email = receiptEmail(receipt.kind as OutboxKind, receiptFacts, {
          to,
          language,
          publicUrl: deps.publicUrl,
          merchant: deps.merchant,
          reference: references.get(receipt.orderId),
        });
        toSend.push({ key: receipt.id, email });
      } catch (error) {
        outcomes.set(receipt.id, 'retry');
        await markForRetry(deps, receipt, error);
      }
    }
    if (toSkip.length > 0) {
      const marked = await markClaimed(db, claim, ids(toSkip), { skippedAt: deps.now() });
      const skipped = new Set(marked.map((row) => row.key));
      for (const receipt of toSkip) outcomes.set(receipt.id, skipped.has(receipt.id) ? 'skipped' : 'lost');
    }
  } catch (error) {
    // The batch could not be read: every receipt not yet settled is tried again later.
    for (const receipt of claimed) if (!outcomes.has(receipt.id)) await markForRetry(deps, receipt, error);
    return { claimed: claimed.length, outcomes: claimed.map(() => 'retry') };
  }

  if (toSend.length > 0 && !stopping()) {
    const sent = await deps.mailer.sendMarked(toSend, (ids) => markClaimed(db, claim, ids, { sentAt: deps.now(), lastError: null }), stopping);
    for (const [id, outcome] of sent) {
      if (typeof outcome === 'string') outcomes.set(id, outcome);
      else {
        outcomes.set(id, 'retry');
        await markForRetry(
          deps,
          claimed.find((receipt) => receipt.id === id)!,
          outcome.error,
        );
      }
    }
  }
  // Receipts left untried because this worker is stopping: handed back, due at once, this try not counted.
  const untried = claimed.filter((receipt) => !outcomes.has(receipt.id));
  if (untried.length > 0) await markClaimed(db, claim, ids(untried), { nextAttemptAt: deps.now(), attempts: sql`${receiptOutbox.attempts} - 1` });
  return { claimed: claimed.length, outcomes: claimed.flatMap((receipt) => outcomes.get(receipt.id) ?? []) };
}

/**
 * Sends receipts in the background: at start, whenever a move on this database queues one (follow-ups.ts), and every
 * 30 s for retries and receipts other workers left; runs never overlap. Any number of instances may run one.
 */
export function startReceiptSender(deps: ReceiptSenderDeps, pollMs = RECEIPT_POLL_MS) {
  const workerId = deps.workerId ?? `receipts-${randomUUID().slice(0, 8)}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | null = null;
  let askedAgain = false;
  const run = async () => {
    try {
      // Drain what is due, a batch at a time.
      while (!stopped && (await sendDueReceipts(deps, BATCH_SIZE, () => stopped, workerId)).claimed === BATCH_SIZE);
    } catch (error) {
      deps.log.error({ err: error }, 'receipt sender run failed');
    }
  };
  const kick = () => {
    if (stopped) return;
    if (current) {
      // A receipt queued while a run is under way may have been missed by its claim: run once more after it.
      askedAgain = true;
      return;
    }
    clearTimeout(timer);
    current = run().finally(() => {
      current = null;
      if (askedAgain) {
        askedAgain = false;
        kick();
      } else if (!stopped) {
        timer = setTimeout(kick, pollMs);
        timer.unref();
      }
    });
  };
  const unsubscribe = onReceiptQueued(deps.db, kick);
  kick();
  return {
    /** Sends now rather than at the next poll. */
    nudge: kick,
    /** Takes no new receipt, finishes the one under way and hands back the others it had taken; resolves when done. */
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await current;
    },
  };
}
