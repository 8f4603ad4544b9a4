import { and, eq, isNull } from 'drizzle-orm';
import type { OperatorInfo } from '../../shared/api/catalog';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CreatePaymentIntentResponse, createPaymentIntentBodySchema } from '../../shared/api/orders';
import type { KeyedMessage } from '../../shared/api/messages';
import { localAmountOf, planDescriptionOf } from '../../shared/operator-amounts';
import { validatePhone } from '../../shared/phone-rules';
import { marginOf } from '../../shared/corridor-margin';
import { formatUsd, priceTopUp, toCents, type FeeConfig, type TopUpPrice } from '../../shared/pricing';
import { commissionOf } from '../catalog/operator-costs';
import { accountBlockedError, refuseBlockedCheckout } from '../auth/blocked-accounts';
import { refuseUnservedDestination } from '../catalog/destination-switches';
import { orders } from '../db/schema';
import { DomainError } from '../domain-error';
import { PaymentProviderError, type CreatePaymentRequest, type Payment, type PaymentMethodChoice } from '../payments/provider';
import { cardChoiceOf, choiceAnswerOf, withChoice } from './checkout-card-choice';
import type { LimitsToEnforce } from '../request-limits';
import { TopupProviderError, type ProviderOperator } from '../topups/provider';
import { assessCheckout, recordCheckoutRisk } from '../risk/assess';
import { readCheckoutFacts, refuseOverLimits } from './limits';
import type { OrderServices } from './services';
import { promoForCheckout, insertWithPromo } from './promo-codes';
import { insertWithReferral, priceWithReferral, takesFromReferral, type ReferralOffer } from './referral-pricing';
import type { Database } from '../db/client';
import { insertOrder, type NewOrder, type Order } from './state-machine';

/** How long an unpaid order waits before the reconciler first checks whether it was paid with no browser to say so. */
export const FIRST_PAYMENT_CHECK_MS = 2 * 60 * 1000;

export interface CheckoutRequest {
  userId: string;
  accountEmail: string;
  /**
   * The account's block as this request's sign-in check read it from the database a moment ago (guards.ts), which
   * saves reading it again; when not given, it is read here.
   */
  blockedAt?: Date | null;
  body: z.output<typeof createPaymentIntentBodySchema>;
  /**
   * The request limits this checkout counts against (per user, per address): counted in the statement that reads the
   * checkout's facts, or on their own when the request is refused before it. Every new checkout is counted, and a spent
   * limit answers 429 before any other check's answer, as when they were counted first; a retry whose order that
   * statement finds (the user's, under this order key) is not a new checkout and counts nothing.
   */
  requestLimits?: LimitsToEnforce;
  /** The client address the checkout came from (canonical spelling): the risk signals' address and its country. */
  clientAddress?: string | null;
}

/**
 * Starts paying for a top-up: prices it on the server from the operator and the fee settings, refuses a browser
 * price that differs, applies the limits, then creates the order and its payment (manual capture). A retried
 * request with the same order key gets the same order and payment. Nothing is created when a check fails.
 */
