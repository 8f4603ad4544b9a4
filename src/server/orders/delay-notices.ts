import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-rows';
import { orders, receiptOutbox } from '../db/schema';
import type { NoticeKind } from '../../shared/receipt-texts';
import { announceReceiptQueued } from './follow-ups';

/** A top-up sent this long ago and still neither delivered nor failed is late: its customer is told, once. */
export const DELAY_NOTICE_AFTER_MS = 10 * 60 * 1000;
/** At most this many notices are queued by one look; the next look (the reconciler's next run) takes the rest. */
const BATCH_SIZE = 100;

/**
 * Queues the "your top-up is delayed" e-mail (ADR 042) for each order whose top-up was sent (claimed for delivery)
 * at least 10 minutes before `now` and whose outcome is still not known (delivering, delivery_pending). One statement:
 * the insert only takes orders that have no delay notice yet, and the outbox's unique (order, kind) turns two
 * instances doing it at once into one row, so a customer is told at most once, whatever crashes or races. The receipt
 * sender sends it, unless the top-up was delivered or failed by then (receipt-sender.ts). Answers how many it queued.
 */
export async function queueDelayNotices(db: Database, now: Date): Promise<number> {
  const kind: NoticeKind = 'delayed';
  const sentBefore = new Date(now.getTime() - DELAY_NOTICE_AFTER_MS);
  const queued = await rowsOf<{ order_id: string }>(
    db,
    sql`
      insert into ${receiptOutbox} (order_id, kind, created_at, next_attempt_at)
      select ${orders.id}, ${kind}::text, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from ${orders}
      where ${orders.status} in ('delivering', 'delivery_pending')
        and ${orders.deliveredAt} is null
        and ${orders.claimedAt} <= ${sentBefore.toISOString()}::timestamptz
        and not exists (
          select 1 from ${receiptOutbox} notice where notice.order_id = ${orders.id} and notice.kind = ${kind}::text
        )
      order by ${orders.claimedAt}
      limit ${BATCH_SIZE}
      on conflict (order_id, kind) do nothing
      returning order_id`,
  );
  if (queued.length > 0) announceReceiptQueued(db);
  return queued.length;
}
