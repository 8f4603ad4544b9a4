import { describe, expect, it } from 'vitest';
import { priceTopUp } from './pricing';
import { applyPromo, MINIMUM_CHARGE_CENTS, normalisePromoCode, withoutPromo } from './promo';

const DEFAULTS = { airtimeFee: 0.03, standardFeeCents: 33 };
// 10.00 + 0.30 + 0.33 = 10.63
const TEN = priceTopUp(1000, DEFAULTS);

describe('normalisePromoCode', () => {
  it('accepts any case, spaces and dashes', () => {
    expect(normalisePromoCode(' summer-10 ')).toBe('SUMMER10');
    expect(normalisePromoCode('Sum mer\t10')).toBe('SUMMER10');
    expect(normalisePromoCode('--')).toBe('');
  });
});

describe('applyPromo', () => {
  it('takes a percentage off the fee, rounding half up', () => {
    // 63 × 50% = 31.5 → 32
    expect(applyPromo(TEN, { kind: 'percent', appliesTo: 'fee', value: 5000 })).toMatchObject({
      discountCents: 32,
      totalBeforeDiscountCents: 1063,
      totalCents: 1031,
      serviceFeeCents: 63,
      amountCents: 1000,
    });
  });

  it('takes a percentage off the total', () => {
    // 1063 × 10% = 106.3 → 106
    expect(applyPromo(TEN, { kind: 'percent', appliesTo: 'total', value: 1000 }).totalCents).toBe(957);
  });

  it('never takes a fee code below the amount when the fixed sum is larger than the fee', () => {
    const price = applyPromo(TEN, { kind: 'fixed', appliesTo: 'fee', value: 500 });
    expect(price.discountCents).toBe(63);
    expect(price.totalCents).toBe(1000);
  });

  it('takes the whole fee at 100% and a fee of 0 stays 0', () => {
    expect(applyPromo(TEN, { kind: 'percent', appliesTo: 'fee', value: 10_000 }).totalCents).toBe(1000);
    const free = priceTopUp(1000, { airtimeFee: 0, standardFeeCents: 0 });
    expect(applyPromo(free, { kind: 'fixed', appliesTo: 'fee', value: 100 })).toMatchObject({ discountCents: 0, totalCents: 1000 });
  });

  it('never takes a total below the smallest charge a card can pay, and gives nothing off a total already under it', () => {
    expect(applyPromo(TEN, { kind: 'fixed', appliesTo: 'total', value: 5000 })).toMatchObject({
      discountCents: 1013,
      totalCents: MINIMUM_CHARGE_CENTS,
    });
    expect(applyPromo(TEN, { kind: 'percent', appliesTo: 'total', value: 10_000 }).totalCents).toBe(MINIMUM_CHARGE_CENTS);
    const small = priceTopUp(40, { airtimeFee: 0, standardFeeCents: 5 });
    expect(applyPromo(small, { kind: 'fixed', appliesTo: 'total', value: 10 })).toMatchObject({ discountCents: 0, totalCents: 45 });
  });

  it('gives a fixed sum exactly when it fits', () => {
    expect(applyPromo(TEN, { kind: 'fixed', appliesTo: 'total', value: 1013 }).totalCents).toBe(MINIMUM_CHARGE_CENTS);
    expect(applyPromo(TEN, { kind: 'fixed', appliesTo: 'fee', value: 62 }).totalCents).toBe(1001);
  });

  it('rounds a tiny percentage of a tiny fee to nothing, and half a cent up', () => {
    const cent = priceTopUp(1000, { airtimeFee: 0, standardFeeCents: 1 }); // fee 1
    expect(applyPromo(cent, { kind: 'percent', appliesTo: 'fee', value: 4999 }).discountCents).toBe(0);
    expect(applyPromo(cent, { kind: 'percent', appliesTo: 'fee', value: 5000 }).discountCents).toBe(1);
  });

  it('refuses a negative or fractional value', () => {
    expect(() => applyPromo(TEN, { kind: 'fixed', appliesTo: 'fee', value: -1 })).toThrow(RangeError);
    expect(() => applyPromo(TEN, { kind: 'fixed', appliesTo: 'fee', value: 1.5 })).toThrow(RangeError);
  });

  it('leaves a price without a code as it was', () => {
    expect(withoutPromo(TEN)).toMatchObject({ discountCents: 0, totalCents: 1063, totalBeforeDiscountCents: 1063 });
  });
});
