import { getTableColumns, is, SQL, sql, type SQLChunk } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { referenceFromBytes } from '../../shared/order-reference';
import type { OrderStatus } from '../../shared/api/orders';
import type { Database } from '../db/client';
import { driverValues, insertWhere, placeholdersFor, preparedStatement, rowOf, rowsOf } from '../db/raw-rows';
import { orders, user } from '../db/schema';
import { announceReceiptQueued, followUps, queuesReceipt } from './follow-ups';
import { authorisationToCapture, authorisationToDelivery, orderTransitions } from '../metrics/registry';

export type { OrderStatus } from '../../shared/api/orders';
export type Order = typeof orders.$inferSelect;
export type OrderPatch = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status' | 'userId' | 'createdAt'>>;

/**
 * The order state machine: a status may only move along these edges; every move is one conditional UPDATE plus its
 * order_events row, in one transaction. docs/architecture.md and docs/product.md §4 draw the same edges, and
 * state-machine-docs.test.ts fails when they, or this list, differ from the table.
 *
 *   created ─► authorised                 payment held for the order total in USD, within the daily limit
 *   created ─► expired                    not paid within 30 minutes
 *   created ─► declined                   its payment declined, and not paid with another card within 30 minutes
 *   created ─► canceled                   payment cancelled, not matching the order, or past the daily limit
 *   authorised ─► delivering              claimed once, the top-up is sent
 *   authorised ─► canceled                authorisation lost, held 24 h without a send, or destination switched off; released
 *   authorised ─► in_review               a risk rule holds it for a person (ADR 046); nothing is sent
 *   in_review ─► delivering               a person approves it; the top-up is sent now
 *   in_review ─► canceled                 a person rejects it, or the review window ends; released
 *   delivering ─► delivered               SUCCESSFUL
 *   delivering ─► delivery_pending        PROCESSING, or no answer that can be read
 *   delivering ─► delivery_failed         FAILED, REFUNDED or refused by the provider
 *   delivery_pending ─► delivered         looked up, SUCCESSFUL
 *   delivery_pending ─► delivery_failed   looked up, FAILED or REFUNDED
 *   delivery_pending ─► delivering        still unknown to the provider 2 minutes on, sent again
 *   delivery_pending ─► canceled          a person settles an outcome still unknown at 24 h, never automatic
 *   delivered ─► completed                payment captured
 *   delivered ─► capture_failed           capture refused
 *   capture_failed ─► completed           capture retried
 *   delivery_failed ─► canceled           hold released
 *   completed ─► refunding                a person refunds it; claimed once, the refund is asked for
 *   refunding ─► refunded                 the provider made the refund
 *   refunding ─► refund_failed            the provider refused the refund
 *   refund_failed ─► refunding            the refund is asked for again
 *
 * refunded, canceled, expired and declined are final; completed stays so unless a person refunds it.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  created: ['authorised', 'expired', 'declined', 'canceled'],
  authorised: ['delivering', 'canceled', 'in_review'],
  in_review: ['delivering', 'canceled'],
  delivering: ['delivered', 'delivery_pending', 'delivery_failed'],
  delivery_pending: ['delivered', 'delivery_failed', 'delivering', 'canceled'],
  delivered: ['completed', 'capture_failed'],
  capture_failed: ['completed'],
  delivery_failed: ['canceled'],
  completed: ['refunding'],
  refunding: ['refunded', 'refund_failed'],
  refund_failed: ['refunding'],
  refunded: [],
  canceled: [],
  expired: [],
  declined: [],
};

/** Statuses in which the customer's card holds (or has paid) money for the order. */
export const MONEY_HELD_STATUSES: readonly OrderStatus[] = [
  'authorised',
  'in_review',
  'delivering',
  'delivery_pending',
  'delivered',
  'capture_failed',
];
export const FINAL_STATUSES: readonly OrderStatus[] = ['refunded', 'canceled', 'expired', 'declined'];
/** Statuses the order code moves no further by itself: the final ones, and completed (only a person refunds it). */
export const SETTLED_STATUSES: readonly OrderStatus[] = ['completed', ...FINAL_STATUSES];
/** Statuses in which the customer has paid for the order and has not been given the money back. */
export const PAID_STATUSES: readonly OrderStatus[] = ['completed', 'refunding', 'refund_failed'];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

