import { describe, expect, it } from 'vitest';
import { amountOptions, checkCustomAmount, formatLocalAmount, formatUsdCents, localAmountFor } from './amounts';
import { testOperator } from '@/testing/builders';

describe('amount options', () => {
  it('pair each suggested USD amount with its local amount', () => {
    expect(amountOptions(testOperator())).toEqual([
      { usdCents: 500, localAmount: 7500 },
      { usdCents: 1000, localAmount: 15000 },
      { usdCents: 1500, localAmount: 22500 },
    ]);
  });

  it('use the exchange rate when the map has no entry, and null without a rate', () => {
    expect(amountOptions(testOperator({ suggestedAmounts: [7.5], suggestedAmountsMap: {} }))).toEqual([{ usdCents: 750, localAmount: 11250 }]);
    expect(amountOptions(testOperator({ suggestedAmounts: [7.5], suggestedAmountsMap: {}, fxRate: null }))).toEqual([
      { usdCents: 750, localAmount: null },
    ]);
  });

  it('fall back to the fixed amounts of a FIXED operator', () => {
    const operator = testOperator({ denominationType: 'FIXED', suggestedAmounts: [], fixedAmounts: [2, 4], localFixedAmounts: [20, 40] });
    expect(amountOptions(operator)).toEqual([
      { usdCents: 200, localAmount: 20 },
      { usdCents: 400, localAmount: 40 },
    ]);
  });
});

describe('a custom amount', () => {
  const operator = testOperator({ minAmount: 5, maxAmount: 50 });

  it('is accepted in dollars with up to 2 decimals inside the range', () => {
    expect(checkCustomAmount('12.5', operator)).toEqual({ ok: true, usdCents: 1250 });
    expect(checkCustomAmount('50', operator)).toEqual({ ok: true, usdCents: 5000 });
  });

  it('is refused when empty, malformed or out of range', () => {
    expect(checkCustomAmount('', operator)).toEqual({ ok: false, reason: 'empty' });
    expect(checkCustomAmount('1.234', operator)).toEqual({ ok: false, reason: 'format' });
    expect(checkCustomAmount('1.2.3', operator)).toEqual({ ok: false, reason: 'format' });
    expect(checkCustomAmount('4.99', operator)).toEqual({ ok: false, reason: 'range' });
    expect(checkCustomAmount('50.01', operator)).toEqual({ ok: false, reason: 'range' });
  });

  it('previews the local amount from the exchange rate', () => {
    expect(localAmountFor(1250, operator)).toBe(18750);
    expect(localAmountFor(333, testOperator({ fxRate: 0.333 }))).toBe(1.11);
  });
});

describe('formatting', () => {
  it('shows USD with a dollar sign and 2 decimals', () => {
    expect(formatUsdCents(1000)).toBe('$10.00');
    expect(formatUsdCents(1063)).toBe('$10.63');
  });

  it('shows local amounts in the interface language, with Western digits in Arabic', () => {
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatLocalAmount(15000, 'NGN', 'en'))).toBe('NGN 15,000');
    expect(formatLocalAmount(1234.5, 'INR', 'en')).toBe('₹1,234.50');
    expect(formatLocalAmount(15000, 'NGN', 'ar')).toContain('15,000');
    expect(formatLocalAmount(12.5, 'NOPE', 'en')).toBe('12.50 NOPE');
  });
});
