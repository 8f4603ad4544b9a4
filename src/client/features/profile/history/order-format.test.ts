import { describe, expect, it } from 'vitest';
import {
  countryNameIn,
  formatDeliveredAmount,
  formatExpectedAmount,
  formatLocalAmount,
  formatOrderDate,
  formatRecipientGets,
  formatRecipientNumber,
  formatUsdAmount,
  isNothingCharged,
  summariseOrder,
} from './order-format';
import { testOrder } from '@/testing/orders';

const plain = (text: string) => text.replace(/[\s\u00a0\u202f]/g, ' ');

describe('the date of an order', () => {
  it('is written in the interface language', () => {
    const placed = '2026-11-22T14:05:00.000Z';
    expect(plain(formatOrderDate(placed, 'en', undefined, 'UTC'))).toBe('Nov 22, 2026, 2:05 PM');
    expect(plain(formatOrderDate(placed, 'fr', undefined, 'UTC'))).toBe('22 nov. 2026, 14:05');
    expect(plain(formatOrderDate(placed, 'es', undefined, 'UTC'))).toBe('22 nov 2026, 14:05');
  });

  it('can be only the day or only the time', () => {
    const placed = '2026-11-22T14:05:00.000Z';
    expect(plain(formatOrderDate(placed, 'en', { dateStyle: 'medium' }, 'UTC'))).toBe('Nov 22, 2026');
    expect(plain(formatOrderDate(placed, 'fr', { timeStyle: 'short' }, 'UTC'))).toBe('14:05');
  });

  it('keeps Western digits in Arabic', () => {
    const arabic = formatOrderDate('2026-11-22T14:05:00.000Z', 'ar', undefined, 'UTC');
    expect(arabic).toContain('2026');
    expect(arabic).not.toMatch(/[٠-٩]/);
  });
});

describe('amounts of an order', () => {
  it('show USD with a dollar sign and two decimals', () => {
    expect(formatUsdAmount('10.63')).toBe('$10.63');
    expect(formatUsdAmount('5')).toBe('$5.00');
    expect(formatUsdAmount('7.5')).toBe('$7.50');
  });

  it('show the local currency in the interface language, with decimals only when there are some', () => {
    expect(plain(formatLocalAmount(15000, 'NGN', 'en'))).toBe('NGN 15,000');
    expect(plain(formatLocalAmount(14950.5, 'NGN', 'en'))).toBe('NGN 14,950.50');
    expect(plain(formatLocalAmount(15000, 'EUR', 'fr'))).toBe('15 000 €');
  });

  it('fall back to the number and the code for a currency Intl does not know', () => {
    expect(formatLocalAmount(12.5, 'not-a-currency', 'en')).toBe('12.50 not-a-currency');
  });
});

describe('what the recipient gets', () => {
  it('is the delivered amount once the operator reported one', () => {
    const order = testOrder({ localAmount: 15000, deliveredAmount: 14950.5, deliveredAmountCurrencyCode: 'NGN' });
    expect(plain(formatRecipientGets(order, 'en'))).toBe('NGN 14,950.50');
    expect(plain(formatDeliveredAmount(order, 'en') ?? '')).toBe('NGN 14,950.50');
  });

  it('is the expected amount before delivery', () => {
    const order = testOrder({
      status: 'delivering',
      displayStatus: 'processing',
      localAmount: 15000,
      deliveredAmount: null,
      deliveredAmountCurrencyCode: null,
    });
    expect(plain(formatRecipientGets(order, 'en'))).toBe('NGN 15,000');
    expect(formatDeliveredAmount(order, 'en')).toBeNull();
  });

  it('is the expected amount when delivery failed, even if the provider reported an amount', () => {
    const order = testOrder({
      status: 'canceled',
      displayStatus: 'failed',
      localAmount: 15000,
      deliveredAmount: 14950.5,
      deliveredAmountCurrencyCode: 'NGN',
    });
    expect(plain(formatRecipientGets(order, 'en'))).toBe('NGN 15,000');
    expect(formatDeliveredAmount(order, 'en')).toBeNull();
  });

  it('is the delivered amount for a refunded order too: the refund gave the payment back, not the top-up', () => {
    const order = testOrder({ status: 'refunded', displayStatus: 'refunded', deliveredAmount: 14950.5, deliveredAmountCurrencyCode: 'NGN' });
    expect(plain(formatDeliveredAmount(order, 'en') ?? '')).toBe('NGN 14,950.50');
  });

  it('is the currency alone when the operator gave no rate', () => {
    const order = testOrder({ localAmount: null, deliveredAmount: null, deliveredAmountCurrencyCode: null });
    expect(formatExpectedAmount(order, 'en')).toBe('NGN');
  });

  it('uses the order currency when the delivery does not name one', () => {
    expect(plain(formatRecipientGets(testOrder({ deliveredAmount: 100, deliveredAmountCurrencyCode: null }), 'en'))).toBe('NGN 100');
  });
});

describe('the recipient and the country', () => {
  it('show the number in international form, or alone when the calling code is unknown', () => {
    expect(formatRecipientNumber('08031234567', '234')).toBe('+234 803 123 4567');
    expect(formatRecipientNumber('9812345678', '91')).toBe('+91 98123 45678');
    expect(formatRecipientNumber('08031234567', null)).toBe('08031234567');
  });

  it('name the country in the interface language, keeping the server name in English and for unknown codes', () => {
    expect(countryNameIn('NG', 'Nigeria', 'en')).toBe('Nigeria');
    expect(countryNameIn('DE', 'Germany', 'fr')).toBe('Allemagne');
    expect(countryNameIn('CU', 'Cuba', 'ar')).toBe('كوبا');
    expect(countryNameIn('XK', 'Kosovo', 'en')).toBe('Kosovo');
  });
});

describe('an order summary', () => {
  it('holds every text the history shows for the order', () => {
    const order = testOrder();
    expect(summariseOrder(order, 'en')).toEqual({
      order,
      date: formatOrderDate(order.createdAt, 'en'),
      day: formatOrderDate(order.createdAt, 'en', { dateStyle: 'medium' }),
      time: formatOrderDate(order.createdAt, 'en', { timeStyle: 'short' }),
      recipient: '+234 803 123 4567',
      country: 'Nigeria',
      flag: '/flags/ng.svg',
      totalPrice: '$10.63',
      recipientGets: formatLocalAmount(14950.5, 'NGN', 'en'),
    });
  });

  it('says nothing was charged only for failed and never paid orders', () => {
    expect(['not_paid', 'processing', 'successful', 'failed'].filter((status) => isNothingCharged(status as never))).toEqual(['not_paid', 'failed']);
  });
});
