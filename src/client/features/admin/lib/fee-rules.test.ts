import { describe, expect, it } from 'vitest';
import type { FeeRule } from '@shared/api/admin-fee-rules';
import { feesInForce, feesOf } from './fee-rules';

const stamp = { updatedAt: '2026-11-28T10:00:00.000Z', updatedByEmail: 'boss@example.com' };
const RULES: FeeRule[] = [
  { countryCode: 'NG', operatorId: null, operatorName: null, airtimeFeePercent: '6.00', standardFee: '0.75', ...stamp },
  { countryCode: 'NG', operatorId: 7, operatorName: 'Glo', airtimeFeePercent: '8.50', standardFee: '1.00', ...stamp },
];
const GLOBAL = { airtimeFee: 0.03, standardFeeCents: 33 };

describe('the fees in force for an operator, as the console previews them', () => {
  it('takes the operator’s rule, else its country’s, else the global fees', () => {
    expect(feesInForce(RULES, GLOBAL, 'NG', 7)).toEqual({ airtimeFee: 0.085, standardFeeCents: 100 });
    expect(feesInForce(RULES, GLOBAL, 'NG', 8)).toEqual({ airtimeFee: 0.06, standardFeeCents: 75 });
    expect(feesInForce(RULES, GLOBAL, 'GH', 7)).toEqual(GLOBAL);
  });

  it('reads typed fees as the server does, and nothing out of range', () => {
    expect(feesOf('4.25', '0.40')).toEqual({ airtimeFee: 0.0425, standardFeeCents: 40 });
    expect(feesOf('26', '0.40')).toBeNull();
    expect(feesOf('4', '0.405')).toBeNull();
  });
});
