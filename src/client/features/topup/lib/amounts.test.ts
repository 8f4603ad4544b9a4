import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { amountOption, amountOptions, checkCustomAmount, formatLocalAmount, formatUsdCents, theyGetText } from './amounts';
import { testOperator } from '@/testing/builders';

describe('amount options', () => {
  it('pair each suggested USD amount with its local amount', () => {
    expect(amountOptions(testOperator())).toEqual([
      { usdCents: 500, localAmount: 7500, plan: null },
      { usdCents: 1000, localAmount: 15000, plan: null },
      { usdCents: 1500, localAmount: 22500, plan: null },
    ]);
  });

  it('use the exchange rate when the map has no entry, and null without a rate', () => {
    expect(amountOptions(testOperator({ suggestedAmounts: [7.5], suggestedAmountsMap: {} }))).toEqual([
      { usdCents: 750, localAmount: 11250, plan: null },
    ]);
    expect(amountOptions(testOperator({ suggestedAmounts: [7.5], suggestedAmountsMap: {}, fxRate: null }))).toEqual([
      { usdCents: 750, localAmount: null, plan: null },
    ]);
  });

  it('fall back to the fixed amounts of a FIXED operator', () => {
    const operator = testOperator({ denominationType: 'FIXED', suggestedAmounts: [], fixedAmounts: [2, 4], localFixedAmounts: [20, 40] });
    expect(amountOptions(operator)).toEqual([
      { usdCents: 200, localAmount: 20, plan: null },
      { usdCents: 400, localAmount: 40, plan: null },
    ]);
  });

  it('give a bundle its plan and never a local amount made up from its rate of 1', () => {
    const bundle = testOperator({
      denominationType: 'FIXED',
      bundle: true,
      data: true,
      suggestedAmounts: [],
      suggestedAmountsMap: {},
      fixedAmounts: [5, 10],
      localFixedAmounts: [],
      fxRate: 1,
      destinationCurrencyCode: 'HTG',
      amountDescriptions: { '5.00': 'Small Plan - 2GB, 7 Days' },
    });
    expect(amountOptions(bundle)).toEqual([
      { usdCents: 500, localAmount: null, plan: 'Small Plan - 2GB, 7 Days' },
      { usdCents: 1000, localAmount: null, plan: null },
    ]);
    const t = ((key: string) => key) as unknown as TFunction;
    expect(theyGetText(amountOptions(bundle)[0]!, bundle, 'en', t)).toBe('Small Plan - 2GB, 7 Days');
    expect(theyGetText(amountOptions(bundle)[1]!, bundle, 'en', t)).toBe('topup.amount.dataPlan');
  });

  it('never take a rate of 1 between two currencies for a conversion', () => {
    const noRate = testOperator({ suggestedAmounts: [5], suggestedAmountsMap: {}, fxRate: 1, destinationCurrencyCode: 'HTG' });
    expect(amountOptions(noRate)).toEqual([{ usdCents: 500, localAmount: null, plan: null }]);
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
    expect(amountOption(operator, 1250).localAmount).toBe(18750);
    expect(amountOption(testOperator({ fxRate: 0.333 }), 333).localAmount).toBe(1.11);
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
