import { describe, expect, it } from 'vitest';
import { displayStatusOf, ORDER_STATUSES, paymentStateOf } from './orders';

describe('how an order reads to its customer', () => {
  it('an order never paid reads "not paid", both while it waits and once it has expired, never as pending', () => {
    expect(displayStatusOf('created')).toBe('not_paid');
    expect(displayStatusOf('expired')).toBe('not_paid');
    expect(displayStatusOf('declined')).toBe('not_paid');
    // Held for review is processing too: the card is only held, and nothing is sent until a person approves it.
    expect(ORDER_STATUSES.filter((status) => displayStatusOf(status) === 'processing')).toEqual([
      'authorised',
      'in_review',
      'delivering',
      'delivery_pending',
    ]);
  });

  it('tells what the card holds: nothing before authorisation, a hold until delivery is settled, then captured or released', () => {
    expect(paymentStateOf('created', false)).toBe('none');
    expect(paymentStateOf('expired', false)).toBe('none');
    expect(paymentStateOf('delivery_pending', true)).toBe('held');
    expect(paymentStateOf('delivery_failed', true)).toBe('held');
    expect(paymentStateOf('completed', true)).toBe('captured');
    expect(paymentStateOf('canceled', true)).toBe('released');
    // Closed before any hold was verified (a refused or cancelled payment).
    expect(paymentStateOf('canceled', false)).toBe('none');
  });

  it('reads a refunded order as "refunded", and one being refunded as still paid and delivered', () => {
    expect(ORDER_STATUSES.filter((status) => displayStatusOf(status) === 'refunded')).toEqual(['refunded']);
    expect(displayStatusOf('refunding')).toBe('successful');
    expect(displayStatusOf('refund_failed')).toBe('successful');
    expect(paymentStateOf('refunded', true)).toBe('refunded');
    expect(paymentStateOf('refunding', true)).toBe('captured');
    expect(paymentStateOf('refund_failed', true)).toBe('captured');
  });
});
