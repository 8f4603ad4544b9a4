import { describe, expect, it } from 'vitest';
import type { AdminCatalogueOperator } from '@shared/api/admin-catalogue';
import { denominationsOf, fxRateText } from './catalogue-format';

const operator = (fields: Partial<AdminCatalogueOperator>): AdminCatalogueOperator => ({
  operatorId: 341,
  name: 'MTN Nigeria',
  denominationType: 'FIXED',
  minAmount: null,
  maxAmount: null,
  fixedAmounts: [],
  localFixedAmounts: [],
  amountDescriptions: {},
  fxRate: 1450.5,
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'NGN',
  bundle: false,
  data: false,
  pin: false,
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  ...fields,
});

/** The texts with Intl's no-break spaces written as plain ones, to compare them with what a person types. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(/[\u00a0\u202f]/g, ' '));

describe('an operator’s denominations in the catalogue', () => {
  it('lists a FIXED operator’s amounts in USD and what each delivers', () => {
    expect(plain(denominationsOf(operator({ fixedAmounts: [1.5, 3], localFixedAmounts: [2000, 4000] }), 'en'))).toEqual({
      type: 'FIXED',
      amounts: [
        { amount: '$1.50', plan: null },
        { amount: '$3.00', plan: null },
      ],
      local: ['NGN 2,000', 'NGN 4,000'],
    });
  });

  it('names what each amount of a plan buys', () => {
    const bundle = operator({ bundle: true, data: true, fixedAmounts: [5], amountDescriptions: { '5.00': 'Small Plan - 2GB, 7 Days' } });
    expect(denominationsOf(bundle, 'en')).toMatchObject({ amounts: [{ amount: '$5.00', plan: 'Small Plan - 2GB, 7 Days' }], local: [] });
  });

  it('gives a RANGE operator’s bounds, and the local bounds at its rate', () => {
    expect(plain(denominationsOf(operator({ denominationType: 'RANGE', minAmount: 0.1, maxAmount: 69 }), 'en'))).toEqual({
      type: 'RANGE',
      min: '$0.10',
      max: '$69.00',
      localMin: 'NGN 145.05',
      localMax: 'NGN 100,084.50',
    });
    expect(plain(denominationsOf(operator({ denominationType: 'RANGE', minAmount: 1, maxAmount: 5, fxRate: null }), 'fr'))).toMatchObject({
      min: '1,00 $US',
      localMin: null,
    });
  });
});

describe('an operator’s FX rate', () => {
  it('reads as one sender unit in the destination currency, in Western digits in Arabic too', () => {
    expect(fxRateText(operator({ fxRate: 2192.1867, destinationCurrencyCode: 'COP' }), 'en')).toBe('1 USD = 2,192.1867 COP');
    expect(fxRateText(operator({ fxRate: 1460 }), 'ar')).toMatch(/^1 USD = 1[,٬]460 NGN$/);
    expect(fxRateText(operator({ fxRate: null }), 'en')).toBeNull();
  });
});
