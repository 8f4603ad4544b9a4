import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminActionName, AdminAuditResponse, AdminTargetType } from '../../../shared/api/admin-audit';
import { recordAdminAction } from '../../audit/audit-log';
import { buildApp } from '../../app';
import { testConfig } from '../../testing/app';
import { signedInAdmin } from '../../testing/admins';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';

const BOSS = { id: 'boss_id', email: 'Boss@Example.com' };
const DEPUTY = { id: 'deputy_id', email: 'deputy@example.com' };

/** The log the tests read: [reason, actor, action, target type, target id, when]; the reason names the row. */
const LOG: Array<[string, typeof BOSS, AdminActionName, AdminTargetType, string, string]> = [
  ['r1', BOSS, 'customer.block', 'customer', 'amina', '2026-11-20T23:59:59.999Z'],
  ['r2', DEPUTY, 'order.refund', 'order', 'order-1', '2026-11-21T00:00:00.000Z'],
  ['r3', BOSS, 'customer.unblock', 'customer', 'amina', '2026-11-21T12:00:00.000Z'],
  ['r4', DEPUTY, 'customer.block', 'customer', 'kofi', '2026-11-21T23:59:59.999Z'],
  ['r5', BOSS, 'order.check', 'order', 'order-2', '2026-11-22T00:00:00.000Z'],
  // Two actions in the same instant: the later written comes first.
  ['r6', BOSS, 'customer.end-sessions', 'customer', 'kofi', '2026-11-22T08:00:00.000Z'],
  ['r7', DEPUTY, 'customer.grant-admin', 'customer', 'zainab', '2026-11-22T08:00:00.000Z'],
];

describe.each(TEST_DATABASE_KINDS)('GET /api/admin/audit-log on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let boss: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig(), database, reconciler: false });
  });
  beforeEach(async () => {
    await database.reset();
    boss = await signedInAdmin(app, database.db, 'boss@example.com');
    for (const [reason, actor, action, targetType, targetId, at] of LOG) {
      await recordAdminAction(database.db, { actor, action, targetType, targetId, reason, before: { n: 1 }, after: { n: 2 }, now: new Date(at) });
    }
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  async function read(query: string): Promise<AdminAuditResponse> {
    const answer = await boss.get(`/api/admin/audit-log${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }
  const reasons = async (query: string) => (await read(query)).entries.map((entry) => entry.reason);

  it('lists every action newest first, with who, when, what, target, reason, before and after', async () => {
    const answer = await read('');
    expect(answer.entries.map((entry) => entry.reason)).toEqual(['r7', 'r6', 'r5', 'r4', 'r3', 'r2', 'r1']);
    expect(answer.entries[0]).toEqual({
      id: 7,
      actorId: 'deputy_id',
      actorEmail: 'deputy@example.com',
      action: 'customer.grant-admin',
      targetType: 'customer',
      targetId: 'zainab',
      reason: 'r7',
      before: { n: 1 },
      after: { n: 2 },
      createdAt: '2026-11-22T08:00:00.000Z',
    });
    expect(answer.nextCursor).toBeNull();
  });

  it.each([
    ['?actor=deputy_id', ['r7', 'r4', 'r2']],
    ['?actor=boss@example.COM', ['r6', 'r5', 'r3', 'r1']],
    ['?actor=boss', []],
    ['?action=customer.block', ['r4', 'r1']],
    ['?targetType=order', ['r5', 'r2']],
    ['?targetType=customer&targetId=amina', ['r3', 'r1']],
    ['?targetId=kofi&action=customer.block', ['r4']],
    // Bare dates are whole UTC days, both ends included.
    ['?from=2026-11-21&to=2026-11-21', ['r4', 'r3', 'r2']],
    ['?from=2026-11-21T12:00:00Z', ['r7', 'r6', 'r5', 'r4', 'r3']],
    ['?to=2026-11-21T12:00:00Z', ['r3', 'r2', 'r1']],
    ['?actor=boss_id&from=2026-11-21&action=customer.unblock', ['r3']],
  ])('filters %s', async (query, expected) => {
    expect(await reasons(query)).toEqual(expected);
  });

  it('pages through the log newest first, each row once, the filters kept', async () => {
    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const answer = await read(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      pages.push(answer.entries.map((entry) => entry.reason));
      cursor = answer.nextCursor;
    } while (cursor);
    expect(pages).toEqual([['r7', 'r6'], ['r5', 'r4'], ['r3', 'r2'], ['r1']]);

    const first = await read('?actor=boss_id&limit=3');
    expect(first.entries.map((entry) => entry.reason)).toEqual(['r6', 'r5', 'r3']);
    expect(await reasons(`?actor=boss_id&limit=3&cursor=${first.nextCursor}`)).toEqual(['r1']);
  });

  it('shows rows written after a page was read on the first page, not in the next', async () => {
    const first = await read('?limit=3');
    await recordAdminAction(database.db, {
      actor: BOSS,
      action: 'customer.block',
      targetType: 'customer',
      targetId: 'yaw',
      reason: 'r8',
      now: new Date('2026-11-23T00:00:00Z'),
    });
    expect(await reasons(`?limit=3&cursor=${first.nextCursor}`)).toEqual(['r4', 'r3', 'r2']);
    expect((await reasons('?limit=1'))[0]).toBe('r8');
  });

  it.each([
    ['?action=customer.delete', 'action'],
    ['?targetType=user', 'targetType'],
    ['?from=yesterday', 'from'],
    ['?to=2026-13-45', 'to'],
    ['?limit=0', 'limit'],
    ['?limit=500', 'limit'],
    ['?cursor=abc', 'cursor'],
    [`?cursor=${Buffer.from('["1","amina"]').toString('base64url')}`, 'cursor'],
    [`?actor=${'a'.repeat(201)}`, 'actor'],
  ])('answers %s with a 400 naming %s', async (query, field) => {
    const answer = await boss.get(`/api/admin/audit-log${query}`);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, field });
  });
});
