import { describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@shared/api/catalog';
import { offersAmount, topUpAgainTarget } from './top-up-again';
import { testOrder } from '@/testing/orders';
import { testOperator } from '@/testing/builders';

const rangeOperator = testOperator({ operatorId: 342, name: 'Glo', maxAmount: 100 });
const fixedOperator: OperatorInfo = {
  ...rangeOperator,
  operatorId: 341,
  name: 'MTN',
  denominationType: 'FIXED',
  minAmount: null,
  maxAmount: null,
  suggestedAmounts: [5, 10, 20],
  fixedAmounts: [5, 10, 20],
  localFixedAmounts: [7500, 15000, 30000],
};

describe('whether an operator still sells an amount', () => {
  it('a FIXED operator sells only its fixed amounts', () => {
    expect(offersAmount(fixedOperator, 1000)).toBe(true);
    expect(offersAmount(fixedOperator, 1500)).toBe(false);
    expect(offersAmount({ ...fixedOperator, fixedAmounts: [20] }, 1000)).toBe(false);
  });

  it('a RANGE operator sells any amount between its bounds', () => {
    expect(offersAmount(rangeOperator, 750)).toBe(true);
    expect(offersAmount(rangeOperator, 100)).toBe(true);
    expect(offersAmount(rangeOperator, 10_000)).toBe(true);
    expect(offersAmount(rangeOperator, 99)).toBe(false);
    expect(offersAmount(rangeOperator, 10_001)).toBe(false);
  });

  it('a RANGE operator without bounds sells any positive amount', () => {
    expect(offersAmount({ ...rangeOperator, minAmount: null, maxAmount: null }, 123_456)).toBe(true);
  });
});

describe("'Top up again'", () => {
  const order = testOrder({ countryCode: 'NG', recipientPhone: '08031234567', amount: '10.00' });

  it('opens the review of the same number and amount with the operator detected now', () => {
    const target = topUpAgainTarget(order, fixedOperator);
    expect(target.sameAmount).toBe(true);
    expect(target.path).toBe(
      `/?restore=summary&country=NG&phone=08031234567&amount=10.00&operatorInfo=${encodeURIComponent(JSON.stringify(fixedOperator))}`,
    );
    const params = new URLSearchParams(target.path.split('?')[1]);
    expect(JSON.parse(params.get('operatorInfo')!)).toEqual(fixedOperator);
  });

  it('writes the amount with two decimals', () => {
    expect(new URLSearchParams(topUpAgainTarget(testOrder({ amount: '7.5' }), rangeOperator).path.split('?')[1]).get('amount')).toBe('7.50');
  });

  it('asks for the amount again when the operator no longer sells it', () => {
    expect(topUpAgainTarget(testOrder({ amount: '15.00' }), fixedOperator)).toEqual({
      path: '/?restore=summary&country=NG&phone=08031234567',
      sameAmount: false,
    });
  });

  it('asks for the amount again when no operator was detected', () => {
    expect(topUpAgainTarget(order, null)).toEqual({ path: '/?restore=summary&country=NG&phone=08031234567', sameAmount: false });
  });
});
