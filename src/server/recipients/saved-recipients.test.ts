import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SAVED_RECIPIENTS_MAX } from '../../shared/api/recipients';
import { formatUsd } from '../../shared/pricing';
import { orders, savedRecipients } from '../db/schema';
import { DomainError } from '../domain-error';
import { createFulfilment, insertTestUser, paidOrder, sandboxOrderServices, SANDBOX_NUMBERS } from '../testing/orders';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { addRecipient, deleteRecipient, listRecipients, renameRecipient, type DetectOperator } from './saved-recipients';

const MINUTE_MS = 60_000;
const noOperator: DetectOperator = async () => null;
const at = (iso: string) => new Date(iso);

describe.each(TEST_DATABASE_KINDS)('saved recipients on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  it('repeated completed top-ups to one number keep one recipient, refreshed with its last top-up', async () => {
    const kit = sandboxOrderServices(database.db);
    const fulfilment = createFulfilment(kit.services);
    const userId = await insertTestUser(database.db);
    const completedAt: Date[] = [];
    for (let round = 0; round < 3; round++) {
      const { orderId } = await paidOrder(kit.services, { userId, phone: SANDBOX_NUMBERS.successful });
      expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('completed');
      completedAt.push(kit.services.now());
      // Past the cooldown between two top-ups to the same number.
      kit.advance(10 * MINUTE_MS);
    }
    const recipients = await listRecipients(database.db, userId);
    expect(recipients).toHaveLength(1);
    expect(recipients[0]).toMatchObject({
      countryCode: 'NG',
      nationalNumber: SANDBOX_NUMBERS.successful,
      callingCode: '234',
      operatorName: expect.stringMatching(/MTN/),
      lastToppedUpAt: completedAt[2]!.toISOString(),
    });
  });

  it('a completed top-up keeps the name the customer gave and refreshes a number they added by hand', async () => {
    const kit = sandboxOrderServices(database.db);
    const userId = await insertTestUser(database.db);
    const { recipient } = await addRecipient(
      database.db,
      { userId, countryIso: 'NG', phone: SANDBOX_NUMBERS.successful, name: 'Mum', now: at('2026-11-01T09:00:00Z') },
      noOperator,
    );
    const { orderId } = await paidOrder(kit.services, { userId });
    await createFulfilment(kit.services).fulfil(orderId, 'browser');
    const [after] = await listRecipients(database.db, userId);
    expect(after).toMatchObject({ id: recipient.id, name: 'Mum', lastToppedUpAt: kit.services.now().toISOString() });
    expect(after!.operatorId).not.toBeNull();
  });

  it('carries the customer’s own last completed top-up of each recipient: its operator and amount', async () => {
    const kit = sandboxOrderServices(database.db);
    const userId = await insertTestUser(database.db);
    const other = await insertTestUser(database.db);
    await addRecipient(database.db, { userId, countryIso: 'NG', phone: SANDBOX_NUMBERS.successful, now: kit.services.now() }, noOperator);
    await paidOrder(kit.services, { userId, pay: false });
    const { orderId: othersOrder } = await paidOrder(kit.services, { userId: other });
    await createFulfilment(kit.services).fulfil(othersOrder, 'browser');
    expect((await listRecipients(database.db, userId))[0]!.lastTopUp).toBeNull();
    // Past the cooldown between two top-ups to the same number.
    kit.advance(10 * MINUTE_MS);

    const { orderId } = await paidOrder(kit.services, { userId });
    expect((await createFulfilment(kit.services).fulfil(orderId, 'browser')).status).toBe('completed');
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const [recipient] = await listRecipients(database.db, userId);
    expect(recipient!.lastTopUp).toEqual({ operatorId: order!.operatorId, amount: formatUsd(order!.amountCents) });
    expect(recipient!.lastTopUp!.amount).toMatch(/^\d+\.\d{2}$/);
  });

  it('lists the most recently topped up first, then the never topped up, newest first; only the customer’s own', async () => {
    const amina = await insertTestUser(database.db);
    const kofi = await insertTestUser(database.db);
    const rows = [
      { nationalNumber: '8031111111', lastToppedUpAt: at('2026-11-10T00:00:00Z'), createdAt: at('2026-01-01T00:00:00Z') },
      { nationalNumber: '8032222222', lastToppedUpAt: null, createdAt: at('2026-11-20T00:00:00Z') },
      { nationalNumber: '8033333333', lastToppedUpAt: at('2026-11-15T00:00:00Z'), createdAt: at('2026-02-01T00:00:00Z') },
      { nationalNumber: '8034444444', lastToppedUpAt: null, createdAt: at('2026-11-21T00:00:00Z') },
    ];
    await database.db.insert(savedRecipients).values(rows.map((row) => ({ ...row, userId: amina, countryIso: 'NG' })));
    await database.db.insert(savedRecipients).values({ userId: kofi, countryIso: 'NG', nationalNumber: '8039999999' });
    expect((await listRecipients(database.db, amina)).map((recipient) => recipient.nationalNumber)).toEqual([
      '8033333333',
      '8031111111',
      '8034444444',
      '8032222222',
    ]);
    expect((await listRecipients(database.db, kofi)).map((recipient) => recipient.nationalNumber)).toEqual(['8039999999']);
  });

  it('adding a saved number again answers the recipient kept, and stores nothing more', async () => {
    const userId = await insertTestUser(database.db);
    const now = at('2026-11-22T10:00:00Z');
    const detections: string[] = [];
    const detect: DetectOperator = async (number) => {
      detections.push(number);
      return { operatorId: 7, operatorName: 'MTN Nigeria' };
    };
    const first = await addRecipient(database.db, { userId, countryIso: 'NG', phone: '803 123 4567', name: 'Mum', now }, detect);
    const again = await Promise.all(
      Array.from({ length: 5 }, () => addRecipient(database.db, { userId, countryIso: 'NG', phone: '8031234567', name: 'Aunt', now }, detect)),
    );
    expect(first).toMatchObject({
      created: true,
      recipient: { nationalNumber: '8031234567', name: 'Mum', operatorId: 7, operatorName: 'MTN Nigeria' },
    });
    expect(again.every(({ created, recipient }) => !created && recipient.id === first.recipient.id && recipient.name === 'Mum')).toBe(true);
    expect(await database.db.select().from(savedRecipients)).toHaveLength(1);
    expect(detections[0]).toBe('8031234567');
  });

  it('refuses a number that breaks the recipient step’s rules, and stores nothing', async () => {
    const userId = await insertTestUser(database.db);
    const now = new Date();
    for (const [countryIso, phone, key] of [
      ['NG', '', 'phone.required'],
      ['NG', '80312', 'phone.tooShort'],
      ['IN', '98765432101', 'phone.tooLong'],
      ['IN', '1234567890', 'phone.invalidFormat'],
      ['GB', '1234567890123456', 'phone.tooLong'],
    ] as const) {
      const refusal = await addRecipient(database.db, { userId, countryIso, phone, now }, noOperator).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ kind: 'invalid', code: 'INVALID_PHONE', messageRef: { key }, options: { field: 'phone' } });
    }
    expect(await database.db.select().from(savedRecipients)).toEqual([]);
  });

  it(`refuses a recipient beyond ${SAVED_RECIPIENTS_MAX}, with a message saying so`, async () => {
    const userId = await insertTestUser(database.db);
    await database.db
      .insert(savedRecipients)
      .values(
        Array.from({ length: SAVED_RECIPIENTS_MAX }, (_, index) => ({ userId, countryIso: 'GB', nationalNumber: String(7_000_000_000 + index) })),
      );
    const refusal = await addRecipient(database.db, { userId, countryIso: 'NG', phone: '8031234567', now: new Date() }, noOperator).catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({
      kind: 'conflict',
      code: 'RECIPIENTS_FULL',
      messageRef: { key: 'apiErrors.recipientsFull', params: { max: SAVED_RECIPIENTS_MAX } },
    });
    // A number already saved is still answered.
    const known = await addRecipient(database.db, { userId, countryIso: 'GB', phone: '7000000000', now: new Date() }, noOperator);
    expect(known.created).toBe(false);
    expect(await database.db.select().from(savedRecipients)).toHaveLength(SAVED_RECIPIENTS_MAX);
  });

  it('renames and deletes only the customer’s own recipient; another customer’s is not found and stays as it was', async () => {
    const amina = await insertTestUser(database.db);
    const kofi = await insertTestUser(database.db);
    const now = new Date('2026-11-22T10:00:00Z');
    const { recipient } = await addRecipient(database.db, { userId: amina, countryIso: 'NG', phone: '8031234567', name: 'Mum', now }, noOperator);
    for (const attempt of [
      () => renameRecipient(database.db, kofi, recipient.id, 'Mine', now),
      () => deleteRecipient(database.db, kofi, recipient.id),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ kind: 'not_found', code: 'RECIPIENT_NOT_FOUND' });
    }
    expect((await listRecipients(database.db, amina))[0]).toMatchObject({ id: recipient.id, name: 'Mum' });

    expect(await renameRecipient(database.db, amina, recipient.id, null, now)).toMatchObject({ id: recipient.id, name: null });
    await deleteRecipient(database.db, amina, recipient.id);
    expect(await listRecipients(database.db, amina)).toEqual([]);
    await expect(deleteRecipient(database.db, amina, recipient.id)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