export class IllegalTransitionError extends Error {
  override name = 'IllegalTransitionError';
}

/** Who moved the order; 'admin' is a person in the operations console (the event also names them, as actor_id). */
export type EventSource = 'browser' | 'webhook' | 'reconciler' | 'checkout' | 'admin';

export interface TransitionRequest {
  orderId: string;
  /** The statuses the order may be in for this move; it is made only if the order is still in one of them. */
  from: readonly OrderStatus[];
  to: OrderStatus;
  source: EventSource;
  /** For source 'admin': the admin's user id, kept on the event. */
  actorId?: string;
  patch?: OrderPatch;
  detail?: Record<string, unknown>;
  now: Date;
  /** A further condition on the order row (as `orders`) for the move to be made, checked under the row's lock. */
  guard?: SQL | PreparedGuard;
  /**
   * A status the order passes through on its way to `to`, in the same statement: both edges must exist, and both moves
   * are recorded (from → via with `via.detail`, via → to with `detail`), as two moves made one after the other would be.
   */
  via?: { status: OrderStatus; detail?: Record<string, unknown> };
}

/**
 * Moves an order from one of `from` to `to` and records the event, atomically. Returns the updated order, or null
 * when the order was no longer in one of `from` (someone else moved it first) or the guard did not hold: the caller
 * then reads what happened.
 * One statement, so one round trip: it locks the row, makes the conditional UPDATE and inserts the event, all or nothing.
 */
export async function transition(db: Database, request: TransitionRequest): Promise<Order | null> {
  const via = request.via?.status;
  for (const from of request.from) {
    const legal = via ? canTransition(from, via) && canTransition(via, request.to) : canTransition(from, request.to);
    if (!legal) throw new IllegalTransitionError(`An order cannot go from ${from} to ${via ? `${via} then ` : ''}${request.to}`);
  }
  return changeOrder(db, request, request.to);
}

export interface AttentionRequest extends Omit<TransitionRequest, 'to' | 'guard'> {
  /** What a person must look at, in a sentence; kept on the order and in its event. */
  reason: string;
}

/**
 * Puts an order in front of a person without moving it: the reason and its time are kept on the order (the
 * operations console lists such orders) and written to order_events like a move, in the same statement. Null when the
 * order was no longer in one of `from`.
 */
export function flagForAttention(db: Database, request: AttentionRequest): Promise<Order | null> {
  const patch: OrderPatch = { ...request.patch, attentionReason: request.reason, attentionSince: request.now };
  return changeOrder(db, { ...request, patch, detail: { ...request.detail, attention: request.reason } }, null);
}

/**
 * A guard (TransitionRequest.guard) a prepared statement can hold: `build` gives its SQL once, with placeholders
 * (`sql.placeholder`) for `values`, which are in the driver's form; `name` stands for that SQL, so one name must
 * always build the same SQL. A guard given as plain SQL is built into its statement on every call.
 */
export interface PreparedGuard {
  name: string;
  build: () => SQL;
  values: Record<string, unknown>;
}

/** A changed order's row as the statement returns it (the database's column names), with the status it had. */
interface ChangedRow {
  previous_status: OrderStatus;
  [column: string]: unknown;
}

/** What fixes the text of an order change's statement; its values are the statement's parameters. */
interface ChangeShape {
  to: OrderStatus | null;
  /** The order columns set, by their keys in `orders`, sorted. */
  keys: string[];
  via: boolean;
}

/**
 * An order change's statement (see changeOrder), its values given by `value(name)`: the statement's placeholders for a
 * prepared one, or parameters. Values are in the driver's form and cast here.
 */
