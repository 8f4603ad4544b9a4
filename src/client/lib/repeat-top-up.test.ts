import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { OperatorInfo } from '@shared/api/catalog';
import { testOperator } from '@/testing/builders';
import { findRepeatTarget, offersAmount, repeatTopUpTarget, type RepeatedTopUp } from './repeat-top-up';

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
/** What the number's detection would answer today: not the operator the customer chose. */
const operators = [rangeOperator, fixedOperator];
const numberOnly = { path: '/?restore=summary&repeat=1&country=NG&phone=08031234567', sameAmount: false };
const repeated = (last: RepeatedTopUp['last']): RepeatedTopUp => ({ countryCode: 'ng', phone: '08031234567', last });
const paramsOf = (path: string) => new URLSearchParams(path.split('?')[1]);

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

describe("'Send again' and 'Top up again'", () => {
  it('open the review of the same number and amount with the operator the customer chose, not the first listed', () => {
    const target = repeatTopUpTarget(repeated({ operatorId: 341, amount: '10.00' }), operators);
    expect(target.sameAmount).toBe(true);
    expect(target.path).toBe(
      `/?restore=summary&repeat=1&country=NG&phone=08031234567&amount=10.00&operatorInfo=${encodeURIComponent(JSON.stringify(fixedOperator))}`,
    );
    expect(JSON.parse(paramsOf(target.path).get('operatorInfo')!)).toEqual(fixedOperator);
  });

  it('write the amount with two decimals', () => {
    expect(paramsOf(repeatTopUpTarget(repeated({ operatorId: 342, amount: '7.5' }), operators).path).get('amount')).toBe('7.50');
  });

  it('open the number alone when the operator is no longer offered in the country', () => {
    expect(repeatTopUpTarget(repeated({ operatorId: 999, amount: '10.00' }), operators)).toEqual(numberOnly);
    expect(repeatTopUpTarget(repeated({ operatorId: 341, amount: '10.00' }), null)).toEqual(numberOnly);
  });

  it('open the number alone when the operator no longer sells the amount', () => {
    expect(repeatTopUpTarget(repeated({ operatorId: 341, amount: '15.00' }), operators)).toEqual(numberOnly);
  });

  it('open the number alone when the number has no completed top-up to copy', () => {
    expect(repeatTopUpTarget(repeated(null), operators)).toEqual(numberOnly);
  });

  it('read the country’s operators through the picker’s query, and fall back to the number when they cannot be read', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['operators', 'NG'], operators);
    expect((await findRepeatTarget(queryClient, repeated({ operatorId: 341, amount: '5' }))).sameAmount).toBe(true);

    const failing = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.spyOn(failing, 'fetchQuery').mockRejectedValue(new Error('offline'));
    expect(await findRepeatTarget(failing, repeated({ operatorId: 341, amount: '5' }))).toEqual(numberOnly);
  });
});
