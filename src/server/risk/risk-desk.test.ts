import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAuditLog, orderRiskSignals, receiptOutbox, riskBlocklist, savedPaymentMethods, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { approveReview, rejectReview } from '../orders/admin-actions';
import { startCheckout } from '../orders/checkout';
import { handlePaymentEvent } from '../orders/payment-events';
import type { OrderServices } from '../orders/services';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import type { CreatePaymentRequest } from '../payments/provider';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { useFulfilmentDatabase } from '../testing/fulfilment';
import { firstOffer, GOOD_CARD, insertTestUser, orderLedger, SANDBOX_NUMBERS } from '../testing/orders';
import { blockCustomer } from '../admin/customer-actions';
import { recordDecline } from './assess';
import { countReviews, listReviews } from './reviews';
import { addToBlocklist, readRiskSettings, updateRiskSettings } from './settings';
import { DEFAULT_RISK_RULES } from './rules';

const DECLINED_CARD = '4000000000000002';
const ELEVATED_RISK_CARD = '4000000000009235';
const UK_CARD = '4000008260000000';
const HOUR_MS = 60 * 60 * 1000;

describe.each(TEST_DATABASE_KINDS)('the risk desk at checkout and at authorisation on %s', (kind) => {
  const database = useFulfilmentDatabase(kind);

  /** A checkout as the browser starts it, from a client address. */
  async function checkout(
    services: OrderServices,
    userId: string,
    options: { address?: string; email?: string; phone?: string; saveCard?: boolean } = {},
  ) {
    const phone = options.phone ?? SANDBOX_NUMBERS.successful;
    const { operator, amount } = await firstOffer(services, 'NG', phone);
    return startCheckout(services, {
      userId,
      accountEmail: options.email ?? 'payer@example.com',
      clientAddress: options.address ?? '203.0.113.9',
      body: {
        amount,
        orderKey: randomUUID(),
        operatorId: operator.operatorId,
        countryCode: 'NG',
        phone,
        ...(options.saveCard ? { saveCard: true } : {}),
      },
    });
  }

  /** The payer's card form, then the provider's event for its outcome (a decline is counted as the webhook's would be). */
  async function pay(kit: Awaited<ReturnType<typeof database.setup>>, intent: { paymentIntentId: string; clientSecret: string }, number: string) {
    const answer = await confirmSandboxPaymentIntent(
      database.db,
      intent.paymentIntentId,
      { clientSecret: intent.clientSecret, paymentMethod: { ...GOOD_CARD, number } },
      kit.services.now(),
    );
    if ('error' in answer) {
      const event = {
        id: `evt_${randomUUID()}`,
        kind: 'failed' as const,
        type: 'payment_intent.payment_failed',
        paymentId: intent.paymentIntentId,
        chargeId: null,
      };
      await handlePaymentEvent(kit.services, kit.fulfilment, event);
    }
    return answer;
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof DomainError ? { code: error.code, message: error.messageRef } : error),
    );
  const NOT_ACCEPTED = { code: 'PAYMENT_NOT_ACCEPTED', message: { key: 'apiErrors.paymentNotAccepted' } };

  it('refuses further checkouts of an account after 3 declines in an hour, saying what to do and not why, and takes them again after the hour', async () => {
    const kit = await database.setup();
    for (let attempt = 0; attempt < 2; attempt++) await pay(kit, await checkout(kit.services, kit.userId), DECLINED_CARD);
    // Two declines: still taken.
    await pay(kit, await checkout(kit.services, kit.userId), DECLINED_CARD);
    expect(await refusal(checkout(kit.services, kit.userId))).toEqual(NOT_ACCEPTED);
    kit.advance(HOUR_MS + 1000);
    expect(await refusal(checkout(kit.services, kit.userId))).toBeNull();
  });

  it('counts declines by address across accounts: a fourth account from that address is refused, one from elsewhere is not', async () => {
    const kit = await database.setup();
    for (let account = 0; account < 3; account++) {
      const userId = await insertTestUser(database.db);
      expect(await refusal(checkout(kit.services, userId, { address: '198.51.100.7' }))).toBeNull();
      await pay(kit, await checkout(kit.services, userId, { address: '198.51.100.7' }), DECLINED_CARD);
    }
    expect(await refusal(checkout(kit.services, await insertTestUser(database.db), { address: '198.51.100.7' }))).toEqual(NOT_ACCEPTED);
    expect(await refusal(checkout(kit.services, await insertTestUser(database.db), { address: '198.51.100.8' }))).toBeNull();
  });

  it('counts declines by card across accounts and addresses: the card’s next authorisation is released, nothing sent', async () => {
    const kit = await database.setup();
    const goodCard = await pay(kit, await checkout(kit.services, kit.userId), GOOD_CARD.number);
    expect('paymentIntent' in goodCard).toBe(true);
    const fingerprint = (await kit.services.payments.getPayment((goodCard as { paymentIntent: { id: string } }).paymentIntent.id)).card!.fingerprint;
    const someOrder = await checkout(kit.services, kit.userId);
    for (let index = 0; index < 3; index++) {
      await recordDecline(database.db, {
        orderId: someOrder.orderId,
        userId: await insertTestUser(database.db),
        paymentId: `pi_${randomUUID()}`,
        eventId: `evt_${randomUUID()}`,
        payment: { card: { fingerprint, brand: 'visa', funding: 'credit', country: 'US', cvcCheck: 'pass' }, lastPaymentError: null },
        now: kit.services.now(),
      });
    }
    const other = await insertTestUser(database.db);
    const intent = await checkout(kit.services, other, { address: '192.0.2.77' });
    await pay(kit, intent, GOOD_CARD.number);
    expect(await kit.fulfilment.fulfil(intent.orderId, 'browser')).toMatchObject({ status: 'canceled', failureCode: 'PAYMENT_NOT_ACCEPTED' });
    const { intent: payment, deliveries } = await orderLedger(database.db, intent.orderId);
    expect(payment).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect(deliveries).toHaveLength(0);
  });

  it('refuses a checkout whose number, e-mail domain or address range is blocklisted', async () => {
    const kit = await database.setup();
    const actor = { id: await insertTestUser(database.db), email: 'risk@example.com' };
    const block = (kind: 'phone' | 'email_domain' | 'address', value: string) =>
      addToBlocklist(database.db, { kind, value, reason: 'Fraud ring', actor, now: kit.services.now() });
    expect(await refusal(checkout(kit.services, kit.userId, { email: 'x@burner.example' }))).toBeNull();
    await block('email_domain', 'burner.example');
    expect(await refusal(checkout(kit.services, kit.userId, { email: 'x@burner.example' }))).toEqual(NOT_ACCEPTED);
    await block('address', '198.51.100.0/24');
    expect(await refusal(checkout(kit.services, kit.userId, { address: '198.51.100.200' }))).toEqual(NOT_ACCEPTED);
    expect(await refusal(checkout(kit.services, kit.userId, { address: '198.51.101.1' }))).toBeNull();
    await block('phone', '2348031234567');
    expect(await refusal(checkout(kit.services, kit.userId, { phone: '08031234567' }))).toEqual(NOT_ACCEPTED);
    const audited = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'blocklist.add'));
    expect(audited).toHaveLength(3);
  });

  it('asks for 3-D Secure when the account’s e-mail is at a disposable domain, and not otherwise', async () => {
    const kit = await database.setup();
    const asked: CreatePaymentRequest[] = [];
    const payments = kit.services.payments;
    kit.services.payments = { ...payments, createPayment: (request) => (asked.push(request), payments.createPayment(request)) };
    await checkout(kit.services, kit.userId, { email: 'someone@mailinator.com' });
    await checkout(kit.services, kit.userId, { email: 'someone@example.com' });
    expect(asked.map((request) => request.threeDSecure)).toEqual(['required', undefined]);
  });

  it('records every signal of the checkout and the payment on the order', async () => {
    const kit = await database.setup();
    const intent = await checkout(kit.services, kit.userId, { address: '81.2.69.160' });
    await pay(kit, intent, UK_CARD);
    await kit.fulfilment.fulfil(intent.orderId, 'browser');
    const [row] = await database.db.select().from(orderRiskSignals).where(eq(orderRiskSignals.orderId, intent.orderId));
    expect(row).toMatchObject({
      clientAddress: '81.2.69.160',
      checkoutDecision: 'allow',
      checkout: expect.objectContaining({
        addressCountry: 'GB',
        destinationCountry: 'NG',
        completedOrders: 0,
        disposableEmail: false,
        emailDomain: 'example.com',
      }),
      payment: expect.objectContaining({ cardCountry: 'GB', cardBrand: 'visa', cardFunding: 'credit', cvcCheck: 'pass', radarRiskLevel: 'normal' }),
    });
    expect(row!.payment!.cardFingerprint).toEqual(expect.any(String));
  });

  it('holds a payment for review when card, address and destination are three countries: authorised, unsent', async () => {
    const kit = await database.setup();
    const intent = await checkout(kit.services, kit.userId, { address: '8.8.8.8' });
    await pay(kit, intent, UK_CARD);
    expect(await kit.fulfilment.fulfil(intent.orderId, 'browser')).toMatchObject({ status: 'in_review' });
    const { intent: payment, deliveries, events } = await orderLedger(database.db, intent.orderId);
    expect(payment!.status).toBe('requires_capture');
    expect(deliveries).toHaveLength(0);
    expect(events.map((event) => event.toStatus)).toEqual(['created', 'authorised', 'in_review']);
  });

  it('an order held for Radar’s elevated risk is sent and charged only when a person approves it', async () => {
    const kit = await database.setup();
    const admin = { id: await insertTestUser(database.db), email: 'risk@example.com' };
    // The payer asked to keep the card: it is saved when a person lets the payment go ahead, not while it is held.
    const intent = await checkout(kit.services, kit.userId, { saveCard: true });
    await pay(kit, intent, ELEVATED_RISK_CARD);
    expect(await kit.fulfilment.fulfil(intent.orderId, 'webhook')).toMatchObject({ status: 'in_review' });
    // The browser's call and the reconciler leave it where it is.
    expect(await kit.fulfilment.reconcile(intent.orderId)).toMatchObject({ status: 'in_review' });
    const savedCards = () => database.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, kit.userId));
    expect(await savedCards()).toEqual([]);
    expect(await approveReview(kit.services, kit.fulfilment, { orderId: intent.orderId, actor: admin, reason: 'Called the customer' })).toMatchObject(
      {
        status: 'completed',
      },
    );
    const { intent: payment, deliveries } = await orderLedger(database.db, intent.orderId);
    expect(payment).toMatchObject({ status: 'succeeded' });
    expect(deliveries).toHaveLength(1);
    expect(await savedCards()).toEqual([expect.objectContaining({ last4: ELEVATED_RISK_CARD.slice(-4) })]);
    expect(await database.db.select({ kind: receiptOutbox.kind }).from(receiptOutbox).where(eq(receiptOutbox.orderId, intent.orderId))).toEqual([
      { kind: 'completed' },
    ]);
    const again = await refusal(approveReview(kit.services, kit.fulfilment, { orderId: intent.orderId, actor: admin, reason: 'Twice' }));
    expect(again).toMatchObject({ code: 'ORDER_STATUS_CONFLICT' });
  });

  it('of two admins rejecting at once one wins, the other gets 409 with the status; the hold is released, the card blocklisted, the account blocked', async () => {
    const kit = await database.setup();
    const admins = [
      { id: await insertTestUser(database.db), email: 'one@example.com' },
      { id: await insertTestUser(database.db), email: 'two@example.com' },
    ];
    for (const admin of admins) await database.db.update(user).set({ isAdmin: true }).where(eq(user.id, admin.id));
    const intent = await checkout(kit.services, kit.userId);
    await pay(kit, intent, ELEVATED_RISK_CARD);
    await kit.fulfilment.fulfil(intent.orderId, 'browser');
    const answers = await Promise.all(
      admins.map((actor) =>
        refusal(
          rejectReview(kit.services, kit.fulfilment, {
            orderId: intent.orderId,
            actor,
            reason: 'Stolen card',
            blockAccount: (customerId) => blockCustomer(database.db, { customerId, actor, reason: 'Stolen card', now: kit.services.now() }),
            blocklistCard: true,
          }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer === null)).toHaveLength(1);
    expect(answers.find((answer) => answer !== null)).toMatchObject({ code: 'ORDER_STATUS_CONFLICT' });
    const { order, intent: payment, deliveries } = await orderLedger(database.db, intent.orderId);
    expect(order).toMatchObject({ status: 'canceled', failureCode: 'PAYMENT_NOT_ACCEPTED' });
    expect(payment).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect(deliveries).toHaveLength(0);
    const fingerprint = (await kit.services.payments.getPayment(intent.paymentIntentId)).card!.fingerprint!;
    expect(await database.db.select().from(riskBlocklist).where(eq(riskBlocklist.value, fingerprint))).toHaveLength(1);
    const [customer] = await database.db.select().from(user).where(eq(user.id, kit.userId));
    expect(customer!.blockedAt).not.toBeNull();
    // The customer's e-mail with the outcome: the receipt of a top-up not delivered, nothing charged.
    expect(await database.db.select({ kind: receiptOutbox.kind }).from(receiptOutbox).where(eq(receiptOutbox.orderId, intent.orderId))).toEqual([
      { kind: 'failed' },
    ]);
  });

  it('an order still in review when its window ends is released by the background loop, never sent', async () => {
    const kit = await database.setup();
    const intent = await checkout(kit.services, kit.userId);
    await pay(kit, intent, ELEVATED_RISK_CARD);
    await kit.fulfilment.fulfil(intent.orderId, 'browser');
    kit.advance(119 * 60 * 1000);
    expect(await kit.fulfilment.reconcile(intent.orderId)).toMatchObject({ status: 'in_review' });
    kit.advance(2 * 60 * 1000);
    expect(await kit.fulfilment.reconcile(intent.orderId)).toMatchObject({
      status: 'canceled',
      failureCode: 'REVIEW_WINDOW_ENDED',
      nextCheckAt: null,
    });
    const { intent: payment, deliveries } = await orderLedger(database.db, intent.orderId);
    expect(payment).toMatchObject({ status: 'canceled', amountReceived: 0 });
    expect(deliveries).toHaveLength(0);
  });

  it('applies the rules an operator saved at the next checkout; a save on an older version is refused with the rules in force', async () => {
    const kit = await database.setup();
    const actor = { id: await insertTestUser(database.db), email: 'risk@example.com' };
    const strict = {
      id: 'no-big-orders',
      description: 'Orders of a cent or more',
      when: [{ signal: 'orderTotalCents' as const, op: 'gte' as const, value: 1 }],
      action: 'refuse' as const,
    };
    const saved = await updateRiskSettings(database.db, {
      version: 0,
      rules: [strict],
      reviewWindowMinutes: 30,
      reason: 'Closing for the night',
      actor,
      now: kit.services.now(),
    });
    expect(saved).toMatchObject({ version: 1, reviewWindowMinutes: 30 });
    expect(await refusal(checkout(kit.services, kit.userId))).toEqual(NOT_ACCEPTED);
    const stale = await refusal(
      updateRiskSettings(database.db, { version: 0, rules: [], reviewWindowMinutes: 120, reason: 'Late', actor, now: kit.services.now() }),
    );
    expect(stale).toMatchObject({ code: 'SETTINGS_CONFLICT' });
    expect((await readRiskSettings(database.db)).rules).toEqual([strict]);
    const [audit] = await database.db.select().from(adminAuditLog).where(eq(adminAuditLog.action, 'risk.update'));
    expect(audit).toMatchObject({ reason: 'Closing for the night', targetId: 'risk' });
  });

  it('the review queue lists and counts the orders held, with the payer and the rule that fired, and forgets one once decided', async () => {
    const kit = await database.setup();
    const admin = { id: await insertTestUser(database.db), email: 'risk@example.com' };
    const held = [];
    for (const phone of ['08031234567', '08031234568']) {
      const intent = await checkout(kit.services, kit.userId, { phone });
      await pay(kit, intent, ELEVATED_RISK_CARD);
      await kit.fulfilment.fulfil(intent.orderId, 'browser');
      held.push(intent.orderId);
      kit.advance(1000);
    }
    const [payer] = await database.db.select({ email: user.email }).from(user).where(eq(user.id, kit.userId));
    const reviews = await listReviews(database.db);
    expect(reviews.map((review) => review.orderId)).toEqual(held);
    expect(reviews[0]).toMatchObject({ customerEmail: payer!.email, reference: expect.stringMatching(/^GT-/) });
    expect(reviews[0]!.risk!.firedRules.map((rule) => rule.id)).toEqual(['radar-elevated']);
    expect(await countReviews(database.db)).toBe(2);
    await approveReview(kit.services, kit.fulfilment, { orderId: held[0]!, actor: admin, reason: 'Called the customer' });
    expect((await listReviews(database.db)).map((review) => review.orderId)).toEqual([held[1]]);
    expect(await countReviews(database.db)).toBe(1);
  });

  it('a rule an operator switched off does not hold the payment: the elevated-risk card is sent at once', async () => {
    const kit = await database.setup();
    const actor = { id: await insertTestUser(database.db), email: 'risk@example.com' };
    const rules = DEFAULT_RISK_RULES.map((rule) => (rule.id === 'radar-elevated' ? { ...rule, enabled: false } : rule));
    await updateRiskSettings(database.db, { version: 0, rules, reviewWindowMinutes: 120, reason: 'Too many holds', actor, now: kit.services.now() });
    const intent = await checkout(kit.services, kit.userId);
    await pay(kit, intent, ELEVATED_RISK_CARD);
    expect(await kit.fulfilment.fulfil(intent.orderId, 'browser')).toMatchObject({ status: 'completed' });
  });
});
