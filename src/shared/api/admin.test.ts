import { describe, expect, it } from 'vitest';
import { adminActionsFor } from './admin';
import { ORDER_STATUSES } from './orders';

describe('the actions an order’s status allows in the console', () => {
  it('refunds only a completed order, and retries a refund left mid-way or refused with a check', () => {
    expect(ORDER_STATUSES.filter((status) => adminActionsFor(status).includes('refund'))).toEqual(['completed']);
    expect(adminActionsFor('refund_failed')).toEqual(['check']);
    expect(adminActionsFor('refunding')).toEqual(['check']);
    expect(adminActionsFor('refunded')).toEqual([]);
  });

  it('releases only a hold whose top-up is not delivered', () => {
    expect(ORDER_STATUSES.filter((status) => adminActionsFor(status).includes('release'))).toEqual([
      'authorised',
      'delivery_pending',
      'delivery_failed',
    ]);
  });
});
