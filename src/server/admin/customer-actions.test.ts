import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditLog, session, user } from '../db/schema';
import { DomainError } from '../domain-error';
import { startCheckout } from '../orders/checkout';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { firstOffer, sandboxOrderServices, SANDBOX_NUMBERS } from '../testing/orders';
import type { AdminActor } from '../audit/audit-log';
import { blockCustomer, endCustomerSessions, setCustomerAdmin, unblockCustomer } from './customer-actions';

const NOW = new Date('2026-11-24T09:00:00Z');

describe.each(TEST_DATABASE_KINDS)('customer actions on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  beforeEach(() => database.reset());
  afterAll(() => database.close());

  const db = () => database.db;

  async function account(name: string, fields: Partial<typeof user.$inferInsert> = {}): Promise<AdminActor> {
    const email = `${name}@example.com`;
    await db()
      .insert(user)
      .values({ id: name, name, email, emailVerified: true, ...fields });
    return { id: name, email };
  }
  const admin = (name: string) => account(name, { isAdmin: true });
  const openSession = (userId: string) =>
    db()
      .insert(session)
      .values({ id: randomUUID(), token: randomUUID(), userId, expiresAt: new Date(NOW.getTime() + 86_400_000), updatedAt: NOW });

  const row = async (id: string) => (await db().select().from(user).where(eq(user.id, id)))[0]!;
  const auditRows = () => db().select().from(adminAuditLog).orderBy(adminAuditLog.id);
  const adminIds = async () => (await db().select({ id: user.id }).from(user).where(eq(user.isAdmin, true))).map((found) => found.id).sort();

  /** The refusal an action ended with, as kind and code. */
  async function refusalOf(action: Promise<unknown>) {
    const error = await action.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DomainError);
    return { kind: (error as DomainError).kind, code: (error as DomainError).code };
  }

  it('never takes the rights of the last admin who can act, nor blocks them', async () => {
    const boss = await admin('boss');
    // An admin whose own rights were taken a moment ago, still acting.
    const former = await account('former');
    // One after the other: each is refused on its own, with no other change under way.
    for (const action of [
      () => setCustomerAdmin(db(), { actor: former, customerId: boss.id, isAdmin: false, reason: 'Leaving', now: NOW }),
      () => blockCustomer(db(), { actor: former, customerId: boss.id, reason: 'Leaving', now: NOW }),
    ]) {
      expect(await refusalOf(action())).toEqual({ kind: 'conflict', code: 'LAST_ADMIN' });
    }
    expect(await row(boss.id)).toMatchObject({ isAdmin: true, blockedAt: null });
    expect(await auditRows()).toEqual([]);
  });

  it('does not count a blocked admin as one who can act', async () => {
    const boss = await admin('boss');
    await account('parked', { isAdmin: true, blockedAt: NOW });
    const deputy = await admin('deputy');
    await setCustomerAdmin(db(), { actor: deputy, customerId: 'parked', isAdmin: false, reason: 'Left the company', now: NOW });
    expect(await adminIds()).toEqual(['boss', 'deputy']);
    // boss and deputy are the two who can act: either may take the other's rights, not both.
    await setCustomerAdmin(db(), { actor: boss, customerId: deputy.id, isAdmin: false, reason: 'Left', now: NOW });
    expect(await refusalOf(blockCustomer(db(), { actor: deputy, customerId: boss.id, reason: 'Revenge', now: NOW }))).toEqual({
      kind: 'conflict',
      code: 'LAST_ADMIN',
    });
  });

  it('refuses an actor who is no longer an admin, changing nothing', async () => {
    await admin('boss');
    const former = await account('former');
    await account('amina');
    expect(await refusalOf(blockCustomer(db(), { actor: former, customerId: 'amina', reason: 'Fraud', now: NOW }))).toEqual({
      kind: 'forbidden',
      code: 'ADMIN_REQUIRED',
    });
    expect((await row('amina')).blockedAt).toBeNull();
  });

  it('refuses to change one’s own rights or block oneself, whoever else is an admin', async () => {
    const boss = await admin('boss');
    await admin('deputy');
    for (const action of [
      () => setCustomerAdmin(db(), { actor: boss, customerId: boss.id, isAdmin: false, reason: 'Stepping down', now: NOW }),
      () => blockCustomer(db(), { actor: boss, customerId: boss.id, reason: 'Test', now: NOW }),
    ]) {
      expect(await refusalOf(action())).toEqual({ kind: 'conflict', code: 'OWN_ACCOUNT' });
    }
    expect(await row(boss.id)).toMatchObject({ isAdmin: true, blockedAt: null });
  });

  it('keeps the change and its audit row together: when the row cannot be written, nothing changes', async () => {
    await admin('boss');
    await account('amina');
    await openSession('amina');
    const unwritable = { id: 'boss', email: null as unknown as string };
    await expect(blockCustomer(db(), { actor: unwritable, customerId: 'amina', reason: 'Fraud', now: NOW })).rejects.toThrow();
    expect((await row('amina')).blockedAt).toBeNull();
    expect(await db().select().from(session).where(eq(session.userId, 'amina'))).toHaveLength(1);
    expect(await auditRows()).toEqual([]);
  });

  it('writes who, when, what, target, reason, before and after for every action', async () => {
    const boss = await admin('boss');
    await account('amina');
    await openSession('amina');
    await openSession('amina');
    const request = { actor: boss, customerId: 'amina', now: NOW };
    await endCustomerSessions(db(), { ...request, reason: 'Lost phone' });
    await blockCustomer(db(), { ...request, reason: 'Fraud' });
    await unblockCustomer(db(), { ...request, reason: 'Cleared' });
    await setCustomerAdmin(db(), { ...request, isAdmin: true, reason: 'Joins support' });
    await setCustomerAdmin(db(), { ...request, isAdmin: false, reason: 'Left support' });
    const common = { actorId: 'boss', actorEmail: 'boss@example.com', targetType: 'customer', targetId: 'amina', createdAt: NOW };
    expect(await auditRows()).toMatchObject([
      { ...common, action: 'customer.end-sessions', reason: 'Lost phone', before: { sessions: 2 }, after: { sessions: 0 } },
      {
        ...common,
        action: 'customer.block',
        reason: 'Fraud',
        before: { blockedAt: null, blockedReason: null, sessions: 0 },
        after: { blockedAt: NOW.toISOString(), blockedReason: 'Fraud', sessions: 0 },
      },
      {
        ...common,
        action: 'customer.unblock',
        reason: 'Cleared',
        before: { blockedAt: NOW.toISOString(), blockedReason: 'Fraud' },
        after: { blockedAt: null, blockedReason: null },
      },
      { ...common, action: 'customer.grant-admin', reason: 'Joins support', before: { isAdmin: false }, after: { isAdmin: true } },
      { ...common, action: 'customer.revoke-admin', reason: 'Left support', before: { isAdmin: true }, after: { isAdmin: false } },
    ]);
  });

  it('refuses the checkout of a blocked account on the server', async () => {
    await account('amina', { blockedAt: NOW, blockedReason: 'Fraud' });
    const { services } = sandboxOrderServices(db(), NOW);
    const { operator, amount } = await firstOffer(services);
    const checkout = startCheckout(services, {
      userId: 'amina',
      accountEmail: 'amina@example.com',
      body: { amount, orderKey: randomUUID(), operatorId: operator.operatorId, countryCode: 'NG', phone: SANDBOX_NUMBERS.successful },
    });
    const error = await checkout.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: 'forbidden', code: 'ACCOUNT_BLOCKED', messageRef: { key: 'apiErrors.accountBlocked' } });
  });

  describe('two admins acting on each other at once', () => {
    const ROUNDS = 5;

    it.each([
      ['both take the other’s rights', 'revoke', 'revoke'],
      ['both block the other', 'block', 'block'],
      ['one blocks, the other takes rights', 'block', 'revoke'],
    ] as const)('%s: one wins, and an admin who can act remains', async (_label, first, second) => {
      const act = (how: 'revoke' | 'block', actor: AdminActor, customerId: string) =>
        how === 'revoke'
          ? setCustomerAdmin(db(), { actor, customerId, isAdmin: false, reason: 'Race', now: NOW })
          : blockCustomer(db(), { actor, customerId, reason: 'Race', now: NOW });
      for (let round = 0; round < ROUNDS; round++) {
        await database.reset();
        const a = await admin('admin_a');
        const b = await admin('admin_b');
        const outcomes = await Promise.allSettled([act(first, a, b.id), act(second, b, a.id)]);
        expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected')!.reason as DomainError;
        expect(refused).toBeInstanceOf(DomainError);
        expect(['LAST_ADMIN', 'ADMIN_REQUIRED']).toContain(refused.code);
        const usable = (await db().select().from(user)).filter((found) => found.isAdmin && found.blockedAt === null);
        expect(usable).toHaveLength(1);
        expect(await auditRows()).toHaveLength(1);
      }
    });
  });
});
