import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AutoTopupView } from '../../shared/api/auto-topups';
import type { CreatePaymentIntentResponse } from '../../shared/api/orders';
import type { SavedCardListResponse } from '../../shared/api/saved-cards';
import { buildApp } from '../app';
import { autoTopupLinkKey, signAutoTopupLink } from '../auto-topups/links';
import { autoTopupRuns, autoTopups, emailOutbox, orders, sandboxPaymentIntents } from '../db/schema';
import { resolveAuthSecret } from '../auth/secret';
import { emailLinks } from '../mail/mailer';
import { testConfig } from '../testing/app';
import { newBrowser, signedInAdmin, signedUpBrowser } from '../testing/admins';
import { insertSavedCard } from '../testing/auto-topups';
import { openTestDatabase, type TestDatabase } from '../testing/databases';
import { GOOD_CARD } from '../testing/orders';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('auto top-ups', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const clock = { now: new Date('2026-11-22T10:00:00Z') };
  const config = testConfig();
  const linkKey = autoTopupLinkKey(resolveAuthSecret(config));

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config, database, now: () => clock.now, reconciler: false, receiptSender: false });
  });
  beforeEach(async () => {
    clock.now = new Date('2026-11-22T10:00:00Z');
    await database.reset();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  let numbers = 0;
  type Browser = Awaited<ReturnType<typeof signedUpBrowser>>;
  const customer = () => signedUpBrowser(app, database.db, `${randomUUID()}@example.com`);

  /** A top-up of a new sandbox number paid with the good card, saved for next time; answers its order and the card. */
  async function paidAndSaved(browser: Browser) {
    const phone = `0803${5002000 + ++numbers}`;
    const operator = (await app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/NG` })).json().data;
    const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0] : 5;
    const intent = (
      await browser.post('/api/create-payment-intent', {
        amount: String(amount),
        operatorId: operator.operatorId,
        countryCode: 'NG',
        phone,
        orderKey: randomUUID(),
        saveCard: true,
      })
    ).json<CreatePaymentIntentResponse>();
    expect(
      (await browser.post(`/api/sandbox-payments/${intent.paymentIntentId}/confirm`, { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD }))
        .statusCode,
    ).toBe(200);
    const topUp = await browser.post('/api/reloadly/topup', {
      operatorId: String(operator.operatorId),
      amount: intent.amount,
      useLocalAmount: false,
      customIdentifier: `topup-${numbers}`,
      recipientPhone: { countryCode: 'NG', number: phone },
      operatorName: operator.name,
      paymentIntentId: intent.paymentIntentId,
    });
    expect(topUp.json().status, topUp.body).toBe('SUCCESSFUL');
    const card = (await browser.get('/api/user/payment-methods')).json<SavedCardListResponse>().cards[0]!;
    return { orderId: intent.orderId, amount: intent.amount, phone, card };
  }

  /**
   * A schedule made from a saved recipient: a number of its own, as the sandbox top-up provider (on the real clock)
   * refuses a second top-up of a number within 2 minutes.
   */
  async function create(browser: Browser, body: Record<string, unknown>) {
    if (!body.orderId) return browser.post('/api/auto-topups', body);
    const added = await browser.post('/api/recipients', { countryCode: 'NG', phone: `0803${5003000 + ++numbers}` });
    expect(added.statusCode, added.body).toBe(201);
    return browser.post('/api/auto-topups', { ...body, orderId: undefined, recipientId: added.json().recipient.id });
  }
  const direct = (browser: Browser, body: Record<string, unknown>) => browser.post('/api/auto-topups', body);
  const inDays = (days: number) => new Date(clock.now.getTime() + days * DAY).toISOString();
  const mailTo = (email: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(emailOutbox.createdAt);
  const autoOrders = (userId: string) =>
    database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), like(orders.orderKey, 'auto-%')));
  const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

  it('lives its life with the clock: reminded once, charged once at the due time, skipped once, paused after two failures', async () => {
    const browser = await customer();
    const { orderId, amount, card } = await paidAndSaved(browser);
    const made = await create(browser, { orderId, amount, intervalDays: 7, savedCardId: card.id, firstChargeAt: inDays(2) });
    expect(made.statusCode, made.body).toBe(200);
    const schedule = made.json<{ schedule: AutoTopupView }>().schedule;
    expect(schedule).toMatchObject({ status: 'active', intervalDays: 7, amount, savedCard: { id: card.id }, nextChargeAt: inDays(2) });
    expect((await browser.get('/api/auto-topups')).json().schedules).toHaveLength(1);

    // Two days ahead, lead 1440 minutes: nothing yet.
    expect(await app.autoTopups.run()).toEqual({ reminded: 0, charged: 0 });
    clock.now = new Date(clock.now.getTime() + DAY + 60_000);
    expect((await app.autoTopups.run()).reminded).toBe(1);
    expect((await app.autoTopups.run()).reminded).toBe(0);
    const [reminder] = (await mailTo(browser.email)).filter((mail) => mail.subject.includes('auto top-up'));
    expect(reminder!.subject).toBe('Your auto top-up is coming up');
    expect(emailLinks(reminder!).filter((link) => link.includes('/auto-topup?token='))).toHaveLength(2);

    // The due time: one order, delivered and captured, whatever the number of passes.
    clock.now = new Date(schedule.nextChargeAt);
    expect((await app.autoTopups.run()).charged).toBe(1);
    expect((await app.autoTopups.run()).charged).toBe(0);
    const [charged] = await autoOrders(browser.id);
    expect(charged).toMatchObject({ status: 'completed', amountCents: Math.round(Number(amount) * 100) });
    const [intent] = await database.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, charged!.paymentId!));
    expect(intent).toMatchObject({ status: 'succeeded', amountReceived: charged!.totalCents });
    const afterCharge = (await browser.get('/api/auto-topups')).json().schedules[0] as AutoTopupView;
    expect(afterCharge.nextChargeAt).toBe(new Date(new Date(schedule.nextChargeAt).getTime() + 7 * DAY).toISOString());

    // The next reminder's skip link: the page's GET changes nothing, its button skips that period alone.
    clock.now = new Date(new Date(afterCharge.nextChargeAt).getTime() - HOUR);
    expect((await app.autoTopups.run()).reminded).toBe(1);
    const skipLink = emailLinks((await mailTo(browser.email)).at(-1)!).find((link) => link.includes('token='))!;
    const visitor = newBrowser(app);
    const seen = await visitor.get(`/api/auto-topup-links?token=${tokenOf(skipLink)}`);
    expect(seen.json()).toMatchObject({ action: 'skip', state: 'open', chargeAt: afterCharge.nextChargeAt });
    expect((await database.db.select().from(autoTopupRuns)).filter((run) => run.outcome === 'skipped')).toHaveLength(0);
    const skipped = await visitor.post('/api/auto-topup-links', { token: tokenOf(skipLink) });
    expect(skipped.json()).toMatchObject({
      action: 'skip',
      nextChargeAt: new Date(new Date(afterCharge.nextChargeAt).getTime() + 7 * DAY).toISOString(),
    });
    // Pressed again: the same answer, nothing more skipped.
    expect((await visitor.post('/api/auto-topup-links', { token: tokenOf(skipLink) })).json()).toMatchObject(skipped.json());
    expect((await visitor.get(`/api/auto-topup-links?token=${tokenOf(skipLink)}`)).json()).toMatchObject({ state: 'done' });
    clock.now = new Date(new Date(afterCharge.nextChargeAt).getTime() + 60_000);
    expect((await app.autoTopups.run()).charged).toBe(0);
    expect(await autoOrders(browser.id)).toHaveLength(1);

    // The card removed: two charges refused in a row pause the schedule and tell the customer.
    expect((await browser.delete(`/api/user/payment-methods/${card.id}`)).statusCode).toBe(200);
    for (let period = 0; period < 2; period++) {
      const [row] = await database.db.select().from(autoTopups).where(eq(autoTopups.id, schedule.id));
      clock.now = new Date(row!.nextDueAt.getTime() + 60_000);
      expect((await app.autoTopups.run()).charged).toBe(1);
    }
    const paused = (await browser.get('/api/auto-topups')).json().schedules[0] as AutoTopupView;
    expect(paused).toMatchObject({ status: 'paused', pausedReason: 'failures', failures: 2 });
    expect((await mailTo(browser.email)).map((mail) => mail.subject)).toContain('Your auto top-up is paused');
    const [row] = await database.db.select().from(autoTopups).where(eq(autoTopups.id, schedule.id));
    clock.now = new Date(row!.nextDueAt.getTime() + 60_000);
    expect((await app.autoTopups.run()).charged).toBe(0);
    expect(await autoOrders(browser.id)).toHaveLength(1);
  });

  it('a card that asks for authentication every time (3184) is not charged off-session: the customer is e-mailed; a saved 3155 is charged', async () => {
    const browser = await customer();
    const { orderId, amount } = await paidAndSaved(browser);
    const always = await insertSavedCard(database.db, browser.id, '4000002760003184');
    const made = (await create(browser, { orderId, amount, intervalDays: 14, savedCardId: always, firstChargeAt: inDays(2) })).json()
      .schedule as AutoTopupView;
    clock.now = new Date(new Date(made.nextChargeAt).getTime() + 60_000);
    expect((await app.autoTopups.run()).charged).toBe(1);
    const [refused] = await autoOrders(browser.id);
    expect(refused!.status).toBe('canceled');
    const [intent] = await database.db.select().from(sandboxPaymentIntents).where(eq(sandboxPaymentIntents.id, refused!.paymentId!));
    expect(intent).toMatchObject({ status: 'canceled', amountReceived: 0 });
    const [run] = await database.db.select().from(autoTopupRuns).where(eq(autoTopupRuns.scheduleId, made.id));
    expect(run).toMatchObject({ outcome: 'authentication_required', failureCode: 'authentication_required', orderId: refused!.id });
    const asked = (await mailTo(browser.email)).find((mail) => mail.subject === 'Your bank asks you to confirm your auto top-up');
    expect(emailLinks(asked!)[0]).toContain('restore=summary');

    const browserOf3155 = await customer();
    // 3155 saved for later use is charged off-session without authentication.
    const { orderId: ordered, amount: paid } = await paidAndSaved(browserOf3155);
    const card3155 = await insertSavedCard(database.db, browserOf3155.id, '4000002500003155');
    const scheduled = (
      await create(browserOf3155, { orderId: ordered, amount: paid, intervalDays: 28, savedCardId: card3155, firstChargeAt: inDays(2) })
    ).json().schedule as AutoTopupView;
    clock.now = new Date(new Date(scheduled.nextChargeAt).getTime() + 60_000);
    await app.autoTopups.run();
    expect((await autoOrders(browserOf3155.id))[0]!.status).toBe('completed');
  });

  it("refuses bad input naming the field, and another customer's card, order, recipient or schedule as not found", async () => {
    const owner = await customer();
    const { orderId, amount, card } = await paidAndSaved(owner);
    const intruder = await customer();
    const intruderCard = await insertSavedCard(database.db, intruder.id);
    const good = { orderId, amount, intervalDays: 7, savedCardId: card.id, firstChargeAt: inDays(3) };

    const refusals: [Record<string, unknown>, number, string | undefined][] = [
      [{ intervalDays: 10 }, 400, 'intervalDays'],
      [{ firstChargeAt: new Date(clock.now.getTime() - HOUR).toISOString() }, 400, 'firstChargeAt'],
      [{ firstChargeAt: new Date(clock.now.getTime() + HOUR).toISOString() }, 400, 'firstChargeAt'],
      [{ firstChargeAt: 'tomorrow' }, 400, 'firstChargeAt'],
      [{ amount: '-3' }, 400, 'amount'],
      [{ savedCardId: intruderCard }, 404, undefined],
    ];
    for (const [change, status, field] of refusals) {
      const answer = await direct(owner, { ...good, ...change });
      expect(answer.statusCode, JSON.stringify(change)).toBe(status);
      expect(answer.json().message.length).toBeGreaterThan(10);
      if (field) expect(answer.json().field).toBe(field);
    }
    // The intruder names the owner's order or card: not found, nothing made.
    expect((await direct(intruder, { ...good, savedCardId: intruderCard })).statusCode).toBe(404);
    expect((await direct(intruder, { ...good, orderId: undefined, recipientId: randomUUID(), savedCardId: intruderCard })).statusCode).toBe(404);
    expect((await direct(intruder, { ...good })).statusCode).toBe(404);
    expect(await database.db.select().from(autoTopups)).toHaveLength(0);

    const made = (await direct(owner, good)).json().schedule as AutoTopupView;
    for (const [method, url] of [
      ['post', `/api/auto-topups/${made.id}/skip`],
      ['post', `/api/auto-topups/${made.id}/pause`],
      ['post', `/api/auto-topups/${made.id}/resume`],
      ['patch', `/api/auto-topups/${made.id}`],
      ['delete', `/api/auto-topups/${made.id}`],
      ['post', '/api/auto-topups/not-an-id/pause'],
    ] as const) {
      expect((await intruder[method](url, {})).statusCode, url).toBe(404);
      expect((await newBrowser(app)[method](url, {})).statusCode, url).toBe(401);
    }
    expect((await intruder.get('/api/auto-topups')).json().schedules).toEqual([]);
    expect((await newBrowser(app).get('/api/auto-topups')).statusCode).toBe(401);
    expect((await newBrowser(app).post('/api/auto-topups', good)).statusCode).toBe(401);
    const [unchanged] = await database.db.select().from(autoTopups);
    expect(unchanged).toMatchObject({ status: 'active', nextPeriod: 0 });

    // The owner edits, pauses, resumes and deletes it.
    const edited = await owner.patch(`/api/auto-topups/${made.id}`, { intervalDays: 30, nextChargeAt: inDays(5) });
    expect(edited.json().schedule).toMatchObject({ intervalDays: 30, nextChargeAt: inDays(5) });
    expect((await owner.patch(`/api/auto-topups/${made.id}`, { intervalDays: 9 })).json()).toMatchObject({ field: 'intervalDays' });
    expect((await owner.post(`/api/auto-topups/${made.id}/pause`)).json().schedule.status).toBe('paused');
    expect((await owner.post(`/api/auto-topups/${made.id}/resume`)).json().schedule.status).toBe('active');
    expect((await owner.post(`/api/auto-topups/${made.id}/skip`)).json().schedule.nextChargeAt).toBe(inDays(35));
    expect((await owner.delete(`/api/auto-topups/${made.id}`)).statusCode).toBe(200);
    expect((await owner.get('/api/auto-topups')).json().schedules).toEqual([]);
  });

  it('the console lists schedules and their orders for admins only', async () => {
    const owner = await customer();
    const { orderId, amount, card } = await paidAndSaved(owner);
    const made = (await create(owner, { orderId, amount, intervalDays: 7, savedCardId: card.id, firstChargeAt: inDays(2) })).json()
      .schedule as AutoTopupView;
    clock.now = new Date(new Date(made.nextChargeAt).getTime() + 60_000);
    await app.autoTopups.run();

    expect((await newBrowser(app).get('/api/admin/auto-topups')).statusCode).toBe(401);
    expect((await owner.get('/api/admin/auto-topups')).statusCode).toBe(403);
    expect((await owner.get(`/api/admin/auto-topups/${made.id}`)).statusCode).toBe(403);
    const admin = await signedInAdmin(app, database.db, `${randomUUID()}@example.com`);
    const list = (await admin.get('/api/admin/auto-topups')).json();
    expect(list.schedules).toMatchObject([{ id: made.id, customerEmail: owner.email, intervalDays: 7, status: 'active', failures: 0 }]);
    const detail = (await admin.get(`/api/admin/auto-topups/${made.id}`)).json();
    expect(detail.runs).toMatchObject([{ period: 0, outcome: 'completed', orderStatus: 'completed' }]);
    expect((await admin.get(`/api/admin/auto-topups/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('a tampered, expired or repurposed link is refused with nothing changed; a pause link pauses on its button only', async () => {
    const owner = await customer();
    const { orderId, amount, card } = await paidAndSaved(owner);
    const made = (await create(owner, { orderId, amount, intervalDays: 7, savedCardId: card.id, firstChargeAt: inDays(2) })).json()
      .schedule as AutoTopupView;
    const expiresAt = new Date(made.nextChargeAt);
    const pause = signAutoTopupLink(linkKey, { action: 'pause', scheduleId: made.id, period: 0, expiresAt });
    const [payload, signature] = pause.split('.') as [string, string];
    const skipPayload = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('pause', 'skip')).toString('base64url');
    const forged = [
      `${payload}.${signature.slice(0, -2)}AA`,
      `${skipPayload}.${signature}`,
      signAutoTopupLink(autoTopupLinkKey('another-secret-of-at-least-32-characters!'), {
        action: 'pause',
        scheduleId: made.id,
        period: 0,
        expiresAt,
      }),
      'nonsense',
    ];
    const visitor = newBrowser(app);
    for (const token of forged) {
      expect((await visitor.get(`/api/auto-topup-links?token=${encodeURIComponent(token)}`)).json()).toMatchObject({
        code: 'AUTO_TOPUP_LINK_INVALID',
      });
      expect((await visitor.post('/api/auto-topup-links', { token })).statusCode).toBe(404);
    }
    expect((await visitor.get(`/api/auto-topup-links?token=${pause}`)).json()).toMatchObject({ action: 'pause', state: 'open' });
    expect((await database.db.select().from(autoTopups))[0]!.status).toBe('active');

    clock.now = new Date(expiresAt.getTime() + 1000);
    expect((await visitor.post('/api/auto-topup-links', { token: pause })).statusCode).toBe(404);
    expect((await database.db.select().from(autoTopups))[0]!.status).toBe('active');
    clock.now = new Date(expiresAt.getTime() - HOUR);
    expect((await visitor.post('/api/auto-topup-links', { token: pause })).json()).toMatchObject({ action: 'pause', nextChargeAt: null });
    expect((await database.db.select().from(autoTopups))[0]).toMatchObject({ status: 'paused', pausedReason: 'customer' });
    expect((await visitor.get(`/api/auto-topup-links?token=${pause}`)).json()).toMatchObject({ state: 'done' });
  });
});
