import type { Language } from '@shared/constants';
import { displayValue } from './format';

/** One field an admin action changed, as the audit log shows it. */
export interface Change {
  field: string;
  before: string;
  after: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What an audit row's `before` and `after` snapshots differ in, field by field, in the order the fields were first
 * seen: the fields that stayed the same are left out, so a status change reads "status: completed → refunded".
 */
export function changesOf(before: Record<string, unknown> | null, after: Record<string, unknown> | null, language?: Language): Change[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => !same(before?.[field], after?.[field]))
    .map((field) => ({ field, before: displayValue(before?.[field], language), after: displayValue(after?.[field], language) }));
}
