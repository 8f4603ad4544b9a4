import { and, eq, type SQL, sql } from 'drizzle-orm';
import { failureOf } from '../../shared/api/failure-reasons';
import { orders } from '../db/schema';
import { PaymentProviderError, type PaymentIntent } from '../payments/provider';
import { TopupProviderError, type TopupResult } from '../topups/provider';
import { recipientNotRecentlyToppedUp, withinAuthorisationLimits } from './limits';
import { createRefunds } from './refunds';
import type { OrderServices } from './services';
import {
  flagForAttention,
  transition,
  type EventSource,
  type Order,
  type OrderPatch,
  type OrderStatus,
  type PreparedGuard,
  type TransitionRequest,
} from './state-machine';
import { UUID } from '../db/ids';

/** When the reconciler looks again at an order in each unfinished status (a crash between two steps leaves it there). */
export const CHECK_DELAYS_MS = {
  /** A claim older than this without an outcome means the process died mid-call: the outcome is looked up. */
  delivering: 2 * 60 * 1000,
  processing: 10 * 1000,
  unknownOutcome: 30 * 1000,
  afterStep: 60 * 1000,
} as const;

/** What the browser's top-up call says of the order it paid for (fulfilJustAuthorised). */
export interface JustAuthorisedRequest {
  paymentIntentId: string;
  userId: string;
  /** The country and operator the call names: the order's must be these, and they must still be served. */
  destination: { countryIso: string; operatorId: number };
  /** The amount the call names, when it names one: the order's must be this. */
  amountCents?: number;
  /** The stored numbers the call's number may stand for (storedNumbersMatching), when it names one. */
  recipientPhones?: readonly string[];
}

/** Card authorisations are never held longer than this (ARCHITECTURE.md invariant 3; Stripe's own lapse is 7 days). */
export const MAX_AUTHORISATION_MS = 24 * 60 * 60 * 1000;
/** An unknown delivery outcome that the provider has no record of is sent again only after this long. */
export const RESEND_AFTER_MS = 2 * 60 * 1000;
/** How often an order waiting for a person is still looked up, in case the provider's answer arrives after all. */
export const ATTENTION_RECHECK_MS = 60 * 60 * 1000;
/**
 * After a person releases the hold of an order whose top-up was sent, its top-up is still looked up for this long:
 * one that turns up delivered after all is a late delivery, which a person settles.
 */
export const LATE_DELIVERY_WATCH_MS = 7 * 24 * 60 * 60 * 1000;

/** Why an order waits for a person (ADR 007); the operations console shows these. */
export const ATTENTION_REASONS = {
  outcomeUnknownAtLimit: 'The top-up outcome is still unknown at the authorisation limit; the hold is kept until a person settles it.',
  amountMismatch: 'The top-up provider reports another amount or currency than we sent; nothing is captured until a person checks it.',
  holdLapsed: 'The payment hold ended before the delivered top-up could be captured; the customer was not charged.',
  unknownTransaction: 'The top-up provider no longer knows a transaction it gave us; it is not sent again until a person checks it.',
  lateDelivery: 'The top-up was delivered after its payment hold had been released; the customer was not charged.',
  destinationUnavailable:
    'The top-up never reached the provider, and its country or operator has since been switched off or blocked: it is not sent again until a person settles it.',
} as const;

/** The order's payment is not (or no longer) authorised: nothing is delivered. */
export class PaymentNotAuthorisedError extends Error {
  override name = 'PaymentNotAuthorisedError';
  constructor(readonly intentStatus: string) {
    super(
      intentStatus === 'canceled'
        ? 'This payment was cancelled. Nothing was charged; please start a new top-up.'
        : 'The payment has not been authorised yet. Please complete the payment first.',
    );
  }
}

type DeliveryOutcome =
  { kind: 'result'; result: TopupResult } | { kind: 'rejected'; code: string; message: string } | { kind: 'unknown'; reason: string };

const later = (services: OrderServices, ms: number) => new Date(services.now().getTime() + ms);

/**
 * How the provider's report of a delivered top-up differs from what we sent (the amount in USD), or null when it
 * agrees or does not say. A different amount or currency means our wallet paid something else: a person checks.
 */
export function amountMismatch(
  order: Pick<Order, 'amountCents'>,
  result: Pick<TopupResult, 'requestedAmount' | 'requestedAmountCurrencyCode'>,
): string | null {
  const currency = result.requestedAmountCurrencyCode;
  if (currency !== null && currency.toUpperCase() !== 'USD') return `requested in ${currency}, not USD`;
  if (result.requestedAmount !== null && Math.round(result.requestedAmount * 100) !== order.amountCents) {
    return `requested ${result.requestedAmount} instead of ${(order.amountCents / 100).toFixed(2)}`;
  }
  return null;
}

