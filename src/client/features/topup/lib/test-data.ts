import type { Country, OperatorInfo } from '@shared/api/catalog';

/** Builders for the unit tests of this feature. */
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
    fxRate: 1500,
    senderCurrencyCode: 'USD',
    destinationCurrencyCode: 'NGN',
    country: { name: 'Nigeria', isoName: 'NG' },
    logoUrl: null,
    ...overrides,
  };
}
