import { describe, expect, it } from 'vitest';
import { parseFeeConfig, priceTopUp } from '@shared/pricing';
import { buildPendingTopUp } from './pending-top-up';
import { testOperator } from '@/testing/builders';

describe('the top-up saved before sign-in', () => {
  it('holds the selection and the price with the default fees: 10.00 + 0.30 + 0.33 = 10.63', () => {
    const operator = testOperator();
    const country = { code: 'NG', name: 'Nigeria', flag: '/flags/ng.svg', phoneCode: '+234' };
    const data = buildPendingTopUp({
      country,
      phone: '08031234567',
      operator,
      amount: { usdCents: 1000, localAmount: 15000 },
      price: priceTopUp(1000, parseFeeConfig(null)),
      now: 1_700_000_000_000,
    });
    expect(data).toEqual({
      selectedCountry: country,
      phoneNumber: '08031234567',
      operatorInfo: operator,
      selectedAmount: 10,
      localAmount: 15000,
      fee: 0.3,
      standardFee: 0.33,
      totalChargeAmount: 10.63,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      timestamp: 1_700_000_000_000,
    });
  });
});
