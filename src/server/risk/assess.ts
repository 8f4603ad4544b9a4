import { eq, sql } from 'drizzle-orm';
import type { FiredRule, RiskAction } from '../../shared/api/risk';
import type { Database } from '../db/client';
import { orderRiskSignals, orders, paymentDeclines } from '../db/schema';
import { declineCodeOf } from '../payments/provider';
import type { Payment } from '../payments/provider';
import { DEFAULT_REVIEW_WINDOW_MINUTES, DEFAULT_RISK_RULES, evaluateRules, type RiskDecision, type RiskSignals } from './rules';
import { isClientAddress } from './lookups';
import { readCheckoutSignals, readPaymentSignals, type CheckoutFacts, type CheckoutSignals, type RiskReading } from './signals';

/*
 * The risk desk's two moments (ADR 044): a checkout, before any card is held, and the payment once the provider has
 * authorised the card. Each reads the signals, applies the blocklists (a hit refuses, whatever the rules say) and
 * the rules, and records what it read and decided on the order, where the console shows it.
 */

/** Signals as the jsonb columns keep them. */
const asJson = (signals: object) => signals as Record<string, unknown>;

export interface CheckoutAssessment {
  decision: RiskDecision;
  reading: RiskReading<CheckoutSignals>;
  clientAddress: string | null;
}

function decide(reading: RiskReading<RiskSignals>, signals: RiskSignals, stage: FiredRule['stage']): RiskDecision {
  const decision = evaluateRules(reading.saved?.rules ?? DEFAULT_RISK_RULES, signals, stage);
  if (!reading.blockedBy) return decision;
  const blocked: FiredRule = { id: `blocklist-${reading.blockedBy}`, description: `On the ${reading.blockedBy} blocklist`, action: 'refuse', stage };
  return { action: 'refuse', fired: [blocked, ...decision.fired] };
}

/** What the rules say of a checkout; nothing is written (the order does not exist yet). */
export async function assessCheckout(db: Database, facts: CheckoutFacts): Promise<CheckoutAssessment> {
  const reading = await readCheckoutSignals(db, facts);
  return { decision: decide(reading, reading.signals, 'checkout'), reading, clientAddress: facts.clientAddress };
}

/** Keeps a checkout's signals and decision on its new order. */
export async function recordCheckoutRisk(db: Database, orderId: string, assessment: CheckoutAssessment, now: Date): Promise<void> {
  await db
    .insert(orderRiskSignals)
    .values({
      orderId,
      clientAddress: assessment.clientAddress,
      checkout: asJson(assessment.reading.signals),
      checkoutDecision: assessment.decision.action,
      firedRules: assessment.decision.fired as unknown as Record<string, unknown>[],
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

export interface PaymentAssessment {
  action: RiskAction;
  fired: FiredRule[];
  /** How long an order held for review waits for a person. */
  reviewWindowMinutes: number;
}

/**
 * What the rules say once the provider authorised the card: the checkout's signals as recorded, and the card's and
 * the provider's verdict. Recorded on the order. Asking for 3-D Secure is a checkout's decision; here it allows. Null
 * when there is no such order.
 */
export async function assessPayment(
  db: Database,
  orderId: string,
  payment: Pick<Payment, 'card' | 'risk'>,
  now: Date,
): Promise<PaymentAssessment | null> {
  const [found] = await db
    .select({ countryIso: orders.countryIso, recipientPhone: orders.recipientPhone, stored: orderRiskSignals })
    .from(orders)
    .leftJoin(orderRiskSignals, eq(orderRiskSignals.orderId, orders.id))
    .where(eq(orders.id, orderId));
  // No such order (a payment naming one that does not exist): nothing to assess, and nothing may be sent.
  if (!found) return null;
  const { stored } = found;
  const order = { id: orderId, countryIso: found.countryIso, recipientPhone: found.recipientPhone };
  const checkout = (stored?.checkout ?? { destinationCountry: order.countryIso }) as Partial<CheckoutSignals>;
  const reading = await readPaymentSignals(
    db,
    {
      signals: { addressCountry: checkout.addressCountry ?? null, destinationCountry: order.countryIso },
      facts: {
        clientAddress: stored?.clientAddress ?? null,
        countryIso: order.countryIso,
        recipientPhone: order.recipientPhone,
        emailDomain: checkout.emailDomain ?? '',
      },
    },
    payment,
    now,
  );
  const decision = decide(reading, { ...checkout, ...reading.signals }, 'payment');
  const action = decision.action === 'three_d_secure' ? 'allow' : decision.action;
  const reviewWindowMinutes = reading.saved?.reviewWindowMinutes ?? DEFAULT_REVIEW_WINDOW_MINUTES;
  const reviewUntil = action === 'review' ? new Date(now.getTime() + reviewWindowMinutes * 60_000) : null;
  const fired = [...((stored?.firedRules ?? []) as unknown as FiredRule[]).filter((rule) => rule.stage === 'checkout'), ...decision.fired];
  await db
    .insert(orderRiskSignals)
    .values({
      orderId: order.id,
      clientAddress: null,
      checkout: asJson(checkout),
      payment: asJson(reading.signals),
      checkoutDecision: 'allow',
      paymentDecision: action,
      firedRules: fired as unknown as Record<string, unknown>[],
      reviewUntil,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: orderRiskSignals.orderId,
      set: { payment: asJson(reading.signals), paymentDecision: action, firedRules: sql`excluded.fired_rules`, reviewUntil, updatedAt: now },
    });
  return { action, fired: decision.fired, reviewWindowMinutes };
}

/** When an order held for review must be released: as recorded when it was held, else its hold's start plus the default window. */
export async function reviewDeadline(db: Database, order: { id: string; authorisedAt: Date | null }, now: Date): Promise<Date> {
  const [stored] = await db
    .select({ reviewUntil: orderRiskSignals.reviewUntil })
    .from(orderRiskSignals)
    .where(eq(orderRiskSignals.orderId, order.id));
  return stored?.reviewUntil ?? new Date((order.authorisedAt ?? now).getTime() + DEFAULT_REVIEW_WINDOW_MINUTES * 60_000);
}

/**
 * A declined payment attempt, as the provider's event told it: counted for an hour against the account, the card and
 * the address the checkout came from (the card-testing rules). A replayed event counts once.
 */
export async function recordDecline(
  db: Database,
  decline: { orderId: string; userId: string; paymentId: string; eventId: string; payment: Pick<Payment, 'card' | 'lastPaymentError'>; now: Date },
): Promise<void> {
  const [stored] = await db
    .select({ clientAddress: orderRiskSignals.clientAddress })
    .from(orderRiskSignals)
    .where(eq(orderRiskSignals.orderId, decline.orderId));
  const error = decline.payment.lastPaymentError;
  await db
    .insert(paymentDeclines)
    .values({
      orderId: decline.orderId,
      userId: decline.userId,
      paymentId: decline.paymentId,
      // Only an address that stands for one client is counted (lookups.ts).
      clientAddress: isClientAddress(stored?.clientAddress ?? null) ? stored!.clientAddress : null,
      cardFingerprint: decline.payment.card?.fingerprint ?? null,
      code: declineCodeOf(error),
      eventId: decline.eventId,
      createdAt: decline.now,
    })
    .onConflictDoNothing({ target: paymentDeclines.eventId });
}
