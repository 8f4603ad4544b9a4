import { describe, expect, it } from 'vitest';
import { formatDeliveredAmount, formatDollars, formatTransactionDate } from './result-format';

describe('the result screen formats', () => {
  it("reads the provider's plain date as UTC and writes it in the reader's language", () => {
    expect(formatTransactionDate('2026-11-22 10:15:30', 'en', 'UTC')).toBe('Nov 22, 2026, 10:15 AM');
    expect(formatTransactionDate('2026-11-22T10:15:30Z', 'fr', 'UTC')).toBe('22 nov. 2026, 10:15');
  });

  it('shows an unreadable date as it came', () => {
    expect(formatTransactionDate('yesterday', 'en')).toBe('yesterday');
  });

  it('writes the delivered amount in its currency, whole amounts without cents', () => {
    expect(formatDeliveredAmount(14600, 'NGN', 'en').replace(/\s/g, ' ')).toBe('NGN 14,600');
    expect(formatDeliveredAmount(4.9985, 'GBP', 'en')).toBe('£5.00');
    expect(formatDeliveredAmount(14600, 'XYZ1', 'en')).toBe('14600 XYZ1');
    expect(formatDeliveredAmount(14600, 'NGN', 'ar')).toBe('\u206614,600\u00a0NGN\u2069');
  });

  it('writes dollars from a number or a 2-decimal string', () => {
    expect(formatDollars(10)).toBe('$10.00');
    expect(formatDollars('10.63')).toBe('$10.63');
  });
});