function changeStatement({ to, keys, via }: ChangeShape, value: (name: string) => SQLChunk, guard?: SQL): SQL {
  const columns = getTableColumns(orders);
  const assignments = keys.map((key) => {
    const column = columns[key as keyof typeof columns];
    return sql`${sql.identifier(column.name)} = ${value(`set.${key}`)}::${sql.raw(column.getSQLType())}`;
  });
  const now = sql`${value('now')}::timestamptz`;
  const event = (from: SQL, toStatus: SQL, detail: string) =>
    sql`select id, ${from}, ${toStatus}, ${value('source')}::text, ${value('actorId')}::text, ${value(detail)}::jsonb, ${now} from moved`;
  const events = via
    ? sql`${event(sql`previous_status`, sql`${value('viaStatus')}::text`, 'viaDetail')} union all ${event(sql`${value('viaStatus')}::text`, sql`status`, 'detail')}`
    : event(sql`previous_status`, sql`status`, 'detail');
  return sql`
    with previous as (
      select id, status from orders
      where id = ${value('orderId')}::uuid and status = any(${value('from')}::text[])
        ${guard ? sql`and ${guard}` : sql``}
      for update
    ), moved as (
      update orders set ${sql.join(assignments, sql`, `)}
      -- previous holds the row's lock, so its status is the one this changes. No test of orders.status here: when
      -- another move committed after this statement began, the row this UPDATE reads is the older version, and a
      -- test of its status would drop the change (a dispute's flag lost to the move to completed).
      from previous where orders.id = previous.id
      returning orders.*, previous.status as previous_status
    ), recorded as (
      insert into order_events (order_id, from_status, to_status, source, actor_id, detail, created_at)
      ${events}
    )${sql.join(
      followUps(to, sql`moved`, now).map((statement) => sql`, ${statement}`),
      sql``,
    )}
    select * from moved`;
}

/** The prepared statement of each shape of change (with its prepared guard, if any) met so far: their text is built once. */
const preparedChanges = new Map<string, ReturnType<typeof preparedStatement<ChangedRow>>>();

function preparedChange(shape: ChangeShape, guard?: PreparedGuard) {
  const key = `${shape.to}|${shape.via}|${shape.keys.join(',')}|${guard?.name ?? ''}`;
  let prepared = preparedChanges.get(key);
  if (!prepared) {
    prepared = preparedStatement<ChangedRow>(`order_change_${preparedChanges.size + 1}`, () =>
      changeStatement(shape, (name) => sql.placeholder(name), guard?.build()),
    );
    preparedChanges.set(key, prepared);
  }
  return prepared;
}

/**
 * One conditional change of an order and its event rows, in one statement; `to` null keeps the status. The statement
 * is prepared once per shape (the columns it sets, its target, a passing status, its prepared guard); a guard given as
 * plain SQL is built into it each time.
 */
async function changeOrder(db: Database, request: Omit<TransitionRequest, 'to'>, to: OrderStatus | null): Promise<Order | null> {
  const { via } = request;
  const changes: Record<string, unknown> = { ...request.patch, ...(to ? { status: to } : {}), updatedAt: request.now };
  const keys = Object.keys(changes)
    .filter((key) => changes[key] !== undefined)
    .sort();
  const set = driverValues(orders, Object.fromEntries(keys.map((key) => [key, changes[key]])));
  const values: Record<string, unknown> = {
    ...Object.fromEntries(keys.map((key) => [`set.${key}`, set[key]])),
    orderId: request.orderId,
    from: [...request.from],
    source: request.source,
    actorId: request.actorId ?? null,
    viaStatus: via?.status ?? null,
    viaDetail: via?.detail === undefined ? null : JSON.stringify(via.detail),
    detail: request.detail === undefined ? null : JSON.stringify(request.detail),
    now: request.now.toISOString(),
  };
  const shape: ChangeShape = { to, keys, via: Boolean(via) };
  const { guard } = request;
  const [row] = is(guard, SQL)
    ? await rowsOf<ChangedRow>(
        db,
        changeStatement(shape, (name) => sql.param(values[name]), guard),
      )
    : await preparedChange(shape, guard)(db, guard ? { ...values, ...guard.values } : values);
  if (!row) return null;
  const order = toOrder(row);
  if (to && via) {
    countMove(row.previous_status, { ...order, status: via.status });
    countMove(via.status, order);
  } else if (to) {
    countMove(row.previous_status, order);
  }
  if (to && queuesReceipt(to, row.previous_status)) announceReceiptQueued(db);
  return order;
}