/**
 * Moves orders forward — verify the authorisation, deliver once, then capture or release — from whatever status a
 * previous step (or crash) left them in. The browser's top-up call, the payment webhook and the reconciler all end
 * here, so whichever comes second finds the recorded result. Calls for one order in this process share one run.
 */
export function createFulfilment(services: OrderServices) {
  const { db, payments, topups } = services;
  const refunds = createRefunds(services);
  const running = new Map<string, Promise<Order>>();

  function once(orderId: string, work: () => Promise<Order>): Promise<Order> {
    const current = running.get(orderId);
    if (current) return current;
    const run = work().finally(() => running.delete(orderId));
    running.set(orderId, run);
    return run;
  }

  async function load(orderId: string): Promise<Order> {
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error(`Order ${orderId} not found`);
    return order;
  }

  /** One move of the order along the state machine, stamped with the current time; null when someone moved it first. */
  function move(
    order: Order,
    to: OrderStatus,
    from: readonly OrderStatus[],
    source: EventSource,
    patch?: OrderPatch,
    detail?: Record<string, unknown>,
    guard?: SQL | PreparedGuard,
    via?: TransitionRequest['via'],
  ) {
    return transition(db, { orderId: order.id, from, to, source, patch, detail, guard, via, now: services.now() });
  }

  /** Ends an order that was never charged (the payment was refused, cancelled or lost) with the reason the user sees. */
  async function closeUncharged(
    order: Order,
    from: OrderStatus,
    source: EventSource,
    failure: { code: string; message: string },
    detail: Record<string, unknown>,
  ) {
    const patch = { failureCode: failure.code, failureMessage: failure.message, finishedAt: services.now(), nextCheckAt: null };
    return orReload(await move(order, 'canceled', [from], source, patch, detail), order.id);
  }

  /** Changes when (and how often) the order is looked at, or what it knows, without a change of status; answers it as stored. */
  async function reschedule(order: Order, patch: OrderPatch): Promise<Order> {
    const [updated] = await db.update(orders).set(patch).where(eq(orders.id, order.id)).returning();
    return updated ?? load(order.id);
  }

  /** After a failed provider call: looked at again in one minute, doubling with each attempt, at most every hour. */
  const retryLater = (order: Order): OrderPatch => ({
    nextCheckAt: later(services, Math.min(CHECK_DELAYS_MS.afterStep * 2 ** order.checkAttempts, 60 * 60 * 1000)),
    checkAttempts: order.checkAttempts + 1,
  });

  /** Reads what another caller recorded when our conditional update found the order already moved. */
  const orReload = async (moved: Order | null, orderId: string) => moved ?? load(orderId);

  function authorisationProblem(order: Order, intent: PaymentIntent): string | null {
    if (intent.id !== order.paymentIntentId) return 'the intent is not this order’s';
    if (intent.metadata.orderId !== order.id || intent.metadata.userId !== order.userId) return 'the intent belongs to another order';
    if (intent.amount !== order.totalCents) return `the authorised amount ${intent.amount} differs from the total ${order.totalCents}`;
    if (intent.currency.toLowerCase() !== 'usd') return `the currency ${intent.currency} is not USD`;
    return null;
  }

  /** Orders that this process's own statement authorised and claimed for delivery together (verifyAuthorisation). */
  const claimedWithAuthorisation = new WeakSet<Order>();

  /**
   * created → authorised when the provider says requires_capture for exactly this order's total in USD. With `claim`,
   * the same statement also claims it for delivery (authorised → delivering, the move deliver() would make next, one
   * round trip sooner); the order it answers is then in claimedWithAuthorisation, and its top-up is this call's to send.
   */
  async function verifyAuthorisation(order: Order, source: EventSource, claim: boolean): Promise<Order> {
    if (!order.paymentIntentId) throw new PaymentNotAuthorisedError('requires_payment_method');
    const intent = await payments.retrievePaymentIntent(order.paymentIntentId);
    const problem = authorisationProblem(order, intent);
    if (problem) {
      services.log.error({ orderId: order.id, paymentIntentId: intent.id, problem }, 'payment authorisation does not match the order');
      if (intent.status === 'requires_capture') await releaseQuietly(intent.id, order.id);
      return closeUncharged(order, 'created', source, failureOf('AUTHORISATION_MISMATCH'), { problem });
    }
    if (intent.status === 'canceled') {
      const failure = failureOf('PAYMENT_CANCELED');
      return closeUncharged(order, 'created', source, failure, { cancellationReason: intent.cancellationReason });
    }
    if (intent.status !== 'requires_capture') {
      // Captured or released meanwhile by another instance that fulfilled the order: its record is the answer.
      const current = await load(order.id);
      if (current.status !== 'created') return current;
      throw new PaymentNotAuthorisedError(intent.status);
    }
    const authorisation = { paymentIntentId: intent.id, amount: intent.amount };
    const guard = withinAuthorisationLimits(services.now(), services.limits.defaults);
    const authorised = claim
      ? await authoriseAndClaim(order.id, intent, source, guard)
      : await move(
          order,
          'authorised',
          ['created'],
          source,
          { authorisedAt: services.now(), nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep) },
          authorisation,
          guard,
        );
    if (authorised && claim) claimedWithAuthorisation.add(authorised);
    if (authorised) return authorised;
    const current = await load(order.id);
    if (current.status !== 'created') return current;
    // Still created: the move was refused by a guard, not made by another caller. Which one tells the customer why.
    const [numberFree] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, order.id), recipientNotRecentlyToppedUp(services.now(), services.limits.defaults)));
    return numberFree ? refuseOverLimit(current, source) : refuseRecentlyToppedUp(current, source);
  }

  /**
   * created → authorised → delivering in one statement, for the intent's authorisation, when `guard` (the limits, and
   * whatever else the caller asks of the order row) holds; null when it does not, or the order was not created.
   */
  function authoriseAndClaim(orderId: string, intent: PaymentIntent, source: EventSource, guard: PreparedGuard) {
    return transition(db, {
      orderId,
      from: ['created'],
      to: 'delivering',
      source,
      patch: { authorisedAt: services.now(), claimedAt: services.now(), nextCheckAt: later(services, CHECK_DELAYS_MS.delivering) },
      guard,
      via: { status: 'authorised', detail: { paymentIntentId: intent.id, amount: intent.amount } },
      now: services.now(),
    });
  }

  /**
   * fulfilJustAuthorised's guard: the row is this user's order of this intent, for the intent's amount, with what the
   * call names, within the authorisation limits. Prepared: one SQL per combination of the details the call names.
   */
  function justAuthorisedGuard(request: JustAuthorisedRequest, intent: PaymentIntent): PreparedGuard {
    const limits = withinAuthorisationLimits(services.now(), services.limits.defaults);
    const named = (key: string) => sql.placeholder(`claim.${key}`);
    const withAmount = request.amountCents !== undefined;
    const withPhones = request.recipientPhones !== undefined;
    return {
      name: `just-authorised${withAmount ? '+amount' : ''}${withPhones ? '+phone' : ''}+${limits.name}`,
      build: () =>
        and(
          eq(orders.userId, named('userId')),
          eq(orders.paymentIntentId, named('paymentIntentId')),
          eq(orders.totalCents, named('totalCents')),
          eq(orders.countryIso, named('countryIso')),
          eq(orders.operatorId, named('operatorId')),
          withAmount ? eq(orders.amountCents, named('amountCents')) : undefined,
          withPhones ? sql`${orders.recipientPhone} = any(${named('recipientPhones')}::text[])` : undefined,
          limits.build(),
        )!,
      values: {
        ...limits.values,
        'claim.userId': request.userId,
        'claim.paymentIntentId': intent.id,
        'claim.totalCents': intent.amount,
        'claim.countryIso': request.destination.countryIso,
        'claim.operatorId': request.destination.operatorId,
        'claim.amountCents': request.amountCents,
        'claim.recipientPhones': request.recipientPhones && [...request.recipientPhones],
      },
    };
  }

  /**
   * The browser's top-up call right after its payment was authorised, without reading the order first: the provider's
   * intent names the order (its metadata), and one statement authorises and claims it only if the row is this user's
   * order of this intent, for the intent's amount, matching what the browser repeats, within the limits.
   * Then its top-up is sent and its payment settled as fulfil() would. Null when anything else holds (an intent not
   * authorised, of another user, unreadable; an order already moved, a request that differs, a limit reached, a
   * destination switched off, a move of this order under way here): the caller then takes fulfil()'s way, which reads
   * the order and says why.
   */
  async function fulfilJustAuthorised(request: JustAuthorisedRequest): Promise<Order | null> {
    let intent: PaymentIntent;
    try {
      intent = await payments.retrievePaymentIntent(request.paymentIntentId);
    } catch {
      return null;
    }
    const { orderId, userId } = intent.metadata;
    if (
      !orderId ||
      !UUID.test(orderId) ||
      userId !== request.userId ||
      intent.status !== 'requires_capture' ||
      intent.currency.toLowerCase() !== 'usd'
    )
      return null;
    const { countryIso, operatorId } = request.destination;
    if ((await services.destinations.refusal(countryIso, operatorId)) !== null || running.has(orderId)) return null;
    const work = (async () => {
      const claimed = await authoriseAndClaim(orderId, intent, 'browser', justAuthorisedGuard(request, intent));
      return claimed && recordOutcome(claimed, await send(claimed), 'browser');
    })();
    // Another move of this order in this process meanwhile waits for this one, as once() makes it.
    const tracked = work.then((order) => order ?? load(orderId));
    tracked.catch(() => undefined);
    running.set(orderId, tracked);
    try {
      return await work;
    } finally {
      running.delete(orderId);
    }
  }

  /** Another order for the same number was paid within the wait between top-ups: this one is released before anything is sent. */
  async function refuseRecentlyToppedUp(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-recently-topped-up`, 'abandoned'))) return load(order.id);
    const { recipientCooldownMinutes } = await services.limits.current();
    const failure = failureOf('RECIPIENT_RECENTLY_TOPPED_UP');
    return closeUncharged(order, 'created', source, failure, { recipientCooldownMinutes });
  }

  /**
   * A payment authorised for an order that no longer fits under the user's 24-hour cap (other checkouts started
   * alongside it were paid first): the hold is released and the order closed, nothing delivered or charged. Should
   * the release fail, the order stays unpaid for the reconciler, which cancels the intent at the latest when the
   * payment window closes.
   */
  async function refuseOverLimit(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-over-limit`, 'abandoned'))) return load(order.id);
    const failure = failureOf('DAILY_LIMIT_REACHED');
    return closeUncharged(order, 'created', source, failure, { dailySpendLimitCents: (await services.limits.current()).dailySpendLimitCents });
  }

  /** Cancels the order's authorisation; true when it is released (or was already), false after logging a failure. */
  async function cancelHold(order: Order, idempotencyKey: string, reason: 'abandoned'): Promise<boolean> {
    try {
      await payments.cancelPaymentIntent(order.paymentIntentId!, { idempotencyKey, reason });
      return true;
    } catch (error) {
      if (error instanceof PaymentProviderError && error.paymentIntentStatus === 'canceled') return true;
      services.log.error({ orderId: order.id, paymentIntentId: order.paymentIntentId, err: error }, 'could not release the payment authorisation');
      return false;
    }
  }

  /** Before delivering an order authorised earlier (not in this call), the hold must still be there. */
  async function stillAuthorised(order: Order, source: EventSource): Promise<Order> {
    const intent = await payments.retrievePaymentIntent(order.paymentIntentId!);
    if (intent.status === 'requires_capture' && !authorisationProblem(order, intent)) return order;
    const closed = await closeUncharged(order, 'authorised', source, failureOf('AUTHORISATION_LOST'), { intentStatus: intent.status });
    // Released only when this call closed the order: one moved on meanwhile is being delivered against that hold.
    if (closed.status === 'canceled' && closed.failureCode === 'AUTHORISATION_LOST' && intent.status === 'requires_capture') {
      await releaseQuietly(intent.id, order.id);
    }
    return closed;
  }

  /** Puts the order in front of a person (once; later calls keep the first reason) and stops automatic steps. */
  async function needsPerson(
    order: Order,
    source: EventSource,
    reason: string,
    patch: OrderPatch = {},
    detail?: Record<string, unknown>,
  ): Promise<Order> {
    if (order.attentionReason) return reschedule(order, patch);
    services.log.error({ orderId: order.id, status: order.status, reason, ...detail }, 'an order needs a person');
    const flagged = await flagForAttention(db, {
      orderId: order.id,
      from: [order.status as OrderStatus],
      source,
      reason,
      patch,
      detail,
      now: services.now(),
    });
    return orReload(flagged, order.id);
  }

  async function send(order: Order): Promise<DeliveryOutcome> {
    try {
      const result = await topups.sendTopup({
        operatorId: order.operatorId,
        amount: order.amountCents / 100,
        useLocalAmount: false,
        customIdentifier: order.customIdentifier,
        recipientPhone: { countryCode: order.countryIso, number: order.recipientPhone },
      });
      return { kind: 'result', result };
    } catch (error) {
      // Only the provider's word that it made nothing releases the payment; every other failure (an answer we cannot
      // read, a 5xx, a timeout, CUSTOM_IDENTIFIER_ALREADY_USED…) may hide a top-up that went out, so it is looked up.
      if (error instanceof TopupProviderError && error.notSent) {
        return { kind: 'rejected', code: error.code, message: error.message };
      }
      services.log.warn({ orderId: order.id, err: error }, 'top-up outcome unknown; it will be looked up');
      return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * A paid order whose country or operator was switched off (or blocked) after checkout: nothing is sent, the hold is
   * released and the order closed uncharged. Should the release fail, the order stays authorised for the reconciler.
   */
  async function refuseDestination(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-destination`, 'abandoned'))) return reschedule(order, retryLater(order));
    const failure = failureOf('DESTINATION_UNAVAILABLE');
    return closeUncharged(order, 'authorised', source, failure, { countryIso: order.countryIso, operatorId: order.operatorId });
  }

  /** Whether the catalogue's switches still let the order's top-up go out (checked before every send). */
  const destinationServed = async (order: Order) => (await services.destinations.refusal(order.countryIso, order.operatorId)) === null;

  /** authorised → delivering with one conditional update: only one caller ever sends the top-up. */
  async function deliver(order: Order, source: EventSource): Promise<Order> {
    if (!(await destinationServed(order))) return refuseDestination(order, source);
    const claimed = await move(order, 'delivering', ['authorised'], source, {
      claimedAt: services.now(),
      nextCheckAt: later(services, CHECK_DELAYS_MS.delivering),
    });
    if (!claimed) return load(order.id);
    return recordOutcome(claimed, await send(claimed), source);
  }

  /** Applies a delivery outcome to an order in delivering or delivery_pending. */
  async function recordOutcome(order: Order, outcome: DeliveryOutcome, source: EventSource): Promise<Order> {
    const from: OrderStatus[] = ['delivering', 'delivery_pending'];
    if (outcome.kind === 'unknown') {
      const pending = await move(
        order,
        'delivery_pending',
        ['delivering'],
        source,
        { nextCheckAt: later(services, CHECK_DELAYS_MS.unknownOutcome) },
        { outcome: 'unknown', reason: outcome.reason },
      );
      return orReload(pending, order.id);
    }
    if (outcome.kind === 'rejected') {
      const failed = await move(
        order,
        'delivery_failed',
        from,
        source,
        { failureCode: outcome.code, failureMessage: outcome.message, nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep) },
        { rejected: outcome.code },
      );
      return failed ? release(failed, source) : load(order.id);
    }
    const { result } = outcome;
    const transaction = transactionFacts(order, result);
    switch (result.status) {
      case 'SUCCESSFUL': {
        const mismatch = amountMismatch(order, result);
        const deliveredPatch = { ...transaction, deliveredAt: services.now() };
        if (!mismatch) return captureDelivery(order, source, deliveredPatch, { transactionId: result.transactionId });
        const delivered = await move(
          order,
          'delivered',
          from,
          source,
          { ...deliveredPatch, nextCheckAt: null },
          { transactionId: result.transactionId, mismatch },
        );
        if (!delivered) return load(order.id);
        return needsPerson(delivered, source, ATTENTION_REASONS.amountMismatch, {}, { mismatch });
      }
      case 'PROCESSING':
      case 'UNKNOWN': {
        if (order.status === 'delivery_pending') {
          return reschedule(order, { ...transaction, nextCheckAt: later(services, CHECK_DELAYS_MS.processing) });
        }
        const pending = await move(
          order,
          'delivery_pending',
          ['delivering'],
          source,
          { ...transaction, nextCheckAt: later(services, CHECK_DELAYS_MS.processing) },
          { transactionId: result.transactionId, outcome: result.status },
        );
        return orReload(pending, order.id);
      }
      case 'FAILED':
      case 'REFUNDED': {
        const failure = failureOf(result.status === 'REFUNDED' ? 'TOPUP_REFUNDED' : 'TOPUP_FAILED');
        const failed = await move(
          order,
          'delivery_failed',
          from,
          source,
          {
            ...transaction,
            failureCode: failure.code,
            failureMessage: failure.message,
            nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep),
          },
          { transactionId: result.transactionId, outcome: result.status },
        );
        return failed ? release(failed, source) : load(order.id);
      }
    }
  }

  /**
   * What the provider's answer tells about the transaction, kept on the order: ids, what was delivered, the wallet
   * after it, and a PIN product's PIN (sealed). Fields the answer leaves out keep what an earlier answer said.
   */
  function transactionFacts(order: Order, result: TopupResult): OrderPatch {
    reportWallet(order, result);
    const known = <T>(value: T | null, text: (value: T) => string = String) => (value === null ? undefined : text(value));
    return {
      topupTransactionId: known(result.transactionId),
      operatorTransactionId: known(result.operatorTransactionId),
      deliveredAmount: known(result.deliveredAmount),
      deliveredCurrencyCode: known(result.deliveredAmountCurrencyCode),
      transactionDate: known(result.transactionDate),
      providerDiscount: known(result.discount),
      providerDiscountCurrencyCode: known(result.discountCurrencyCode),
      walletBalanceAfter: known(result.balance?.newBalance ?? null),
      walletCurrencyCode: known(result.balance?.currencyCode ?? null),
      pinDetailEncrypted: known(result.pin, (pin) => services.pinVault.seal(pin)),
    };
  }

  /** Logs the provider's wallet after a top-up, with a warning under the configured low balance. */
  function reportWallet(order: Order, result: TopupResult) {
    if (!result.balance) return;
    const { newBalance, currencyCode } = result.balance;
    const detail = { orderId: order.id, walletBalance: newBalance, walletCurrency: currencyCode };
    if (services.lowWalletBalance !== null && newBalance < services.lowWalletBalance) {
      services.log.warn({ ...detail, lowBalance: services.lowWalletBalance }, 'the top-up wallet balance is low');
    } else {
      services.log.info(detail, 'top-up wallet balance');
    }
  }

  /**
   * Captures the order's hold: null once it is captured (by this call, or before it: a capture retried after a crash
   * is answered as already made), else the provider's refusal.
   */
  async function captureHold(order: Order): Promise<unknown> {
    try {
      await payments.capturePaymentIntent(order.paymentIntentId!, { idempotencyKey: `capture-${order.id}-${order.checkAttempts}` });
      return null;
    } catch (error) {
      return error instanceof PaymentProviderError && error.paymentIntentStatus === 'succeeded' ? null : error;
    }
  }

  /** A delivered order whose capture was refused: a lapsed hold goes to a person, any other refusal is retried. */
  function afterRefusedCapture(order: Order, source: EventSource, refusal: unknown): Promise<Order> {
    if (refusal instanceof PaymentProviderError && refusal.paymentIntentStatus === 'canceled') return holdLapsed(order, source, refusal);
    return captureFailed(order, source, refusal);
  }

  /**
   * delivered / capture_failed → completed. Only ever called after a SUCCESSFUL delivery was recorded. A hold that
   * lapsed before capture (the intent is canceled) cannot be captured any more: a person settles it.
   */
  async function capture(order: Order, source: EventSource): Promise<Order> {
    const refusal = await captureHold(order);
    if (refusal) return afterRefusedCapture(order, source, refusal);
    const completed = await move(order, 'completed', ['delivered', 'capture_failed'], source, { finishedAt: services.now(), nextCheckAt: null });
    return orReload(completed, order.id);
  }

  /**
   * A top-up the provider reports SUCCESSFUL, for the amount sent, of an order in delivering or delivery_pending:
   * captured, then recorded delivered and completed by one statement (both moves and their events), which saves the
   * round trip of recording delivered first. Capture needs only the provider's answer, which this call holds; should
   * the process stop after the capture, the order is still in delivering or delivery_pending, and the reconciler looks
   * the top-up up, finds it SUCCESSFUL and captures again with the same idempotency key (the provider answers the
   * first capture), so it is completed all the same. A refused capture records delivered first, then goes on as
   * capture() does.
   */
  async function captureDelivery(order: Order, source: EventSource, delivered: OrderPatch, detail: Record<string, unknown>): Promise<Order> {
    const from: OrderStatus[] = ['delivering', 'delivery_pending'];
    const refusal = await captureHold(order);
    if (refusal) {
      const recorded = await move(
        order,
        'delivered',
        from,
        source,
        { ...delivered, nextCheckAt: later(services, CHECK_DELAYS_MS.afterStep) },
        detail,
      );
      if (!recorded) return load(order.id);
      return afterRefusedCapture(recorded, source, refusal);
    }
    const completed = await move(
      order,
      'completed',
      from,
      source,
      { ...delivered, finishedAt: services.now(), nextCheckAt: null },
      undefined,
      undefined,
      {
        status: 'delivered',
        detail,
      },
    );
    return orReload(completed, order.id);
  }

  /** The hold lapsed before capture: retrying cannot help, so the order stops in capture_failed for a person. */
  async function holdLapsed(order: Order, source: EventSource, error: PaymentProviderError): Promise<Order> {
    const detail = { error: error.message, code: error.code };
    const failed =
      order.status === 'capture_failed' ? order : await move(order, 'capture_failed', ['delivered'], source, { nextCheckAt: null }, detail);
    if (!failed) return load(order.id);
    return needsPerson(failed, source, ATTENTION_REASONS.holdLapsed, { nextCheckAt: null }, detail);
  }

  async function captureFailed(order: Order, source: EventSource, error: unknown): Promise<Order> {
    services.log.error({ orderId: order.id, paymentIntentId: order.paymentIntentId, err: error }, 'capture failed after a delivered top-up');
    if (order.status === 'capture_failed') return reschedule(order, retryLater(order));
    const failed = await move(order, 'capture_failed', ['delivered'], source, retryLater(order), {
      error: error instanceof Error ? error.message : String(error),
    });
    return orReload(failed, order.id);
  }

  /** delivery_failed (or an authorisation held too long) → canceled: the hold on the card is released. */
  async function release(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-${order.checkAttempts}`, 'abandoned'))) return reschedule(order, retryLater(order));
    const canceled = await move(order, 'canceled', ['delivery_failed', 'authorised'], source, { finishedAt: services.now(), nextCheckAt: null });
    return orReload(canceled, order.id);
  }

  async function releaseQuietly(paymentIntentId: string, orderId: string) {
    try {
      await payments.cancelPaymentIntent(paymentIntentId, { idempotencyKey: `cancel-${orderId}`, reason: 'fraudulent' });
    } catch (error) {
      services.log.error({ orderId, paymentIntentId, err: error }, 'could not cancel a mismatched payment authorisation');
    }
  }

  /**
   * The provider's record of the order's top-up: by its transaction id when we have one, else (or when the provider
   * does not know that id) by our customIdentifier; null when the provider has none.
   */
  async function lookUp(order: Order): Promise<TopupResult | null> {
    const byTransaction = order.topupTransactionId ? await topups.topupStatus(order.topupTransactionId) : null;
    return byTransaction ?? topups.findTopupByCustomIdentifier(order.customIdentifier);
  }

  /** Whether the last send was long enough ago that a provider with no record of it never received it. */
  function sentLongAgo(order: Order): boolean {
    return !order.claimedAt || services.now().getTime() - order.claimedAt.getTime() >= RESEND_AFTER_MS;
  }

  /** Learns the outcome of a top-up in delivering (claim expired) or delivery_pending, and acts on it. */
  async function followDelivery(order: Order, source: EventSource): Promise<Order> {
    const result = await lookUp(order);
    if (result) return recordOutcome(order, { kind: 'result', result }, source);
    if (order.topupTransactionId && order.status === 'delivery_pending') {
      // The provider gave us this transaction, so it exists: sending again could deliver twice.
      return needsPerson(order, source, ATTENTION_REASONS.unknownTransaction, { nextCheckAt: later(services, ATTENTION_RECHECK_MS) });
    }
    if (order.status === 'delivering') {
      // The claim expired with no outcome recorded and the provider has none: an unknown outcome, followed as such.
      const pending = await recordOutcome(order, { kind: 'unknown', reason: 'claim expired' }, source);
      return pending.status === 'delivery_pending' ? followDelivery(pending, source) : pending;
    }
    if (order.attentionReason) return reschedule(order, { nextCheckAt: later(services, ATTENTION_RECHECK_MS) });
    if (!sentLongAgo(order)) {
      return reschedule(order, { nextCheckAt: later(services, CHECK_DELAYS_MS.unknownOutcome) });
    }
    // Long after the attempt the provider still has no top-up with our identifier: it never arrived, so send it again,
    // unless its destination is no longer served; whether to release the hold is then a person's call.
    if (!(await destinationServed(order))) {
      return needsPerson(order, source, ATTENTION_REASONS.destinationUnavailable, { nextCheckAt: later(services, ATTENTION_RECHECK_MS) });
    }
    const reclaimed = await move(
      order,
      'delivering',
      ['delivery_pending'],
      source,
      { claimedAt: services.now(), nextCheckAt: later(services, CHECK_DELAYS_MS.delivering) },
      { resend: true },
    );
    if (!reclaimed) return load(order.id);
    return recordOutcome(reclaimed, await send(reclaimed), source);
  }

  /**
   * An order whose hold a person released (canceled, next_check_at set): the release is made sure of at the provider,
   * and a top-up that had been sent is looked up for a while, in case it turns up delivered after all.
   */
  async function afterRelease(order: Order, source: EventSource): Promise<Order> {
    if (!(await cancelHold(order, `cancel-${order.id}-${order.checkAttempts}`, 'abandoned'))) return reschedule(order, retryLater(order));
    const releasedAt = (order.finishedAt ?? services.now()).getTime();
    if (!order.claimedAt || services.now().getTime() - releasedAt >= LATE_DELIVERY_WATCH_MS) return reschedule(order, { nextCheckAt: null });
    const result = await lookUp(order);
    if (result?.status === 'SUCCESSFUL') return lateDelivery(order, source, result);
    if (result?.status === 'FAILED' || result?.status === 'REFUNDED') return reschedule(order, { nextCheckAt: null });
    return reschedule(order, retryLater(order));
  }

  /** Delivered after the hold was released: nothing can be charged any more, so a person settles it. */
  async function lateDelivery(order: Order, source: EventSource, result: TopupResult): Promise<Order> {
    const reason = ATTENTION_REASONS.lateDelivery;
    services.log.error({ orderId: order.id, transactionId: result.transactionId, reason }, 'an order needs a person');
    const flagged = await flagForAttention(db, {
      orderId: order.id,
      from: ['canceled'],
      source,
      reason,
      patch: { ...transactionFacts(order, result), nextCheckAt: null },
      detail: { transactionId: result.transactionId },
      now: services.now(),
    });
    return orReload(flagged, order.id);
  }

  function heldTooLong(order: Order): boolean {
    const heldSince = order.authorisedAt?.getTime() ?? services.now().getTime();
    return services.now().getTime() - heldSince >= MAX_AUTHORISATION_MS;
  }

  /** Moves the order as far as it can go now; returns what is recorded at the end. */
  async function advance(orderId: string, source: EventSource, loaded?: Order): Promise<Order> {
    let order = loaded ?? (await load(orderId));
    let verifiedNow = false;
    if (order.status === 'created') {
      // Authorised and claimed for delivery in one statement, unless its destination was switched off since checkout:
      // then it is only authorised, and deliver() below releases it.
      order = await verifyAuthorisation(order, source, await destinationServed(order));
      if (claimedWithAuthorisation.has(order)) return recordOutcome(order, await send(order), source);
      // Found past authorised, the order is being moved on by the caller that authorised it, which settles the payment.
      if (order.status !== 'authorised') return order;
      verifiedNow = true;
    }
    // Never sent: past the limit the hold is released. (An unknown outcome at the limit goes to a person instead.)
    if (order.status === 'authorised' && heldTooLong(order)) return release(order, source);
    if (order.status === 'authorised') {
      if (!verifiedNow) order = await stillAuthorised(order, source);
      if (order.status === 'authorised') return deliver(order, source);
    }
    // An order a person must settle is not captured automatically.
    if ((order.status === 'delivered' || order.status === 'capture_failed') && !order.attentionReason) return capture(order, source);
    if (order.status === 'delivery_failed') return release(order, source);
    return order;
  }

  return {
    fulfilJustAuthorised,
    /**
     * The browser's and the webhook's entry: deliver a paid order once and settle its payment. A caller that has just
     * read the order may pass it to save reading it again; every move is conditional on the status it was read in.
     */
    fulfil(orderId: string, source: EventSource, loaded?: Order): Promise<Order> {
      return once(orderId, () => advance(orderId, source, loaded));
    },
    /**
     * The reconciler's entry (and a person's "check now"): like fulfil, and also follows deliveries whose outcome is
     * not known yet, refunds left mid-way or refused, and holds a person released.
     */
    reconcile(orderId: string, source: EventSource = 'reconciler'): Promise<Order> {
      return once(orderId, async () => {
        const order = await load(orderId);
        const claimExpired =
          order.status === 'delivering' && (!order.claimedAt || services.now().getTime() - order.claimedAt.getTime() >= CHECK_DELAYS_MS.delivering);
        if (order.status === 'delivery_pending' || claimExpired) {
          const followed = await followDelivery(order, source);
          // Still unknown at the authorisation limit: the top-up may have gone out, so the hold is not released
          // automatically; a person settles it while the lookups go on.
          if (followed.status === 'delivery_pending' && heldTooLong(followed)) {
            return needsPerson(followed, source, ATTENTION_REASONS.outcomeUnknownAtLimit, {
              nextCheckAt: later(services, ATTENTION_RECHECK_MS),
            });
          }
          return followed;
        }
        if (order.status === 'refunding') return refunds.settle(order, source);
        if (order.status === 'refund_failed') return refunds.retry(order, source);
        if (order.status === 'canceled' && order.nextCheckAt) return afterRelease(order, source);
        return advance(orderId, source, order);
      });
    },
    /**
     * Before a person releases the hold of an order in delivery_pending, its top-up is looked up, exactly as the
     * reconciler looks it up, and an outcome found is recorded (a delivered top-up is captured, a failed one released).
     * `releasable` is true only when the provider has no record of a top-up sent long enough ago to have arrived, or no
     * longer knows a transaction it gave us: then nothing says the top-up may still succeed, and a person may decide.
     */
    async lookUpBeforeRelease(orderId: string, source: EventSource): Promise<{ order: Order; releasable: boolean }> {
      let releasable = false;
      const order = await once(orderId, async () => {
        const current = await load(orderId);
        if (current.status !== 'delivery_pending') return current;
        const result = await lookUp(current);
        if (result) return recordOutcome(current, { kind: 'result', result }, source);
        releasable = current.topupTransactionId !== null || sentLongAgo(current);
        return current;
      });
      return { order, releasable };
    },
    /**
     * For a result screen waiting on a PROCESSING top-up: asks the providers now instead of at the next reconcile. An
     * unpaid order is checked for an authorisation whose top-up call never reached us (a lost connection), and then
     * delivered like any paid order.
     */
    refresh(orderId: string): Promise<Order> {
      return once(orderId, async () => {
        const order = await load(orderId);
        if (order.status === 'delivery_pending') return followDelivery(order, 'browser');
        if (order.status !== 'created' || !order.paymentIntentId) return order;
        try {
          return await advance(orderId, 'browser', order);
        } catch (error) {
          if (error instanceof PaymentNotAuthorisedError) return load(orderId);
          throw error;
        }
      });
    },
  };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
