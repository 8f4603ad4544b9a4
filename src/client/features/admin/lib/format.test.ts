import { describe, expect, it } from 'vitest';
import { countryName, displayValue, formatCents, formatDateTime, formatMoney, formatRecipient, shortId } from './format';

/** Intl puts narrow and non-breaking spaces in money; what people read is a plain space. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

describe('money from cents', () => {
  it.each([
    ['en', 1063, '$10.63'],
    ['en', 0, '$0.00'],
    ['en', 5, '$0.05'],
    ['en', 123456789, '$1,234,567.89'],
    ['fr', 1063, '$10.63'],
    ['es', 1063, '$10.63'],
    ['ar', 1632, '$16.32'],
  ] as const)('in %s, %d cents read %s, as the shop writes dollars in every language', (language, cents, text) => {
    expect(plain(formatCents(cents, language))).toBe(text);
  });

  it('keeps Western digits in Arabic, as amounts are shown everywhere', () => {
    expect(plain(formatCents(1063, 'ar'))).toMatch(/10\.63/);
    expect(formatCents(1063, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('refunds and corrections below zero keep their sign', () => {
    expect(plain(formatCents(-250, 'en'))).toBe('-$2.50');
  });
});

describe('other values', () => {
  it('a wallet balance is in its own currency, and an unknown code is still readable', () => {
    expect(plain(formatMoney(1520.5, 'USD', 'en'))).toBe('$1,520.50');
    expect(formatMoney(12, 'NOT-A-CODE', 'en')).toBe('12.00 NOT-A-CODE');
  });

  it('a balance whose currency is written in letters stays one left-to-right run in Arabic', () => {
    expect(formatMoney(16.32, 'GBP', 'ar')).toBe('\u206616.32\u00a0UK£\u2069');
  });

  it('dates are written in the admin’s language', () => {
    const iso = '2026-11-22T14:05:00.000Z';
    expect(formatDateTime(iso, 'en')).toBe(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));
    expect(formatDateTime(iso, 'fr')).toBe(new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)));
    expect(formatDateTime(iso, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('a recipient is dialled from abroad: calling code, then the number without its trunk 0', () => {
    expect(formatRecipient('08031234567', '234')).toBe('+234 803 123 4567');
    expect(formatRecipient('52123456', '53')).toBe('+53 5 2123456');
    expect(formatRecipient('08031234567', null)).toBe('08031234567');
  });

  it('an order id is told apart by its start', () => {
    expect(shortId('0b7e4c1a-5f7e-4d0e-9a65-2f1d3c4b5a69')).toBe('0b7e4c1a');
  });

  it('detail values read as one line, nothing as a dash', () => {
    expect(displayValue('completed')).toBe('completed');
    expect(displayValue(3)).toBe('3');
    expect(displayValue(false)).toBe('false');
    expect(displayValue(null)).toBe('—');
    expect(displayValue(undefined)).toBe('—');
    expect(displayValue('')).toBe('—');
    expect(displayValue({ code: 'X', n: 1 })).toBe('{"code":"X","n":1}');
  });

  it('a moment in a detail reads as a date when the language is given', () => {
    const iso = '2026-11-24T04:05:11.495Z';
    expect(displayValue(iso, 'en')).toBe(formatDateTime(iso, 'en'));
    expect(displayValue(iso)).toBe(iso);
    expect(displayValue('2026-11-24', 'en')).toBe('2026-11-24');
    expect(displayValue('re_2026-11-24T04:05Z', 'en')).toBe('re_2026-11-24T04:05Z');
  });
});

describe('country names', () => {
  it('come from the ISO code in the admin’s language', () => {
    expect(countryName('NG', 'en')).toBe('Nigeria');
    expect(countryName('de', 'fr')).toBe('Allemagne');
    expect(countryName('CU', 'es')).toBe('Cuba');
    expect(countryName('NG', 'ar')).toMatch(/نيجيريا/);
  });

  it('an unknown or broken code reads as itself', () => {
    expect(countryName('XX', 'en')).toBe('XX');
    expect(countryName('not a code', 'en')).toBe('not a code');
  });
});
