import type { Country, OperatorInfo } from '@shared/api/catalog';
import type { TopupResponse } from '@shared/api/orders';

/** Builders of API data for the browser's unit tests, shared by the features. */
export function testCountry(overrides: Partial<Country> = {}): Country {
  return { id: 1, name: 'Nigeria', iso_name: 'NG', flag: '/flags/ng.svg', enabled: true, calling_codes: ['+234'], ...overrides };
}

export function testOperator(overrides: Partial<OperatorInfo> = {}): OperatorInfo {
  return {
    operatorId: 341,
    name: 'MTN Nigeria',
    denominationType: 'RANGE',
    minAmount: 1,
    maxAmount: 50,
    suggestedAmounts: [5, 10, 15],
    suggestedAmountsMap: { '5': 7500, '10': 15000, '15': 22500 },
    fixedAmounts: [],
    localFixedAmounts: [],
    amountDescriptions: {},
    bundle: false,
    data: false,
    pin: false,
    fxRate: 1500,
    senderCurrencyCode: 'USD',
    destinationCurrencyCode: 'NGN',
    country: { name: 'Nigeria', isoName: 'NG' },
    logoUrl: null,
    ...overrides,
  };
}

export function testTopupResult(overrides: Partial<TopupResponse> = {}): TopupResponse {
  return {
    success: true,
    orderId: 'order-1',
    reference: 'GT-7K3M-9QXZ',
    status: 'SUCCESSFUL',
    recipientPhone: '+234 8031234567',
    operatorName: 'MTN Nigeria',
    requestedAmount: 10,
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: 14600,
    deliveredAmountCurrencyCode: 'NGN',
    transactionId: '4602843',
    paymentIntentId: 'pi_1',
    paymentMethod: { type: 'card', brand: 'visa', last4: '4242' },
    transactionDate: '2026-11-22 10:15:30',
    planDescription: null,
    hasPin: false,
    payment: 'captured',
    ...overrides,
  };
}
