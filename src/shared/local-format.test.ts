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
    expect(formatLocalAmount(4500.5, 'NGN', 'ar')).toBe(
      new Intl.NumberFormat('ar-u-nu-latn', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
        4500.5,
      ),
    );
  });
});