export async function startCheckout(
  services: OrderServices,
  { userId, accountEmail, blockedAt, body, requestLimits, clientAddress = null }: CheckoutRequest,
): Promise<CreatePaymentIntentResponse> {
  const { db, payments, now } = services;
  const { phoneCheck, operator, amountCents, choice } = await checkRequest(services, { userId, blockedAt, body })
    .then(async (checked) => ({ ...checked, choice: await cardChoiceOf(services, { userId, accountEmail, body }) }))
    .catch(async (error: unknown) => {
      await requestLimits?.alone();
      throw error;
    });
  const check = {
    userId,
    countryIso: body.countryCode,
    recipientPhone: phoneCheck.digits,
    orderKey: body.orderKey,
    now: now(),
    limits: await services.limits.current(),
    corridor: { countryIso: body.countryCode, provider: services.destinations.provider, operatorId: operator.operatorId },
  };
  const facts = await readCheckoutFacts(db, check, requestLimits?.statement);
  if (!facts.existingOrderId) await requestLimits?.enforce(facts.counted);
  const listPrice = priceTopUp(amountCents, facts.fees);
  refuseSaleAtLoss(operator, amountCents, facts.fees);
  // A promo code (ADR 067) is priced here again, whatever the browser showed; without one nothing more is read.
  const promo = body.promoCode
    ? await promoForCheckout(db, body.promoCode, { userId, price: listPrice, now: check.now, retried: Boolean(facts.existingOrderId) })
    : undefined;
  // A retried click: its order was checked against the limits when it was made.
  const existing = facts.existingOrderId ? await findOrderByKey(services, userId, body.orderKey) : undefined;
  // Refer a friend (ADR 070): the welcome discount or the code, then the credit; a retry is priced as its order was.
  const price = priceWithReferral(listPrice, promo?.price, existing ? offerOfRetry(facts.referral, existing) : facts.referral);
  checkBrowserPrice(body, price);

  if (existing) {
    if (!sameCheckout(existing, body, price) || existing.promoCodeId !== (promo?.row.id ?? null)) {
      throw new DomainError('conflict', 'ORDER_KEY_REUSED', { key: 'apiErrors.checkoutStartedForOther' });
    }
    if (existing.status === 'expired' || existing.status === 'declined' || existing.status === 'canceled') {
      throw new DomainError('conflict', 'ORDER_CLOSED', { key: 'apiErrors.checkoutClosed' });
    }
    if (existing.status !== 'created') {
      throw new DomainError('conflict', 'ORDER_ALREADY_PAID', { key: 'apiErrors.alreadyPaid' });
    }
    return withPayment(services, existing, choice);
  }

  refuseWhatTheWalletCannotPay(services, operator, amountCents, facts.fees);
  refuseOverLimits(facts, { totalCents: price.totalCents, limits: check.limits, now: check.now });
  const risk = await assessCheckout(db, {
    userId,
    accountEmail,
    clientAddress,
    countryIso: body.countryCode,
    recipientPhone: phoneCheck.digits,
    totalCents: price.totalCents,
    now: check.now,
  });
  if (risk.decision.action === 'refuse') {
    services.log.warn({ userId, rules: risk.decision.fired.map((rule) => rule.id) }, 'checkout refused by the risk rules');
    throw paymentNotAccepted();
  }

  const createdAt = now();
  const id = randomUUID();
  const receiptEmail = body.email ?? accountEmail;
  const threeDSecure = risk.decision.action === 'three_d_secure';
  // The payment comes first, so that the order is inserted with it in one statement. A crash between the two leaves a
  // payment nobody can pay (its client secret never left the server), never an order without its payment.
  const payment = await askPaymentProvider(services, id, () =>
    payments.createPayment(paymentRequest(services, { id, userId, totalCents: price.totalCents, receiptEmail }, threeDSecure, choice)),
  );
  const localAmount = localAmountOf(operator, amountCents);
  const values: NewOrder = {
    id,
    userId,
    orderKey: body.orderKey,
    status: 'created',
    operatorId: operator.operatorId,
    operatorName: operator.name,
    detectedOperatorId: body.detectedOperatorId ?? null,
    countryIso: body.countryCode,
    recipientPhone: phoneCheck.digits,
    amountCents: price.amountCents,
    percentageFeeCents: price.percentageFeeCents,
    standardFeeCents: price.standardFeeCents,
    totalCents: price.totalCents,
    promoCodeId: promo?.row.id ?? null,
    discountCents: price.discountCents,
    creditUsedCents: price.creditUsedCents,
    welcomeReferralId: price.welcomeReferralId,
    localAmount: localAmount === null ? null : String(localAmount),
    planDescription: operator.bundle || operator.data ? planDescriptionOf(operator, amountCents) : null,
    destinationCurrencyCode: operator.destinationCurrencyCode,
    receiptEmail,
    paymentProvider: payments.kind,
    paymentId: payment.id,
    customIdentifier: `topup-${id}`,
    nextCheckAt: new Date(createdAt.getTime() + FIRST_PAYMENT_CHECK_MS),
    createdAt,
    updatedAt: createdAt,
  };
  const insert = (tx: Database) => insertWithReferral(tx, { userId, listPrice, promo, price }, (inner) => insertOrder(inner, values));
  const order =
    promo || takesFromReferral(price)
      ? await (promo ? insertWithPromo(db, promo, { userId, now: createdAt }, insert) : insert(db)).catch(async (error: unknown) => {
          // The code, the welcome discount or the credit was used up meanwhile: nobody can pay this payment (its client
          // secret never left the server).
          await releaseDuplicatePayment(services, payment.id, id);
          throw error;
        })
      : await insertOrder(db, values);
  if (order) {
    await recordCheckoutRisk(db, order.id, risk, createdAt);
    return checkoutAnswer(order, payment, await choiceAnswerOf(services, choice));
  }
  // Two identical clicks raced and the other one inserted first: this click's payment is cancelled unpaid, and it
  // continues with the other's order.
  await releaseDuplicatePayment(services, payment.id, id);
  const current = await findOrderByKey(services, userId, body.orderKey);
  // No order under this key: the account was deleted while this click was on its way.
  if (!current) throw accountBlockedError();
  return withPayment(services, current, choice);
}

