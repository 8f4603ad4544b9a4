import { describe, expect, it } from 'vitest';
import { formatUsd, parseFeeConfig, priceTopUp, toCents } from './pricing';

const DEFAULTS = { airtimeFee: 0.03, standardFeeCents: 33 };

describe('priceTopUp', () => {
  it('prices 10.00 with the default fees as 0.30 + 0.33, total 10.63', () => {
    expect(priceTopUp(1000, DEFAULTS)).toEqual({
      amountCents: 1000,
      percentageFeeCents: 30,
      standardFeeCents: 33,
      serviceFeeCents: 63,
      totalCents: 1063,
    });
  });

  it.each([
    [550, 0.03, 17], // 0.165 rounds half up
    [150, 0.03, 5], // 0.045
    [149, 0.03, 4], // 0.0447
    [1999, 0.035, 70], // 0.69965
    [1700, 0.025, 43], // 0.425
    [1, 0.03, 0],
    [17, 0.03, 1], // 0.0051
    [16, 0.03, 0], // 0.0048
    [0, 0.03, 0],
    [100_000_000, 0.03, 3_000_000], // 1,000,000.00
    [99_999_999_999, 0.035, 3_500_000_000], // 999,999,999.99 * 3.5% = 34,999,999.9999650
    [1000, 0, 0],
    [1000, 1, 1000],
  ])('charges %i cents at fee %d a percentage part of %i cents', (amountCents, airtimeFee, percentageFeeCents) => {
    expect(priceTopUp(amountCents, { airtimeFee, standardFeeCents: 33 }).percentageFeeCents).toBe(percentageFeeCents);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])('rejects an amount of %d cents', (amountCents) => {
    expect(() => priceTopUp(amountCents, DEFAULTS)).toThrow(RangeError);
  });

  it.each([
    { airtimeFee: -0.01, standardFeeCents: 33 },
    { airtimeFee: 1.5, standardFeeCents: 33 },
    { airtimeFee: Number.NaN, standardFeeCents: 33 },
    { airtimeFee: 0.03, standardFeeCents: -1 },
    { airtimeFee: 0.03, standardFeeCents: 0.5 },
  ])('rejects the config %o', (config) => {
    expect(() => priceTopUp(1000, config)).toThrow(RangeError);
  });

  it('keeps total = amount + percentage + flat, with the percentage rounded half up exactly, for 10,000 random amounts', () => {
    // Fees as exact fractions, so the reference rounding below never touches floating point.
    const fees = [
      { airtimeFee: 0.03, numerator: 3n, denominator: 100n },
      { airtimeFee: 0.035, numerator: 35n, denominator: 1000n },
      { airtimeFee: 0.0125, numerator: 125n, denominator: 10_000n },
      { airtimeFee: 0.07, numerator: 7n, denominator: 100n },
    ];
    const random = seededRandom(20240601);
    for (let i = 0; i < 10_000; i++) {
      const amountCents = Math.floor(random() * 10_000_000);
      const fee = fees[i % fees.length]!;
      const standardFeeCents = Math.floor(random() * 500);
      const price = priceTopUp(amountCents, { airtimeFee: fee.airtimeFee, standardFeeCents });

      const exact = BigInt(amountCents) * fee.numerator;
      const floor = exact / fee.denominator;
      const halfUp = (exact % fee.denominator) * 2n >= fee.denominator ? floor + 1n : floor;
      expect(price.percentageFeeCents).toBe(Number(halfUp));
      expect(price.serviceFeeCents).toBe(price.percentageFeeCents + standardFeeCents);
      expect(price.totalCents).toBe(amountCents + price.percentageFeeCents + standardFeeCents);
    }
  });
});

describe('parseFeeConfig', () => {
  it.each([
    [
      { airtime_fee: 0.05, standard_fee: 0.5 },
      { airtimeFee: 0.05, standardFeeCents: 50 },
    ],
    [
      { airtime_fee: '0.05', standard_fee: '0.50' },
      { airtimeFee: 0.05, standardFeeCents: 50 },
    ],
    [
      { airtime_fee: ' 0.05 ', standard_fee: ' 1.25 ' },
      { airtimeFee: 0.05, standardFeeCents: 125 },
    ],
    [
      { airtime_fee: '0.5', standard_fee: '0.33' },
      { airtimeFee: 0.5, standardFeeCents: 33 },
    ],
    [
      { airtime_fee: 0, standard_fee: 0 },
      { airtimeFee: 0, standardFeeCents: 0 },
    ],
    [
      { airtime_fee: 1, standard_fee: '1.005' },
      { airtimeFee: 1, standardFeeCents: 101 },
    ],
  ])('reads %o', (raw, expected) => {
    expect(parseFeeConfig(raw)).toEqual(expected);
  });

  it.each([null, undefined, {}])('uses the defaults 0.03 and 0.33 for %o', (raw) => {
    expect(parseFeeConfig(raw)).toEqual(DEFAULTS);
  });

  it.each(['', '  ', 'abc', '0.03abc', '1,5', -1, '-0.01', Number.NaN, Number.POSITIVE_INFINITY, 'Infinity', true, {}, []])(
    'falls back to the defaults for the unusable value %o',
    (value) => {
      expect(parseFeeConfig({ airtime_fee: value, standard_fee: value })).toEqual(DEFAULTS);
    },
  );

  it.each([2, '1.01'])('falls back to the default airtime fee for a fraction above 1 (%o)', (value) => {
    expect(parseFeeConfig({ airtime_fee: value }).airtimeFee).toBe(0.03);
  });

  it('falls back for each field on its own', () => {
    expect(parseFeeConfig({ airtime_fee: 'abc', standard_fee: '0.10' })).toEqual({ airtimeFee: 0.03, standardFeeCents: 10 });
    expect(parseFeeConfig({ airtime_fee: '0.04', standard_fee: 'abc' })).toEqual({ airtimeFee: 0.04, standardFeeCents: 33 });
  });
});

describe('toCents', () => {
  it.each([
    [1.005, 101],
    ['1.005', 101],
    [0.1 + 0.2, 30],
    [1.1 + 2.2, 330],
    [0.7 * 100, 7000],
    ['12.5', 1250],
    [' 12.50 ', 1250],
    [10, 1000],
    [0.004, 0],
    [0.005, 1],
    [0, 0],
    [1e-7, 0],
    ['1e3', 100_000],
    [1_000_000, 100_000_000],
  ])('turns %o into %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it.each([-1, -0.01, Number.NaN, Number.POSITIVE_INFINITY, '', 'abc', '1,00', '0x10', 1e300])('rejects %o', (amount) => {
    expect(() => toCents(amount)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each([
    [5, '0.05'],
    [0, '0.00'],
    [100, '1.00'],
    [1063, '10.63'],
    [123456, '1234.56'],
    [100_000_000, '1000000.00'],
    [-5, '-0.05'],
  ])('shows %i cents as %s', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('rejects a fraction of a cent', () => {
    expect(() => formatUsd(1.5)).toThrow(RangeError);
  });
});

/** mulberry32: a small deterministic generator, so a failure reproduces. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
