import { describe, expect, it } from 'vitest';
import { formatCentsShort, formatDay, formatRate, formatSeconds, ordersPerDay, revenuePerDay } from './overview-series';

describe('the overview’s chart rows', () => {
  const days = [
    {
      day: '2026-11-23',
      statusCounts: { completed: 5, capture_failed: 1, refunding: 1, created: 2, expired: 3, canceled: 4, delivering: 1 },
      capturedCents: 7000,
      feesCents: 500,
      funnel: { started: 17, paid: 8, delivered: 7, captured: 6 },
      declines: {},
    },
    {
      day: '2026-11-24',
      statusCounts: { refunded: 2, delivery_failed: 1, authorised: 1, archived: 9 } as never,
      capturedCents: 0,
      feesCents: 0,
      funnel: { started: 4, paid: 4, delivered: 2, captured: 2 },
      declines: {},
    },
  ];

  it('group each day’s statuses as the customer’s history does, leaving out a status the console does not know', () => {
    expect(ordersPerDay(days)).toEqual([
      { day: '2026-11-23', successful: 7, processing: 1, not_paid: 5, failed: 4, refunded: 0 },
      { day: '2026-11-24', successful: 0, processing: 1, not_paid: 0, failed: 1, refunded: 2 },
    ]);
  });

  it('keep each day’s captured money and fees', () => {
    expect(revenuePerDay(days)).toEqual([
      { day: '2026-11-23', capturedCents: 7000, feesCents: 500 },
      { day: '2026-11-24', capturedCents: 0, feesCents: 0 },
    ]);
  });
});

describe('the overview’s formats', () => {
  it('write a UTC day as a date of that day in every time zone', () => {
    expect(formatDay('2026-11-24', 'en')).toBe('Nov 24');
    expect(formatDay('2026-11-24', 'en', 'long')).toBe('November 24, 2026');
    expect(formatDay('2026-11-24', 'fr', 'long')).toBe('24 novembre 2026');
  });

  it('write times to a tenth of a second, in minutes from 90 seconds, rates as percentages, money short', () => {
    expect(formatSeconds(12.44, 'en')).toBe('12.4 sec');
    expect(formatSeconds(210, 'en')).toBe('3.5 min');
    expect(formatRate(0.97725, 'en')).toBe('97.7%');
    expect(formatCentsShort(123_456, 'en')).toBe('$1.2K');
    // Arabic keeps Western digits, as the rest of the console does.
    expect(formatRate(0.5, 'ar')).toMatch(/50/);
  });
});