/** A retried click's offer: what its own order took is still there for it. */
function offerOfRetry(offer: ReferralOffer, order: Order): ReferralOffer {
  return {
    ...offer,
    welcomeReferralId: order.welcomeReferralId ?? offer.welcomeReferralId,
    creditCents: offer.creditCents + order.creditUsedCents,
  };
}

/** A switched-off operator's refusal names the operator the browser chose, as an unknown one's does. */
function namingOperator(error: unknown, operatorId: number): unknown {
  if (!(error instanceof DomainError) || error.code !== 'OPERATOR_UNAVAILABLE') return error;
  return new DomainError(error.kind, error.code, error.messageRef, { field: 'operatorId', details: { operatorId } });
}

/** The checks that need no order data: the account may pay, the number is valid, the operator serves this amount. */
async function checkRequest(services: OrderServices, { userId, blockedAt, body }: Pick<CheckoutRequest, 'userId' | 'blockedAt' | 'body'>) {
  if (blockedAt === undefined) await refuseBlockedCheckout(services.db, userId);
  else if (blockedAt !== null) throw accountBlockedError();
  const phoneCheck = validatePhone(body.phone, body.countryCode);
  if (!phoneCheck.ok) throw new DomainError('invalid', 'INVALID_PHONE', phoneCheck.error, { field: 'phone' });
  // A country or operator switched off (or a blocked destination) is refused before anything is priced or created.
  await refuseUnservedDestination(services.destinations, body.countryCode, body.operatorId, { country: 'countryCode', operator: 'operatorId' }).catch(
    (error: unknown) => {
      throw namingOperator(error, body.operatorId);
    },
  );
  const operator = await findOperator(services, body.countryCode, body.operatorId);
  const amountCents = toCents(body.amount);
  checkAmountForOperator(operator, amountCents);
  return { phoneCheck, operator, amountCents };
}

/** A checkout the risk rules or blocklists refuse: the customer is told what to do, never which rule said so. */
export const paymentNotAccepted = () => new DomainError('forbidden', 'PAYMENT_NOT_ACCEPTED', { key: 'apiErrors.paymentNotAccepted' });

export async function findOperator(services: Pick<OrderServices, 'operators'>, countryCode: string, operatorId: number): Promise<ProviderOperator> {
  let operators: ProviderOperator[];
  try {
    operators = await services.operators.operatorsByCountry(countryCode);
  } catch (error) {
    if (error instanceof TopupProviderError && error.code === 'COUNTRY_NOT_SUPPORTED') {
      throw new DomainError('invalid', 'COUNTRY_NOT_SUPPORTED', { key: 'topup.errors.unavailable' }, { field: 'countryCode' });
    }
    if (error instanceof TopupProviderError && error.retryable) {
      throw new DomainError('unavailable', 'UPSTREAM_UNAVAILABLE', { key: 'topup.result.errors.serviceUnavailable' });
    }
    throw error;
  }
  const operator = operators.find((candidate) => candidate.operatorId === operatorId);
  if (!operator) {
    throw new DomainError(
      'invalid',
      'OPERATOR_NOT_FOUND',
      { key: 'apiErrors.operatorNotInCountry' },
      { field: 'operatorId', details: { operatorId } },
    );
  }
  if (operator.senderCurrencyCode !== 'USD') {
    throw new DomainError('invalid', 'CURRENCY_NOT_SUPPORTED', { key: 'apiErrors.currencyNotSupported' });
  }
  return operator;
}