/** The move's metrics: one count by from/to, and the time since the authorisation when it delivered or captured. */
function countMove(from: OrderStatus, order: Pick<Order, 'status' | 'authorisedAt' | 'updatedAt'>) {
  orderTransitions.inc({ from, to: order.status });
  if (!order.authorisedAt) return;
  const sinceAuthorisation = (order.updatedAt.getTime() - order.authorisedAt.getTime()) / 1000;
  if (order.status === 'delivered') authorisationToDelivery.observe(sinceAuthorisation);
  if (order.status === 'completed') authorisationToCapture.observe(sinceAuthorisation);
}

/** What a checkout sets on a new order; the other columns take their defaults. */
const NEW_ORDER_COLUMNS = [
  'id',
  'userId',
  'orderKey',
  'reference',
  'status',
  'operatorId',
  'operatorName',
  'detectedOperatorId',
  'countryIso',
  'recipientPhone',
  'amountCents',
  'percentageFeeCents',
  'promoCodeId',
  'discountCents',
  'creditUsedCents',
  'welcomeReferralId',
  'standardFeeCents',
  'totalCents',
  'localAmount',
  'planDescription',
  'destinationCurrencyCode',
  'receiptEmail',
  'paymentProvider',
  'paymentId',
  'customIdentifier',
  'nextCheckAt',
  'createdAt',
  'updatedAt',
] as const;
type NewOrderColumns = Required<Pick<typeof orders.$inferInsert, (typeof NEW_ORDER_COLUMNS)[number]>>;
/** A new order's values; its reference is drawn by insertOrder. */
export type NewOrder = Omit<NewOrderColumns, 'reference' | PromoColumns> &
  Partial<Pick<NewOrderColumns, PromoColumns>> & { status: 'created'; createdAt: Date };
/** A promo code's (ADR 067) and refer a friend's (ADR 070): none unless the checkout used one. */
type PromoColumns = 'promoCodeId' | 'discountCents' | 'creditUsedCents' | 'welcomeReferralId';
const NO_PROMO = { promoCodeId: null, discountCents: 0, creditUsedCents: 0, welcomeReferralId: null } satisfies Pick<NewOrderColumns, PromoColumns>;

/** insertOrder's statement, prepared once per database (every checkout makes one). */
const insertOrderStatement = preparedStatement('order_insert', () => {
  const values = placeholdersFor(NEW_ORDER_COLUMNS);
  const accountOpen = sql`exists (select 1 from ${user} where ${user.id} = ${values.userId} and ${user.deletedAt} is null for key share)`;
  return sql`
    with inserted as (
      ${insertWhere(orders, values as unknown as typeof orders.$inferInsert, accountOpen)}
      on conflict (user_id, order_key) do nothing
      returning *
    ), recorded as (
      insert into order_events (order_id, from_status, to_status, source, created_at)
      select id, null, status, 'checkout', created_at from inserted
    )
    select * from inserted`;
});

/**
 * Inserts a new order in `created` with its first event, in one statement. Returns null when the user already has an
 * order with this order key (a retried click that lost the race): the caller reads that one. Returns null as well when
 * the account was deleted meanwhile: the insert takes a key-share lock on the user row, so it waits for a deletion in
 * progress (account/personal-data.ts locks the row) and then sees its deleted_at; the caller then finds no order.
 */
export async function insertOrder(db: Database, values: NewOrder, drawReference: () => string = newOrderReference): Promise<Order | null> {
  // Two orders drawing the same reference is rare (1 in 2^40 per pair) but possible: the unique index refuses the
  // second, which draws again.
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [row] = await insertOrderStatement(db, driverValues(orders, { ...NO_PROMO, ...values, reference: drawReference() }));
      if (!row) return null;
      orderTransitions.inc({ from: 'none', to: 'created' });
      return toOrder(row);
    } catch (error) {
      if (attempt >= REFERENCE_ATTEMPTS || !isReferenceClash(error)) throw error;
    }
  }
}

const REFERENCE_ATTEMPTS = 5;

/** A new order's reference, GT-XXXX-XXXX, from 8 random bytes of node:crypto (ADR 057). */
export const newOrderReference = () => referenceFromBytes(randomBytes(8));

function isReferenceClash(error: unknown): boolean {
  for (
    let current = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (current.code === '23505')
      return current.constraint === 'orders_reference_unique' || String((current as Error).message).includes('orders_reference_unique');
  }
  return false;
}

const toOrder = (row: Record<string, unknown>): Order => rowOf(orders, row);
