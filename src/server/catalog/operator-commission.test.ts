import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { operators } from '../db/schema';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { operatorCommissionPercent, sandboxCommissionPercent } from './operator-commission';
import { seedCatalog } from './seed-catalog';

describe.each(TEST_DATABASE_KINDS)('operator commission on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });

  it("answers the seeded sandbox operator's commission, and null for an unknown operator", async () => {
    const [operator] = await test.db.select().from(operators).where(eq(operators.countryIso, 'NG')).limit(1);
    expect(await operatorCommissionPercent(test.db, operator!.id)).toBe(sandboxCommissionPercent('NG', operator!.name));
    expect(await operatorCommissionPercent(test.db, 999_999_999)).toBeNull();
  });

  it('fills the commission of operators seeded before it was kept', async () => {
    const [operator] = await test.db.select().from(operators).where(eq(operators.countryIso, 'KE')).limit(1);
    await test.db.execute(sql`update ${operators} set commission_percent = null where ${operators.id} = ${operator!.id}`);
    expect(await operatorCommissionPercent(test.db, operator!.id)).toBeNull();
    await seedCatalog(test.db);
    expect(await operatorCommissionPercent(test.db, operator!.id)).toBe(sandboxCommissionPercent('KE', operator!.name));
  });
});
