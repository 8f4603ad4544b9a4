import { failureOf } from '../../../shared/api/failure-reasons';
import { TopupProviderError, type TopupResult } from '../../topups/provider';
import { announceReceiptQueued, queueDeliveredNotChargedReceipt } from '../follow-ups';
import { providerCostOf } from '../order-cost';
import { flagForAttention, type EventSource, type Order, type OrderPatch, type OrderStatus } from '../state-machine';
import { closeUncharged, destinationServed, load, move, needsPerson, orReload, reschedule, type FulfilmentContext } from './context';
import {
  amountMismatch,
  ATTENTION_REASONS,
  ATTENTION_RECHECK_MS,
  CHECK_DELAYS_MS,
  LATE_DELIVERY_WATCH_MS,
  later,
  nextPendingLookup,
  retryLater,
  sentLongAgo,
} from './policy';
import { cancelHold, captureDelivery, release, releaseAgain } from './settle';

export type DeliveryOutcome =
  { kind: 'result'; result: TopupResult } | { kind: 'rejected'; code: string; message: string } | { kind: 'unknown'; reason: string };

/** Sends the order's top-up once; the outcome says whether it went out, was refused for sure, or cannot be told yet. */
export async function send(ctx: FulfilmentContext, order: Order): Promise<DeliveryOutcome> {
  try {
    const result = await ctx.topups.sendTopup({
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
    ctx.services.log.warn({ orderId: order.id, err: error }, 'top-up outcome unknown; it will be looked up');
    return { kind: 'unknown', reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A paid order whose country or operator was switched off (or blocked) after checkout: nothing is sent, the hold is
 * released and the order closed uncharged. Should the release fail, the order stays authorised for the reconciler.
 */
async function refuseDestination(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  if (!(await cancelHold(ctx, order, `cancel-${order.id}-destination`, 'abandoned'))) {
    return reschedule(ctx, order, retryLater(order, ctx.services.now()));
  }
  const failure = failureOf('DESTINATION_UNAVAILABLE');
  return closeUncharged(ctx, order, 'authorised', source, failure, { countryIso: order.countryIso, operatorId: order.operatorId });
}

/** authorised → delivering with one conditional update: only one caller ever sends the top-up. */
export async function deliver(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  if (!(await destinationServed(ctx, order))) return refuseDestination(ctx, order, source);
  const { now } = ctx.services;
  const claimed = await move(ctx, order, 'delivering', ['authorised'], source, {
    claimedAt: now(),
    nextCheckAt: later(now(), CHECK_DELAYS_MS.delivering),
  });
  if (!claimed) return load(ctx, order.id);
  return recordOutcome(ctx, claimed, await send(ctx, claimed), source);
}

/** Applies a delivery outcome to an order in delivering or delivery_pending. */
export async function recordOutcome(ctx: FulfilmentContext, order: Order, outcome: DeliveryOutcome, source: EventSource): Promise<Order> {
  const { now } = ctx.services;
  const from: OrderStatus[] = ['delivering', 'delivery_pending'];
  if (outcome.kind === 'unknown') {
    const pending = await move(
      ctx,
      order,
      'delivery_pending',
      ['delivering'],
      source,
      { nextCheckAt: nextPendingLookup(order, now()) },
      { outcome: 'unknown', reason: outcome.reason },
    );
    return orReload(ctx, pending, order.id);
  }
  if (outcome.kind === 'rejected') {
    const failed = await move(
      ctx,
      order,
      'delivery_failed',
      from,
      source,
      { failureCode: outcome.code, failureMessage: outcome.message, nextCheckAt: later(now(), CHECK_DELAYS_MS.afterStep) },
      { rejected: outcome.code },
    );
    return failed ? release(ctx, failed, source) : load(ctx, order.id);
  }
  const { result } = outcome;
  const transaction = transactionFacts(ctx, order, result);
  switch (result.status) {
    case 'SUCCESSFUL': {
      const mismatch = amountMismatch(order, result);
      const deliveredPatch = { ...transaction, deliveredAt: now() };
      if (!mismatch) return captureDelivery(ctx, order, source, deliveredPatch, { transactionId: result.transactionId });
      const delivered = await move(
        ctx,
        order,
        'delivered',
        from,
        source,
        { ...deliveredPatch, nextCheckAt: null },
        { transactionId: result.transactionId, mismatch },
      );
      if (!delivered) return load(ctx, order.id);
      return needsPerson(ctx, delivered, source, ATTENTION_REASONS.amountMismatch, {}, { mismatch });
    }
    case 'PROCESSING':
    case 'UNKNOWN': {
      if (order.status === 'delivery_pending') {
        return reschedule(ctx, order, { ...transaction, nextCheckAt: nextPendingLookup(order, now()) });
      }
      const pending = await move(
        ctx,
        order,
        'delivery_pending',
        ['delivering'],
        source,
        { ...transaction, nextCheckAt: nextPendingLookup(order, now()) },
        { transactionId: result.transactionId, outcome: result.status },
      );
      return orReload(ctx, pending, order.id);
    }
    case 'FAILED':
    case 'REFUNDED': {
      const failure = failureOf(result.status === 'REFUNDED' ? 'TOPUP_REFUNDED' : 'TOPUP_FAILED');
      const failed = await move(
        ctx,
        order,
        'delivery_failed',
        from,
        source,
        {
          ...transaction,
          failureCode: failure.code,
          failureMessage: failure.message,
          nextCheckAt: later(now(), CHECK_DELAYS_MS.afterStep),
        },
        { transactionId: result.transactionId, outcome: result.status },
      );
      return failed ? release(ctx, failed, source) : load(ctx, order.id);
    }
  }
}

/**
 * What the provider's answer tells about the transaction, kept on the order: ids, what was delivered, the wallet
 * after it, and a PIN product's PIN (sealed). Fields the answer leaves out keep what an earlier answer said.
 */
function transactionFacts(ctx: FulfilmentContext, order: Order, result: TopupResult): OrderPatch {
  reportWallet(ctx, order, result);
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
    pinDetailEncrypted: known(result.pin, (pin) => ctx.services.pinVault.seal(pin)),
    ...costFacts(ctx, order, result),
  };
}

/**
 * What the top-up cost (order-cost.ts): the wallet's debit of a top-up that went out; nothing for one that failed or
 * was refunded to the wallet. An answer that tells neither keeps what an earlier one said.
 */
function costFacts(ctx: FulfilmentContext, order: Order, result: TopupResult): OrderPatch {
  if (result.status === 'FAILED' || result.status === 'REFUNDED') return { walletDebit: '0', providerCostCents: 0 };
  const cost = providerCostOf(order.amountCents, result);
  if (!cost) return {};
  const { disagrees, ...recorded } = cost;
  if (disagrees) {
    ctx.services.log.warn(
      { orderId: order.id, walletDebit: recorded.walletDebit, requestedAmount: result.requestedAmount, discount: result.discount },
      "the wallet's debit differs from the requested amount less the discount; the debit is kept",
    );
  }
  return recorded;
}

/** Logs the provider's wallet after a top-up, with a warning under the configured low balance. */
function reportWallet(ctx: FulfilmentContext, order: Order, result: TopupResult) {
  if (!result.balance) return;
  const { log, lowWalletBalance } = ctx.services;
  const { newBalance, currencyCode } = result.balance;
  const detail = { orderId: order.id, walletBalance: newBalance, walletCurrency: currencyCode };
  // The balance the provider just answered is the freshest this instance knows (the checkout reads it from memory).
  if (currencyCode === 'USD')
    ctx.services.wallet?.note({ balance: newBalance, currencyCode, usdCents: Math.round(newBalance * 100), readAt: ctx.services.now() });
  if (lowWalletBalance !== null && newBalance < lowWalletBalance) {
    log.warn({ ...detail, lowBalance: lowWalletBalance }, 'the top-up wallet balance is low');
  } else {
    log.info(detail, 'top-up wallet balance');
  }
}

/**
 * The provider's record of the order's top-up: by its transaction id when we have one, else (or when the provider
 * does not know that id) by our customIdentifier; null when the provider has none.
 */
export async function lookUp(ctx: FulfilmentContext, order: Order): Promise<TopupResult | null> {
  const { topups } = ctx;
  const byTransaction = order.topupTransactionId ? await topups.topupStatus(order.topupTransactionId) : null;
  return byTransaction ?? topups.findTopupByCustomIdentifier(order.customIdentifier);
}

/** Learns the outcome of a top-up in delivering (claim expired) or delivery_pending, and acts on it. */
export async function followDelivery(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  const { now } = ctx.services;
  const result = await lookUp(ctx, order);
  if (result) return recordOutcome(ctx, order, { kind: 'result', result }, source);
  if (order.topupTransactionId && order.status === 'delivery_pending') {
    // The provider gave us this transaction, so it exists: sending again could deliver twice.
    return needsPerson(ctx, order, source, ATTENTION_REASONS.unknownTransaction, { nextCheckAt: later(now(), ATTENTION_RECHECK_MS) });
  }
  if (order.status === 'delivering') {
    // The claim expired with no outcome recorded and the provider has none: an unknown outcome, followed as such.
    const pending = await recordOutcome(ctx, order, { kind: 'unknown', reason: 'claim expired' }, source);
    return pending.status === 'delivery_pending' ? followDelivery(ctx, pending, source) : pending;
  }
  if (order.attentionReason) return reschedule(ctx, order, { nextCheckAt: later(now(), ATTENTION_RECHECK_MS) });
  if (!sentLongAgo(order, now())) {
    return reschedule(ctx, order, { nextCheckAt: nextPendingLookup(order, now()) });
  }
  // Long after the attempt the provider still has no top-up with our identifier: it never arrived, so send it again,
  // unless its destination is no longer served; whether to release the hold is then a person's call.
  if (!(await destinationServed(ctx, order))) {
    return needsPerson(ctx, order, source, ATTENTION_REASONS.destinationUnavailable, { nextCheckAt: later(now(), ATTENTION_RECHECK_MS) });
  }
  const reclaimed = await move(
    ctx,
    order,
    'delivering',
    ['delivery_pending'],
    source,
    { claimedAt: now(), nextCheckAt: later(now(), CHECK_DELAYS_MS.delivering) },
    { resend: true },
  );
  if (!reclaimed) return load(ctx, order.id);
  return recordOutcome(ctx, reclaimed, await send(ctx, reclaimed), source);
}

/**
 * An order whose hold a person released (canceled, next_check_at set): the release is made sure of at the provider,
 * and a top-up that had been sent is looked up for a while, in case it turns up delivered after all.
 */
export async function afterRelease(ctx: FulfilmentContext, order: Order, source: EventSource): Promise<Order> {
  const { now } = ctx.services;
  if (!(await releaseAgain(ctx, order))) return reschedule(ctx, order, retryLater(order, now()));
  const releasedAt = (order.finishedAt ?? now()).getTime();
  if (!order.claimedAt || now().getTime() - releasedAt >= LATE_DELIVERY_WATCH_MS) return reschedule(ctx, order, { nextCheckAt: null });
  const result = await lookUp(ctx, order);
  if (result?.status === 'SUCCESSFUL') return lateDelivery(ctx, order, source, result);
  if (result?.status === 'FAILED' || result?.status === 'REFUNDED') return reschedule(ctx, order, { nextCheckAt: null });
  return reschedule(ctx, order, retryLater(order, now()));
}

/**
 * Delivered after the hold was released: nothing can be charged any more, so a person settles it. The order stays
 * canceled (its money was released) and records when the top-up was found delivered: the customer's views tell it
 * as delivered and not charged (ADR 041).
 */
async function lateDelivery(ctx: FulfilmentContext, order: Order, source: EventSource, result: TopupResult): Promise<Order> {
  const { log, now } = ctx.services;
  const reason = ATTENTION_REASONS.lateDelivery;
  log.error({ orderId: order.id, transactionId: result.transactionId, reason }, 'an order needs a person');
  // The flag and the customer's receipt are written together: one without the other is never committed.
  const flagged = await ctx.db.transaction(async (tx) => {
    const done = await flagForAttention(tx, {
      orderId: order.id,
      from: ['canceled'],
      source,
      reason,
      patch: { ...transactionFacts(ctx, order, result), deliveredAt: now(), nextCheckAt: null },
      detail: { transactionId: result.transactionId },
      now: now(),
    });
    if (done) await queueDeliveredNotChargedReceipt(tx, order.id, now());
    return done;
  });
  if (flagged) announceReceiptQueued(ctx.db);
  return orReload(ctx, flagged, order.id);
}
