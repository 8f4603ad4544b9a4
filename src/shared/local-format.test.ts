import { describe, expect, it } from 'vitest';
import { dateTimeFormat, formatLocalAmount, numberFormat } from './local-format';

describe('local formats', () => {
  it('makes a formatter once per locale and options, and formats as a new one would', () => {
    const options = { style: 'currency', currency: 'NGN', maximumFractionDigits: 2 } as const;
    expect(numberFormat('fr', options)).toBe(numberFormat('fr', { ...options }));
    expect(numberFormat('fr', options)).not.toBe(numberFormat('en', options));
    expect(numberFormat('fr', options).format(4500.5)).toBe(new Intl.NumberFormat('fr', options).format(4500.5));
    const zone = { timeZone: 'Africa/Lagos', dateStyle: 'long' } as const;
    expect(dateTimeFormat('ar-u-nu-latn', zone)).toBe(dateTimeFormat('ar-u-nu-latn', zone));
    expect(dateTimeFormat('en', zone).format(new Date('2026-11-24T23:30:00Z'))).toBe('November 25, 2026');
  });

  it('falls back to the plain amount for a currency Intl does not know, and keeps formatting the ones it does', () => {
    expect(formatLocalAmount(4500, 'N0PE', 'en')).toBe('4500 N0PE');
    expect(formatLocalAmount(4500.5, 'N0PE', 'en')).toBe('4500.50 N0PE');
    expect(formatLocalAmount(4500, 'NGN', 'en')).toBe('NGN\u00a04,500');
    const arabic = new Intl.NumberFormat('ar-u-nu-latn', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    // Its letters in one left-to-right isolate, without Intl's right-to-left mark (see the next tests).
    expect(formatLocalAmount(4500.5, 'NGN', 'ar')).toBe(`\u2066${arabic.format(4500.5).replace('\u200f', '')}\u2069`);
  });
});

describe('money with letters in a right-to-left language', () => {
  it('keeps "UK£" in one left-to-right run in Arabic, so it is not drawn "£UK"', () => {
    const text = formatLocalAmount(16.32, 'GBP', 'ar');
    expect(text).toBe('\u206616.32\u00a0UK£\u2069');
  });

  it('isolates codes written in letters and the fallback of an unknown currency too, in Arabic only', () => {
    expect(formatLocalAmount(4500, 'NGN', 'ar')).toMatch(/^\u2066[^\u200f]*NGN\u2069$/);
    expect(formatLocalAmount(12, 'NOT-A-CODE', 'ar')).toBe('\u206612 NOT-A-CODE\u2069');
    expect(formatLocalAmount(16.32, 'EUR', 'ar')).not.toMatch(/[\u2066\u2069]/);
    expect(formatLocalAmount(4500, 'NGN', 'en')).not.toMatch(/[\u2066\u2069]/);
  });
});