/** FIXED operators take only their listed amounts; RANGE operators anything within their bounds. */
export function checkAmountForOperator(operator: OperatorInfo, amountCents: number): void {
  if (amountCents <= 0) throw new DomainError('invalid', 'INVALID_AMOUNT', { key: 'apiErrors.amountNotPositive' }, { field: 'amount' });
  if (operator.denominationType === 'FIXED') {
    if (!operator.fixedAmounts.some((amount) => toCents(amount) === amountCents)) {
      throw new DomainError(
        'invalid',
        'INVALID_AMOUNT',
        { key: 'apiErrors.amountNotOffered', params: { operator: operator.name, amount: `$${formatUsd(amountCents)}` } },
        { field: 'amount' },
      );
    }
    return;
  }
  const min = operator.minAmount === null ? 1 : toCents(operator.minAmount);
  const max = operator.maxAmount === null ? Number.MAX_SAFE_INTEGER : toCents(operator.maxAmount);
  if (amountCents < min || amountCents > max) {
    const message: KeyedMessage =
      operator.maxAmount === null
        ? { key: 'apiErrors.amountTooLow', params: { operator: operator.name, min: `$${formatUsd(min)}` } }
        : { key: 'apiErrors.amountOutOfRange', params: { operator: operator.name, min: `$${formatUsd(min)}`, max: `$${formatUsd(max)}` } };
    throw new DomainError('invalid', 'INVALID_AMOUNT', message, { field: 'amount' });
  }
}

/**
 * Never sells at a loss (docs/decisions/053-fee-rules-per-corridor.md): a top-up whose price, less the card fee, would
 * not cover what the provider's wallet pays for it at the operator's commission is refused before anything is created.
 */
function refuseSaleAtLoss(operator: ProviderOperator, amountCents: number, fees: FeeConfig): void {
  const margin = marginOf(amountCents, fees, commissionOf(operator));
  if (margin.marginCents >= 0) return;
  throw new DomainError('invalid', 'OPERATOR_BELOW_COST', { key: 'apiErrors.operatorBelowCost' }, { field: 'amount' });
}

/**
 * A top-up the provider's wallet cannot pay (its last known balance, in this instance's memory, under the order's
 * provider cost) is refused as temporarily unavailable (503) before any card is held: the payment would only be
 * released after the provider's INSUFFICIENT_BALANCE (docs/decisions/062-…). An unknown balance refuses nothing.
 */
function refuseWhatTheWalletCannotPay(services: OrderServices, operator: ProviderOperator, amountCents: number, fees: FeeConfig): void {
  const balance = services.wallet?.current();
  if (!balance || balance.usdCents === null) return;
  const { providerCostCents } = marginOf(amountCents, fees, commissionOf(operator));
  if (balance.usdCents >= providerCostCents) return;
  services.log.warn({ balanceUsdCents: balance.usdCents, providerCostCents }, 'checkout refused: the top-up wallet cannot pay it');
  throw new DomainError('unavailable', 'TEMPORARILY_UNAVAILABLE', { key: 'apiErrors.temporarilyUnavailable' }, { retryAfterSeconds: 300 });
}

function checkBrowserPrice(body: CheckoutRequest['body'], price: TopUpPrice): void {
  const feeDiffers = body.fee !== undefined && toCents(body.fee) !== price.serviceFeeCents;
  const totalDiffers = body.totalAmount !== undefined && toCents(body.totalAmount) !== price.totalCents;
  if (feeDiffers || totalDiffers) {
    throw new DomainError('conflict', 'PRICE_CHANGED', {
      key: 'apiErrors.priceChanged',
      params: { total: `$${formatUsd(price.totalCents)}`, fee: `$${formatUsd(price.serviceFeeCents)}` },
    });
  }
}

async function findOrderByKey(services: OrderServices, userId: string, orderKey: string): Promise<Order | undefined> {
  const [order] = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.orderKey, orderKey)));
  return order;
}

function sameCheckout(order: Order, body: CheckoutRequest['body'], price: TopUpPrice): boolean {
  return (
    order.operatorId === body.operatorId &&
    order.countryIso === body.countryCode &&
    order.recipientPhone === body.phone &&
    order.amountCents === price.amountCents &&
    order.totalCents === price.totalCents
  );
}

