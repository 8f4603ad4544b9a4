import type { OrderView } from '@shared/api/orders';

/** An order as GET /api/orders answers it, for the order history's unit tests. */
export function testOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: '0b7e4c1a-5f7e-4d0e-9a65-2f1d3c4b5a69',
    reference: 'GT-7K3M-9QXZ',
    status: 'completed',
    displayStatus: 'successful',
    notCharged: false,
    createdAt: '2026-11-22T14:05:00.000Z',
    countryCode: 'NG',
    countryName: 'Nigeria',
    callingCode: '234',
    recipientPhone: '08031234567',
    operatorId: 341,
    operatorName: 'MTN',
    amount: '10.00',
    fee: '0.63',
    totalAmount: '10.63',
    currency: 'USD',
    localAmount: 15000,
    destinationCurrencyCode: 'NGN',
    deliveredAmount: 14950.5,
    deliveredAmountCurrencyCode: 'NGN',
    transactionId: '4602843',
    paymentIntentId: 'pi_3SandboxIntent',
    paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
    failureMessage: null,
    failureCode: null,
    planDescription: null,
    hasPin: false,
    deliveryReport: null,
    canReportDelivery: false,
    ...overrides,
  };
}
