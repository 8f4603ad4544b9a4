import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { databaseQueries } from '../metrics/registry';
import { emailOutbox, receiptOutbox, user } from '../db/schema';
import { refundOrder } from './admin-actions';
import { silentLog } from './services';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { createFulfilment, insertTestUser, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { RECEIPT_TEXTS } from '../../shared/receipt-texts';
import { createMailer, type Mailer } from '../mail/mailer';
import { RECEIPT_LEASE_MS, retryDelayMs, sendDueReceipts, startReceiptSender, type ReceiptSenderDeps } from './receipt-sender';
import { SANDBOX_MERCHANT } from '../config';

const PUBLIC_URL = 'https://globaltopup.test';

/** The statements sent to PostgreSQL so far (db_queries_total). */
const statementsSent = async () => (await databaseQueries.get()).values[0]?.value ?? 0;

/** The outbox mailer, with a switch that makes every send fail as an SMTP server that is down would. */
function outboxMailer(db: Database) {
  const inner = createMailer({ smtpUrl: undefined, stripe: undefined }, db);
  const state = { down: false, attempts: 0, sending: false };
  const mailer: Mailer = {
    kind: 'outbox',
    send: (email) => inner.send(email),
    async sendMarked(messages, mark, stopping) {
      state.attempts++;
      if (state.down) return new Map(messages.map(({ key }) => [key, { error: new Error('connect ECONNREFUSED 127.0.0.1:25') }]));
      state.sending = true;
      return inner.sendMarked(messages, mark, stopping);
    },
  };
  return { mailer, state };
}

describe.each(TEST_DATABASE_KINDS)('receipt e-mails on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  function setup() {
    const kit = sandboxOrderServices(database.db);
    const { mailer, state } = outboxMailer(database.db);
    const deps = (workerId: string): ReceiptSenderDeps => ({
      db: database.db,
      mailer,
      publicUrl: PUBLIC_URL,
      merchant: SANDBOX_MERCHANT,
      now: kit.services.now,
      log: silentLog,
      workerId,
    });
    return { ...kit, fulfilment: createFulfilment(kit.services), mailer, mailState: state, deps };
  }

  /** The e-mails about one order: each receipt names its order. */
  const mailsAbout = (orderId: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${orderId}%`));
  const receiptsOf = (orderId: string) => database.db.select().from(receiptOutbox).where(eq(receiptOutbox.orderId, orderId));

  async function until(done: () => Promise<boolean>, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a completed top-up under 50 concurrent fulfilment calls, with two senders running, is e-mailed exactly once', async () => {
    const { services, deps } = setup();
    const userId = await insertTestUser(database.db);
    const senders = [startReceiptSender(deps('instance-a'), 60_000), startReceiptSender(deps('instance-b'), 60_000)];
    try {
      const instances = [createFulfilment(services), createFulfilment(services)];
      const { orderId } = await paidOrder(services, { userId });
      await Promise.all(Array.from({ length: 50 }, (_, index) => instances[index % 2]!.fulfil(orderId, index % 3 ? 'browser' : 'webhook')));
      // Nobody calls the senders: the move to completed nudges them.
      await until(async () => (await receiptsOf(orderId))[0]?.sentAt != null);
      // Both senders look again: nothing is due, nothing more is sent.
      senders.forEach((sender) => sender.nudge());
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
    const [orderId] = (await database.db.select().from(receiptOutbox)).map((row) => row.orderId);
    const mails = await mailsAbout(orderId!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'payer@example.com',
      subject: RECEIPT_TEXTS.en.subjects.completed.replace('{number}', '+234 803 123 4567'),
    });
    expect(await receiptsOf(orderId!)).toEqual([expect.objectContaining({ kind: 'completed', attempts: 1, lastError: null, skippedAt: null })]);
  });

  it('two workers racing over 30 due receipts send each one once', async () => {
    const { services, fulfilment, deps } = setup();
    const userId = await insertTestUser(database.db);
    const orderIds: string[] = [];
    for (let index = 0; index < 30; index++) {
      const { orderId } = await paidOrder(services, { userId, phone: `0803${2_200_100 + index}` });
      await fulfilment.fulfil(orderId, 'browser');
      orderIds.push(orderId);
    }
    const workers = [deps('worker-a'), deps('worker-b')];
    // Small batches, many rounds each, all at once.
    await Promise.all(workers.flatMap((worker) => Array.from({ length: 6 }, () => sendDueReceipts(worker, 4))));
    while ((await sendDueReceipts(workers[0]!, 10)).claimed > 0);
    const sentBy = new Set<string>();
    for (const orderId of orderIds) {
      expect(await mailsAbout(orderId)).toHaveLength(1);
      const [receipt] = await receiptsOf(orderId);
      expect(receipt).toMatchObject({ kind: 'completed', attempts: 1 });
      expect(receipt!.sentAt).not.toBeNull();
      sentBy.add(receipt!.claimedBy!.split(':')[0]!);
    }
    if (kind === 'postgres') expect(sentBy).toEqual(new Set(['worker-a', 'worker-b']));
  });

  it('a failed delivery e-mails the Top-up Failed receipt: nothing charged, the hold released', async () => {
    const { services, fulfilment, deps } = setup();
    const userId = await insertTestUser(database.db);
    await database.db.update(user).set({ language: 'es' }).where(eq(user.id, userId));
    const { orderId } = await paidOrder(services, { userId, phone: SANDBOX_NUMBERS.failed });
    expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('canceled');
    await sendDueReceipts(deps('worker'));
    const [mail] = await mailsAbout(orderId);
    expect(mail!.subject).toBe(RECEIPT_TEXTS.es.subjects.failed);
    expect(mail!.text).toContain(RECEIPT_TEXTS.es.titles.failed);
    expect(mail!.text).toContain(RECEIPT_TEXTS.es.leads.failed);
    expect(mail!.html).toContain('lang="es"');
  });

  it('a refund from the operations console queues the refunded receipt, and it is sent', async () => {
    const { services, fulfilment, deps } = setup();
    const userId = await insertTestUser(database.db);
    const { orderId } = await paidOrder(services, { userId });
    await fulfilment.fulfil(orderId, 'browser');
    const refunded = await refundOrder(services, fulfilment, {
      orderId,
      actor: { id: 'admin-1', email: 'boss@example.com' },
      reason: 'Asked by the customer',
    });
    expect(refunded.status).toBe('refunded');
    await sendDueReceipts(deps('worker'));
    const mails = await mailsAbout(orderId);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        RECEIPT_TEXTS.en.subjects.completed.replace('{number}', '+234 803 123 4567'),
        RECEIPT_TEXTS.en.subjects.refunded.replace('{number}', '+234 803 123 4567'),
      ].sort(),
    );
    const refundMail = mails.find((mail) => mail.subject.startsWith('Refunded'))!;
    expect(refundMail.text).toContain(RECEIPT_TEXTS.en.leads.refunded);
    expect(refundMail.text).toContain('Refunded: $');
  });

  it('a customer who turned receipts off gets none: the receipt is skipped, not retried', async () => {
    const { services, fulfilment, deps } = setup();
    const userId = await insertTestUser(database.db);
    await database.db.update(user).set({ receiptEmails: false }).where(eq(user.id, userId));
    const { orderId } = await paidOrder(services, { userId });
    await fulfilment.fulfil(orderId, 'browser');
    expect((await sendDueReceipts(deps('worker'))).outcomes).toEqual(['skipped']);
    expect(await mailsAbout(orderId)).toHaveLength(0);
    const [receipt] = await receiptsOf(orderId);
    expect(receipt!.skippedAt).not.toBeNull();
    expect(receipt!.sentAt).toBeNull();
    expect((await sendDueReceipts(deps('worker'))).claimed).toBe(0);
  });

  it('a deleted account gets no receipt', async () => {
    const { services, fulfilment, deps } = setup();
    const userId = await insertTestUser(database.db);
    const { orderId } = await paidOrder(services, { userId });
    await fulfilment.fulfil(orderId, 'browser');
    await database.db.update(user).set({ deletedAt: new Date() }).where(eq(user.id, userId));
    expect((await sendDueReceipts(deps('worker'))).outcomes).toEqual(['skipped']);
    expect(await mailsAbout(orderId)).toHaveLength(0);
  });

  it('a failed send is tried again later, backing off, and keeps its error until it goes', async () => {
    const { services, fulfilment, deps, mailState, advance } = setup();
    const userId = await insertTestUser(database.db);
    const { orderId } = await paidOrder(services, { userId });
    await fulfilment.fulfil(orderId, 'browser');
    mailState.down = true;
    expect((await sendDueReceipts(deps('worker'))).outcomes).toEqual(['retry']);
    let [receipt] = await receiptsOf(orderId);
    expect(receipt).toMatchObject({ attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25', sentAt: null });
    expect(receipt!.nextAttemptAt).toEqual(new Date(services.now().getTime() + retryDelayMs(1)));
    // Not due before its wait is over.
    expect((await sendDueReceipts(deps('worker'))).claimed).toBe(0);
    advance(retryDelayMs(1));
    expect((await sendDueReceipts(deps('worker'))).outcomes).toEqual(['retry']);
    [receipt] = await receiptsOf(orderId);
    expect(receipt!.nextAttemptAt).toEqual(new Date(services.now().getTime() + retryDelayMs(2)));
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));
    mailState.down = false;
    advance(retryDelayMs(2));
    expect((await sendDueReceipts(deps('worker'))).outcomes).toEqual(['sent']);
    [receipt] = await receiptsOf(orderId);
    expect(receipt).toMatchObject({ attempts: 3, lastError: null });
    expect(await mailsAbout(orderId)).toHaveLength(1);
  });

  it('a receipt whose worker stalled past its lease is sent by another, and the stalled worker then sends nothing', async () => {
    const { services, fulfilment, deps, advance } = setup();
    const userId = await insertTestUser(database.db);
    const { orderId } = await paidOrder(services, { userId });
    await fulfilment.fulfil(orderId, 'browser');
    // The first worker claims the receipt and hangs in its mail server until released.
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const inner = createMailer({ smtpUrl: undefined, stripe: undefined }, database.db);
    const hanging: Mailer = { ...inner, sendMarked: async (messages, mark) => (await stalled, inner.sendMarked(messages, mark)) };
    const first = sendDueReceipts({ ...deps('stalled'), mailer: hanging });
    await until(async () => (await receiptsOf(orderId))[0]?.claimedBy?.startsWith('stalled:') === true);
    // Within the lease nobody else takes it; after it, another worker does and sends it.
    expect((await sendDueReceipts(deps('other'))).claimed).toBe(0);
    advance(RECEIPT_LEASE_MS);
    expect((await sendDueReceipts(deps('other'))).outcomes).toEqual(['sent']);
    release();
    expect((await first).outcomes).toEqual(['lost']);
    expect(await mailsAbout(orderId)).toHaveLength(1);
    expect(await receiptsOf(orderId)).toEqual([expect.objectContaining({ attempts: 2, claimedBy: expect.stringMatching(/^other:/) })]);
  });

  /** Three completed top-ups of one customer, their receipts due. */
  async function threeReceiptsDue(kit: ReturnType<typeof setup>) {
    const userId = await insertTestUser(database.db);
    for (const phone of ['08031112221', '08031112223', '08031112224']) {
      const { orderId } = await paidOrder(kit.services, { userId, phone });
      await kit.fulfilment.fulfil(orderId, 'browser');
    }
  }

  it('a batch of receipts is claimed, read and sent in three statements, and each is marked sent', async () => {
    const kit = setup();
    await threeReceiptsDue(kit);
    const before = await statementsSent();
    expect(await sendDueReceipts(kit.deps('worker'))).toEqual({ claimed: 3, outcomes: ['sent', 'sent', 'sent'] });
    // Only PostgreSQL has round trips to count; PGlite runs in the process.
    if (kind === 'postgres') expect((await statementsSent()) - before).toBe(3);
    expect(kit.mailState.attempts).toBe(1);
    expect((await database.db.select().from(receiptOutbox)).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    expect(await database.db.select().from(emailOutbox).where(like(emailOutbox.subject, '%'))).toHaveLength(3);
  });

  it('a worker that stops while its batch is being sent finishes the batch: the outbox keeps all of it or none', async () => {
    const kit = setup();
    await threeReceiptsDue(kit);
    const result = await sendDueReceipts(kit.deps('stopping'), 20, () => kit.mailState.sending);
    expect(result).toEqual({ claimed: 3, outcomes: ['sent', 'sent', 'sent'] });
  });

  it('a worker that stops before sending hands its claimed receipts back, due at once, and another sends them', async () => {
    const kit = setup();
    await threeReceiptsDue(kit);
    const result = await sendDueReceipts(kit.deps('stopping'), 20, () => true);
    expect(result).toEqual({ claimed: 3, outcomes: [] });
    const rows = await database.db.select().from(receiptOutbox);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ sentAt: null, attempts: 0, nextAttemptAt: kit.services.now() });
    expect((await sendDueReceipts(kit.deps('other'))).outcomes).toEqual(['sent', 'sent', 'sent']);
  });
});
