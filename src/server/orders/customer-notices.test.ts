import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECEIPT_TEXTS } from '../../shared/receipt-texts';
import { SANDBOX_MERCHANT } from '../config';
import { emailOutbox, orders, receiptOutbox, user } from '../db/schema';
import { createMailer } from '../mail/mailer';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { createFulfilment, insertTestUser, paidOrder, SANDBOX_NUMBERS, sandboxOrderServices } from '../testing/orders';
import { DELAY_NOTICE_AFTER_MS, queueDelayNotices } from './delay-notices';
import { reportDelivery, resolveReportDelivered } from './delivery-reports';
import { sendDueReceipts, type ReceiptSenderDeps } from './receipt-sender';
import { reconcileDueOrders } from './reconciler';
import { silentLog } from './services';

const MINUTE = 60 * 1000;
const NUMBER = '+234 803 123 0001';

/** The e-mails about an order that tell of a delay or of a resolved report (ADR 042). */
describe.each(TEST_DATABASE_KINDS)('notices e-mailed about an order on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  function setup() {
    const kit = sandboxOrderServices(database.db);
    const deps: ReceiptSenderDeps = {
      db: database.db,
      mailer: createMailer({ smtpUrl: undefined, stripe: undefined }, database.db),
      publicUrl: 'https://globaltopup.test',
      merchant: SANDBOX_MERCHANT,
      now: kit.services.now,
      log: silentLog,
      workerId: 'notices',
    };
    return { ...kit, fulfilment: createFulfilment(kit.services), deps };
  }

  const mailsAbout = (orderId: string) =>
    database.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${orderId}%`));
  const noticesOf = (orderId: string, noticeKind: string) =>
    database.db
      .select()
      .from(receiptOutbox)
      .where(and(eq(receiptOutbox.orderId, orderId), eq(receiptOutbox.kind, noticeKind)));

  /** An order whose top-up was sent and is still PROCESSING at the operator. */
  async function pendingOrder(kit: ReturnType<typeof setup>, userId: string) {
    const { orderId } = await paidOrder(kit.services, { userId, phone: SANDBOX_NUMBERS.processing });
    expect((await kit.fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
    return orderId;
  }

  it('a top-up still not delivered 10 minutes after it was sent: one e-mail, saying it is delayed, charged only on delivery, with the order number', async () => {
    const kit = setup();
    const userId = await insertTestUser(database.db);
    const orderId = await pendingOrder(kit, userId);

    kit.advance(DELAY_NOTICE_AFTER_MS - MINUTE);
    expect(await queueDelayNotices(database.db, kit.services.now())).toBe(0);
    kit.advance(MINUTE);
    // Two instances looking at once, and later looks: one notice.
    expect(await Promise.all([queueDelayNotices(database.db, kit.services.now()), queueDelayNotices(database.db, kit.services.now())])).toEqual(
      expect.arrayContaining([1, 0]),
    );
    kit.advance(5 * MINUTE);
    expect(await queueDelayNotices(database.db, kit.services.now())).toBe(0);
    expect(await noticesOf(orderId, 'delayed')).toHaveLength(1);

    expect((await sendDueReceipts(kit.deps)).outcomes).toEqual(['sent']);
    const mails = await mailsAbout(orderId);
    expect(mails).toHaveLength(1);
    const texts = RECEIPT_TEXTS.en;
    expect(mails[0]).toMatchObject({ to: 'payer@example.com', subject: texts.subjects.delayed.replace('{number}', NUMBER) });
    expect(mails[0]!.text).toContain(texts.titles.delayed);
    expect(mails[0]!.text).toContain('Your card is only charged once the top-up is delivered');
    expect(mails[0]!.text).toContain(`Order number: ${orderId}`);
    expect(mails[0]!.text).toContain('Payment method: Visa •••• 4242');
    // Not paid yet: held until delivery.
    expect(mails[0]!.text).toMatch(/Held on your card until delivery: \$\d+\.\d\d/);
    expect(mails[0]!.text).not.toContain(texts.youPaid);
    expect(mails[0]!.html).toContain('Your top-up is delayed');

    kit.advance(30 * MINUTE);
    expect(await queueDelayNotices(database.db, kit.services.now())).toBe(0);
    expect((await sendDueReceipts(kit.deps)).claimed).toBe(0);
    expect(await mailsAbout(orderId)).toHaveLength(1);
  });

  it('no delay e-mail for a top-up delivered at once, however long ago', async () => {
    const kit = setup();
    const userId = await insertTestUser(database.db);
    const { orderId } = await paidOrder(kit.services, { userId });
    expect((await kit.fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    kit.advance(60 * MINUTE);
    expect(await queueDelayNotices(database.db, kit.services.now())).toBe(0);
    expect(await noticesOf(orderId, 'delayed')).toHaveLength(0);
  });

  it('the reconciler’s run queues it; delivered before it went out, it is not sent, and the receipt is', async () => {
    const kit = setup();
    const userId = await insertTestUser(database.db);
    const orderId = await pendingOrder(kit, userId);
    // The reconciler's next look finds nothing due yet.
    await database.db.update(orders).set({ nextCheckAt: null }).where(eq(orders.id, orderId));
    kit.advance(DELAY_NOTICE_AFTER_MS + MINUTE);
    await reconcileDueOrders(kit.services, kit.fulfilment);
    expect(await noticesOf(orderId, 'delayed')).toHaveLength(1);

    // The operator confirms before the notice was sent.
    let status = '';
    for (let check = 0; check < 3 && status !== 'completed'; check++) status = (await kit.fulfilment.reconcile(orderId)).status;
    expect(status).toBe('completed');
    const outcomes = (await sendDueReceipts(kit.deps)).outcomes;
    expect(outcomes.sort()).toEqual(['sent', 'skipped']);
    const [notice] = await noticesOf(orderId, 'delayed');
    expect(notice!.skippedAt).not.toBeNull();
    const mails = await mailsAbout(orderId);
    expect(mails.map((mail) => mail.subject)).toEqual([RECEIPT_TEXTS.en.subjects.completed.replace('{number}', NUMBER)]);
  });

  it('a report resolved as delivered e-mails the customer the outcome and the operator’s reference, in their language, once per resolution', async () => {
    const kit = setup();
    const userId = await insertTestUser(database.db);
    const adminId = await insertTestUser(database.db, 'boss@example.com');
    await database.db.update(user).set({ language: 'fr' }).where(eq(user.id, userId));
    const { orderId } = await paidOrder(kit.services, { userId });
    expect((await kit.fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
    await sendDueReceipts(kit.deps);

    const resolve = async (reference: string) => {
      await reportDelivery(database.db, { userId, orderId, message: 'Nothing came' }, kit.services.now());
      // Not before a person resolves it.
      expect((await sendDueReceipts(kit.deps)).claimed).toBe(0);
      await resolveReportDelivered(
        database.db,
        { orderId, actor: { id: adminId, email: 'boss@example.com' }, reason: 'The operator confirmed it', reference },
        kit.services.now(),
      );
      expect((await sendDueReceipts(kit.deps)).outcomes).toEqual(['sent']);
    };
    await resolve('MTN-OPERATOR-REF-1');
    const texts = RECEIPT_TEXTS.fr;
    const subject = texts.subjects.reportDelivered.replace('{number}', '+234 803 123 4567');
    let notices = (await mailsAbout(orderId)).filter((mail) => mail.subject === subject);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(texts.titles.reportDelivered);
    expect(notices[0]!.text).toContain('MTN-OPERATOR-REF-1');
    expect(notices[0]!.html).toContain('lang="fr"');

    // Reported again later and resolved again: the customer hears of that resolution too.
    kit.advance(MINUTE);
    await resolve('MTN-OPERATOR-REF-2');
    notices = (await mailsAbout(orderId)).filter((mail) => mail.subject === subject);
    expect(notices).toHaveLength(2);
    expect(notices.some((mail) => mail.text.includes('MTN-OPERATOR-REF-2'))).toBe(true);
  });
});
