import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import {
  account,
  adminAuditLog,
  attemptCounts,
  contactMessages,
  deliveryReports,
  emailOutbox,
  orders,
  receiptOutbox,
  savedRecipients,
  session,
  topupRequests,
  twoFactor,
  user,
  verification,
} from '../db/schema';
import { DomainError } from '../domain-error';
import { startCheckout } from '../orders/checkout';
import { confirmSandboxPaymentIntent } from '../payments/sandbox/confirm';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderEvent, insertOrderRow } from '../testing/order-rows';
import { createFulfilment, firstOffer, GOOD_CARD, sandboxOrderServices } from '../testing/orders';
import { deletedEmailFor, PERSONAL_DATA, TABLES_WITHOUT_PERSONAL_DATA } from './personal-data';
import { deleteAccount, exportPersonalData } from './your-data';

const NOW = new Date('2026-11-22T12:00:00Z');

interface Customer {
  id: string;
  email: string;
  name: string;
  /** [completed top-up, refunded order, saved only, top-up request] */
  phones: [string, string, string, string];
  orderIds: string[];
}

/** Every (schema, table, column) of the database's own tables, from information_schema. */
async function everyColumn(db: Database) {
  const result = (await db.execute(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where t.table_type = 'BASE TABLE' and c.table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2, 3`)) as unknown as { rows: Array<{ table_schema: string; table_name: string; column_name: string }> };
  return result.rows;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Every column, of every table, whose value (cast to text) contains one of `needles`, ignoring case: one statement a
 * table, counting each of its columns.
 */
async function columnsHolding(db: Database, needles: string[]): Promise<string[]> {
  const tables = new Map<string, { table: string; columns: string[] }>();
  for (const column of await everyColumn(db)) {
    const target = `${quoted(column.table_schema)}.${quoted(column.table_name)}`;
    const entry = tables.get(target) ?? { table: column.table_name, columns: [] };
    entry.columns.push(column.column_name);
    tables.set(target, entry);
  }
  const found: string[] = [];
  for (const [target, { table, columns }] of tables) {
    const counts = columns.map((name, index) => {
      const holds = sql.join(
        needles.map((needle) => sql`${sql.raw(quoted(name))}::text ilike ${likePattern(needle)}`),
        sql` or `,
      );
      return sql`count(*) filter (where ${holds})::int as ${sql.raw(`c${index}`)}`;
    });
    const result = (await db.execute(sql`select ${sql.join(counts, sql`, `)} from ${sql.raw(target)}`)) as unknown as {
      rows: Array<Record<string, number>>;
    };
    columns.forEach((name, index) => {
      if (result.rows[0]![`c${index}`]! > 0) found.push(`${table}.${name}`);
    });
  }
  return found;
}

describe.each(TEST_DATABASE_KINDS)('your data on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());
  const db = () => database.db;

  /** A customer with something in every table that can hold their data, and a completed top-up made through checkout. */
  async function customer(first: string, last: string, phones: Customer['phones']): Promise<Customer> {
    const id = randomUUID();
    const email = `${first}.${last}@Example.com`;
    const name = `${first} ${last}`;
    await db()
      .insert(user)
      .values({ id, name, email, username: `${first.toLowerCase()}_${last.toLowerCase()}`, image: `https://img.example.com/${first}.png` });
    await db()
      .insert(session)
      .values({
        id: randomUUID(),
        token: randomUUID(),
        userId: id,
        expiresAt: new Date(NOW.getTime() + 86_400_000),
        updatedAt: NOW,
        ipAddress: '203.0.113.9',
      });
    await db().insert(account).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: 'hash', updatedAt: NOW });
    await db().insert(twoFactor).values({ id: randomUUID(), userId: id, secret: 'sealed-secret', backupCodes: 'sealed-codes' });
    await db()
      .insert(verification)
      .values({ id: randomUUID(), identifier: `reset-password:${randomUUID()}`, value: id, expiresAt: NOW });
    await db()
      .insert(emailOutbox)
      .values({ to: email.toLowerCase(), subject: 'Reset', text: `Hello ${name}`, html: '<p>Hello</p>' });
    await db()
      .insert(attemptCounts)
      .values({ key: `email:${email.toLowerCase()}`, windowStartedAt: NOW, count: 2 });
    await db()
      .insert(contactMessages)
      .values({ name, email, topic: 'order', message: `My number is ${phones[0]}`, language: 'en' });

    const kit = sandboxOrderServices(db(), NOW);
    const { operator, amount } = await firstOffer(kit.services, 'NG', phones[0]);
    const intent = await startCheckout(kit.services, {
      userId: id,
      accountEmail: email,
      body: { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: phones[0] },
    });
    await confirmSandboxPaymentIntent(db(), intent.paymentIntentId, { clientSecret: intent.clientSecret, paymentMethod: GOOD_CARD }, NOW);
    expect((await createFulfilment(kit.services).fulfil(intent.orderId, 'browser')).status).toBe('completed');

    const refunded = await insertOrderRow(db(), { userId: id, status: 'refunded', recipientPhone: phones[1], receiptEmail: email, totalCents: 1234 });
    await insertOrderEvent(db(), {
      orderId: refunded.id,
      fromStatus: 'refunding',
      toStatus: 'refunded',
      source: 'admin',
      detail: { reason: `Customer ${email} said ${phones[1]} never got it`, nested: [{ phone: phones[1] }] },
    });
    await db()
      .insert(adminAuditLog)
      .values([
        {
          actorId: 'admin-1',
          actorEmail: 'boss@globaltopup.test',
          action: 'order.refund',
          targetType: 'order',
          targetId: refunded.id,
          reason: `Asked by ${email}`,
          before: { status: 'completed', recipientPhone: phones[1] },
          after: { status: 'refunding' },
        },
        {
          actorId: 'admin-1',
          actorEmail: 'boss@globaltopup.test',
          action: 'customer.block',
          targetType: 'customer',
          targetId: id,
          reason: `${name} abuse`,
          before: null,
          after: null,
        },
      ]);
    await db()
      .insert(savedRecipients)
      .values({ userId: id, countryIso: 'NG', nationalNumber: phones[2], name: `${first}'s mum` });
    await db()
      .insert(topupRequests)
      .values({ tokenHash: randomUUID(), countryIso: 'NG', nationalNumber: phones[3], note: `From ${first}`, userId: id, expiresAt: NOW });
    await db()
      .insert(deliveryReports)
      .values({ orderId: intent.orderId, userId: id, status: 'reported', message: `${phones[0]} got nothing, write to ${email}` });
    return { id, email, name, phones, orderIds: [intent.orderId, refunded.id] };
  }

  const amina = () => customer('Amina', 'Okafor', ['08035550142', '08035550277', '07061112233', '08129998877']);
  const kofi = () => customer('Kofi', 'Mensah', ['08036660177', '08036660288', '07064445566', '08123334455']);
  const identifying = (someone: Customer) => [someone.email, someone.name, ...someone.phones];

  it('names every table of the database, as holding personal data or not', async () => {
    const tables = new Set((await everyColumn(db())).filter((column) => column.table_schema === 'public').map((column) => column.table_name));
    const classified = [...PERSONAL_DATA.map((entry) => entry.table), ...TABLES_WITHOUT_PERSONAL_DATA];
    expect([...tables].filter((table) => !classified.includes(table))).toEqual([]);
    expect(classified.filter((table) => !tables.has(table))).toEqual([]);
  });

  it('exports exactly the customer’s data and nobody else’s', async () => {
    const first = await amina();
    const other = await kofi();
    const data = await exportPersonalData(db(), first.id, NOW);
    const text = JSON.stringify(data);

    expect(data.account).toMatchObject({ id: first.id, email: first.email, name: first.name, username: 'amina_okafor' });
    expect((data.orders as Array<{ id: string }>).map((order) => order.id).sort()).toEqual([...first.orderIds].sort());
    const completed = (data.orders as Array<{ id: string; recipientPhone: string; events: Array<{ toStatus: string }> }>).find(
      (order) => order.id === first.orderIds[0],
    )!;
    expect(completed.recipientPhone).toBe(first.phones[0]);
    expect(completed.events.map((event) => event.toStatus)).toContain('completed');
    expect((data.recipients as Array<{ nationalNumber: string }>).map((recipient) => recipient.nationalNumber).sort()).toEqual(
      [first.phones[0], first.phones[2]].sort(),
    );
    expect(data.topupRequests).toMatchObject([{ nationalNumber: first.phones[3], note: 'From Amina' }]);
    expect(data.deliveryReports).toMatchObject([{ orderId: first.orderIds[0], status: 'reported' }]);
    expect(data.contactMessages).toHaveLength(1);
    expect(data.signInMethods).toMatchObject([{ provider: 'credential' }]);
    expect(data.sessions).toHaveLength(1);
    for (const needle of [...identifying(first), ...first.orderIds]) expect(text.toLowerCase()).toContain(needle.toLowerCase());
    // Nothing of the other customer, and no secret of the account.
    for (const needle of [...identifying(other), other.id, ...other.orderIds]) expect(text.toLowerCase()).not.toContain(needle.toLowerCase());
    for (const secret of ['hash', 'sealed-secret', 'sealed-codes']) expect(text).not.toContain(secret);
  });

  it('deletes an account: no table holds its e-mail, name or numbers; amounts stay; the other customer is untouched', async () => {
    const first = await amina();
    const other = await kofi();
    const amountsBefore = await db()
      .select({ id: orders.id, status: orders.status, amountCents: orders.amountCents, totalCents: orders.totalCents, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, first.id))
      .orderBy(orders.id);
    const otherBefore = await exportPersonalData(db(), other.id, NOW);
    expect(await columnsHolding(db(), identifying(first))).not.toEqual([]);

    await deleteAccount(db(), first.id, NOW);

    expect(await columnsHolding(db(), identifying(first))).toEqual([]);
    const amountsAfter = await db()
      .select({ id: orders.id, status: orders.status, amountCents: orders.amountCents, totalCents: orders.totalCents, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.userId, first.id))
      .orderBy(orders.id);
    expect(amountsAfter).toEqual(amountsBefore);
    const masked = await db()
      .select({ phone: orders.recipientPhone, receiptEmail: orders.receiptEmail })
      .from(orders)
      .where(eq(orders.userId, first.id));
    expect(masked.map((row) => row.phone).sort()).toEqual(['•••••••••42', '•••••••••77']);
    expect(masked.every((row) => row.receiptEmail === null)).toBe(true);

    const [row] = await db().select().from(user).where(eq(user.id, first.id));
    expect(row).toMatchObject({ email: deletedEmailFor(first.id), name: '', username: null, image: null, deletedAt: NOW });
    expect(await db().select().from(session).where(eq(session.userId, first.id))).toEqual([]);
    // Receipts not sent yet are not sent to an address that is gone.
    const receipts = await db().select().from(receiptOutbox);
    expect(receipts.filter((receipt) => first.orderIds.includes(receipt.orderId)).every((receipt) => receipt.skippedAt !== null)).toBe(true);
    // The audit log keeps its rows.
    expect(await db().select().from(adminAuditLog).where(eq(adminAuditLog.targetId, first.id))).toHaveLength(1);

    expect(await exportPersonalData(db(), other.id, NOW)).toEqual(otherBefore);
  });

  it.each(['created', 'delivery_pending', 'capture_failed', 'refunding', 'refund_failed'])(
    'refuses while an order is %s, and changes nothing',
    async (status) => {
      const first = await amina();
      await insertOrderRow(db(), { userId: first.id, status, recipientPhone: '08035559999' });
      const before = await columnsHolding(db(), identifying(first));
      const refusal = await deleteAccount(db(), first.id, NOW).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ kind: 'conflict', code: 'ORDERS_IN_PROGRESS' });
      expect(await columnsHolding(db(), identifying(first))).toEqual(before);
      expect((await db().select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, first.id)))[0]!.deletedAt).toBeNull();
    },
  );

  it('refuses to delete an admin account', async () => {
    const first = await amina();
    await db().update(user).set({ isAdmin: true }).where(eq(user.id, first.id));
    await expect(deleteAccount(db(), first.id, NOW)).rejects.toMatchObject({ kind: 'conflict', code: 'ADMIN_ACCOUNT' });
  });
});
