import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../paths';

/**
 * The admin audit log and the history of the fees are append-only: no production code updates or deletes their rows,
 * through Drizzle or in SQL. Tests may (they empty every table between tests), so test files and the test helpers are
 * not read.
 */

/** Each append-only table, by its name in Drizzle and in SQL. */
const APPEND_ONLY = [
  ['adminAuditLog', 'admin_audit_log'],
  ['priceConfigChanges', 'price_config_changes'],
  ['feeRuleChanges', 'fee_rule_changes'],
] as const;

/** Changes to a table through Drizzle (`db.update(adminAuditLog)`, `tx.delete(schema.adminAuditLog)`) or in SQL. */
const CHANGES = APPEND_ONLY.flatMap(([drizzleName, table]) => [
  new RegExp(`\\.\\s*(update|delete)\\s*\\(\\s*(\\w+\\.)?${drizzleName}\\b`),
  new RegExp(`\\b(update|delete\\s+from|truncate(\\s+table)?)\\s+(only\\s+)?("?\\w+"?\\.)?"?${table}\\b`, 'i'),
  new RegExp(`\\b(alter|drop)\\s+table\\s+(if\\s+exists\\s+)?"?${table}\\b`, 'i'),
]);

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('testing');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !isTestCode(file));
}

const changesIn = (text: string) => CHANGES.filter((pattern) => pattern.test(text)).map(String);

/**
 * The one exception: deleting a customer's account replaces their e-mail and numbers in the rows that hold them
 * (docs/decisions/024-your-data.md). It updates those fields and never deletes a row.
 */
const ERASURE = 'src/server/account/personal-data.ts';

describe('the admin audit log and the history of the fees', () => {
  it('is never updated or deleted by production code', () => {
    const files = [...sourceFiles(path.join(projectRoot, 'src/server')), ...sourceFiles(path.join(projectRoot, 'scripts'))];
    expect(files.length).toBeGreaterThan(50);
    const offenders = files
      .filter((file) => changesIn(readFileSync(file, 'utf8')).length > 0)
      .map((file) => path.relative(projectRoot, file))
      .filter((file) => file !== ERASURE);
    expect(offenders).toEqual([]);
  });

  it('is only updated, never deleted from, by the erasure of a deleted account', () => {
    const erasure = readFileSync(path.join(projectRoot, ERASURE), 'utf8');
    expect(changesIn(erasure).length).toBeGreaterThan(0);
    expect(erasure).not.toMatch(/\.\s*delete\s*\(\s*(adminAuditLog|priceConfigChanges)\b/);
    expect(erasure).not.toMatch(/\b(delete\s+from|truncate)\s+"?(admin_audit_log|price_config_changes)\b/i);
  });

  it('is read and appended to, which the check lets through', () => {
    expect(changesIn(readFileSync(path.join(projectRoot, 'src/server/audit/audit-log.ts'), 'utf8'))).toEqual([]);
    expect(changesIn(readFileSync(path.join(projectRoot, 'src/server/admin/pricing-settings.ts'), 'utf8'))).toEqual([]);
    expect(changesIn(readFileSync(path.join(projectRoot, 'src/server/admin/fee-rules.ts'), 'utf8'))).toEqual([]);
    expect(changesIn('await db.insert(adminAuditLog).values(row); await db.select().from(adminAuditLog);')).toEqual([]);
    expect(changesIn('insert into admin_audit_log (actor_id) values ($1)')).toEqual([]);
  });

  it.each([
    'await db.update(adminAuditLog).set({ reason: "" })',
    'await tx\n  .delete(schema.adminAuditLog)\n  .where(eq(schema.adminAuditLog.id, 1))',
    'sql`UPDATE admin_audit_log SET reason = ${reason}`',
    'sql`delete from "admin_audit_log" where id = 1`',
    'sql`DELETE FROM public.admin_audit_log`',
    'TRUNCATE TABLE admin_audit_log',
    'drop table if exists admin_audit_log',
    'await tx.update(priceConfigChanges).set({ reason: "" })',
    'sql`delete from price_config_changes where version = 1`',
    'await tx.delete(feeRuleChanges).where(eq(feeRuleChanges.version, 1))',
  ])('would catch %s', (code) => {
    expect(changesIn(code)).not.toEqual([]);
  });
});
