import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { messageParams, refusedField, settingsConflictOf, settingsFormSchema } from './settings-form';

describe('a settings form', () => {
  const schema = settingsFormSchema(['airtimeFeePercent', 'standardFee'] as const);
  const problems = (values: Record<string, string>) =>
    (schema.safeParse({ airtimeFeePercent: '3', standardFee: '0.33', reason: 'Supplier costs', ...values }).error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      issue.message,
    ]);

  it('takes the values the server takes, as typed', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ airtimeFeePercent: '25', standardFee: '0' })).toEqual([]);
    expect(problems({ airtimeFeePercent: ' 4.5 ', standardFee: '10.00' })).toEqual([]);
  });

  it.each([
    ['airtimeFeePercent', '25.01', 'apiErrors.airtimeFeeInvalid'],
    ['airtimeFeePercent', '3.125', 'apiErrors.airtimeFeeInvalid'],
    ['airtimeFeePercent', '', 'apiErrors.airtimeFeeInvalid'],
    ['airtimeFeePercent', '3,5', 'apiErrors.airtimeFeeInvalid'],
    ['standardFee', '-0.10', 'apiErrors.standardFeeInvalid'],
    ['reason', '   ', 'admin.action.reasonRequired'],
    ['reason', 'x'.repeat(501), 'admin.action.reasonTooLong'],
  ])('refuses %s = %j with its message', (field, value, message) => {
    expect(problems({ [field]: value })).toEqual([[field, message]]);
  });

  it('gives each message its range', () => {
    expect(messageParams('standardFee')).toEqual({ min: '$0.00', max: '$10.00' });
    expect(messageParams('checkoutAttemptsPerMinute')).toEqual({ min: '1', max: '60' });
    expect(messageParams('reason')).toEqual({ max: 500 });
  });
});

describe('a refused save', () => {
  const conflict = new ApiRequestError(409, '409', 'changed', undefined, 'apiErrors.settingsChanged', 'SETTINGS_CONFLICT', undefined, {
    current: { version: 4, airtimeFeePercent: '5.00' },
  });

  it('made on an older version gives the values in force', () => {
    expect(settingsConflictOf(conflict)).toEqual({ version: 4, airtimeFeePercent: '5.00' });
    expect(settingsConflictOf(new ApiRequestError(409, '409', 'x', undefined, undefined, 'ORDER_STATUS_CONFLICT'))).toBeNull();
    expect(settingsConflictOf(new Error('offline'))).toBeNull();
  });

  it('names the field the server refused, when the form has it', () => {
    const refused = (field: string) => new ApiRequestError(400, '400', 'bad', field, 'apiErrors.standardFeeInvalid', 'VALIDATION_FAILED');
    expect(refusedField(refused('standardFee'), ['airtimeFeePercent', 'standardFee'])).toBe('standardFee');
    expect(refusedField(refused('version'), ['airtimeFeePercent', 'standardFee'])).toBeNull();
    expect(refusedField(conflict, ['airtimeFeePercent'])).toBeNull();
  });
});