/** What the provider is asked for an order's payment (manual capture; ADR 007), with 3-D Secure when a risk rule asks. */
function paymentRequest(
  services: OrderServices,
  order: { id: string; userId: string; totalCents: number; receiptEmail: string | null },
  threeDSecure = false,
  methodChoice?: PaymentMethodChoice,
): CreatePaymentRequest {
  return {
    ...(methodChoice ? { methodChoice } : {}),
    ...(threeDSecure ? { threeDSecure: 'required' as const } : {}),
    amountCents: order.totalCents,
    currency: 'usd',
    receiptEmail: order.receiptEmail,
    metadata: { orderId: order.id, userId: order.userId },
    // The order's plus the minute: a double click shares one payment, while a retry after a provider failure (whose
    // answer Stripe would replay for 24 hours) gets a fresh one.
    idempotencyKey: `order-${order.id}-${Math.floor(services.now().getTime() / 60_000)}`,
  };
}

/** Runs a call to the payment provider for a checkout; its failure is answered as the provider's (502), and logged. */
async function askPaymentProvider<T>(services: OrderServices, orderId: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      services.log.error({ orderId, err: error }, 'payment intent creation failed');
      throw new DomainError('upstream', 'PAYMENT_PROVIDER_ERROR', { key: 'payment.messages.api_error' });
    }
    throw error;
  }
}

/** A payment made for an order that was never inserted (another click's order won): cancelled unpaid, or logged. */
async function releaseDuplicatePayment(services: OrderServices, paymentId: string, orderId: string) {
  try {
    await services.payments.releasePayment(paymentId, { idempotencyKey: `duplicate-${paymentId}`, reason: 'duplicate' });
  } catch (error) {
    // Nobody can pay it (its client secret was never sent), so a failed cancellation leaves nothing held.
    services.log.warn({ orderId, paymentIntentId: paymentId, err: error }, 'could not cancel a duplicate payment intent');
  }
}

/**
 * The payment of an order made earlier (a retried click): read from the provider, or, for an order that has none
 * (its payment's creation failed), created and linked. Should two payments ever be linked at once, the order keeps the
 * first and the other is cancelled unpaid.
 */
async function withPayment(services: OrderServices, order: Order, choice?: PaymentMethodChoice): Promise<CreatePaymentIntentResponse> {
  const { db, payments } = services;
  const payment = await askPaymentProvider(services, order.id, async () => {
    // The payment step's choice changed (a saved card, or saving this one): the unpaid payment is changed to it.
    if (order.paymentId) return choice && payments.savedCards ? withChoice(services, order.paymentId, choice) : payments.getPayment(order.paymentId);
    const created = await payments.createPayment(paymentRequest(services, order, false, choice));
    const [linked] = await db
      .update(orders)
      .set({ paymentId: created.id, updatedAt: services.now() })
      .where(and(eq(orders.id, order.id), isNull(orders.paymentId)))
      .returning({ paymentId: orders.paymentId });
    if (linked) return created;
    const [current] = await db.select({ paymentId: orders.paymentId }).from(orders).where(eq(orders.id, order.id));
    if (!current?.paymentId || current.paymentId === created.id) return created;
    await payments.releasePayment(created.id, { idempotencyKey: `duplicate-${created.id}`, reason: 'duplicate' });
    return payments.getPayment(current.paymentId);
  });
  return checkoutAnswer(order, payment, await choiceAnswerOf(services, choice));
}

function checkoutAnswer(
  order: Order,
  payment: Payment,
  session: { customerSessionClientSecret?: string; paymentMethodId?: string } = {},
): CreatePaymentIntentResponse {
  if (!payment.clientSecret) throw new Error(`Payment ${payment.id} has no client secret`);
  return {
    success: true,
    clientSecret: payment.clientSecret,
    paymentIntentId: payment.id,
    orderId: order.id,
    amount: formatUsd(order.amountCents),
    fee: formatUsd(order.percentageFeeCents + order.standardFeeCents),
    totalAmount: formatUsd(order.totalCents),
    discount: formatUsd(order.discountCents),
    currency: 'USD',
    ...session,
  };
}
