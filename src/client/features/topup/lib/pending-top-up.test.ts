import { beforeEach, describe, expect, it } from 'vitest';
import { PENDING_DATA_TTL_MS } from '@shared/constants';
import { parseFeeConfig, priceTopUp } from '@shared/pricing';
import {
  buildPendingTopUp,
  markPaymentAuthorised,
  peekSavedTopUp,
  restoreFromSaved,
  saveCheckout,
  savedTopUpPaidWith,
  type PendingTopUpData,
} from './pending-top-up';
import { testCountry, testOperator } from '@/testing/builders';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as unknown as { window: unknown }).window = {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
  };
});

const NOW = 1_700_000_000_000;
const nigeria = { code: 'NG', name: 'Nigeria', flag: '/flags/ng.svg', phoneCode: '+234' };
const countries = [testCountry()];
const saved = (): PendingTopUpData =>
  buildPendingTopUp({
    country: nigeria,
    phone: '08031234567',
    operator: testOperator(),
    amount: { usdCents: 1000, localAmount: 15000 },
    price: priceTopUp(1000, parseFeeConfig(null)),
    now: NOW,
  });
const checkout = { orderKey: 'key-1', orderId: 'order-1', paymentIntentId: 'pi_1', authorised: false };

describe('the top-up saved before sign-in', () => {
  it('holds the selection and the price with the default fees: 10.00 + 0.30 + 0.33 = 10.63', () => {
    const operator = testOperator();
    expect(saved()).toEqual({
      selectedCountry: nigeria,
      phoneNumber: '08031234567',
      operatorInfo: operator,
      selectedAmount: 10,
      localAmount: 15000,
      fee: 0.3,
      standardFee: 0.33,
      totalChargeAmount: 10.63,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      timestamp: NOW,
    });
  });
});

describe('a checkout kept with the saved top-up', () => {
  it('is found by its payment intent, and marked authorised once paid', () => {
    saveCheckout({ ...saved(), checkout });
    expect(savedTopUpPaidWith('pi_other', NOW)).toBeNull();
    expect(savedTopUpPaidWith('pi_1', NOW)?.checkout).toEqual(checkout);
    markPaymentAuthorised('pi_1', NOW + 1000);
    expect(savedTopUpPaidWith('pi_1', NOW)?.checkout).toEqual({ ...checkout, authorised: true });
  });

  it('is gone after 30 minutes, without anything being cleared just by looking', () => {
    saveCheckout({ ...saved(), checkout });
    store.set('pendingAuthAction', '{"type":"topup"}');
    expect(peekSavedTopUp(NOW + PENDING_DATA_TTL_MS)).toBe(true);
    expect(peekSavedTopUp(NOW + PENDING_DATA_TTL_MS + 1)).toBe(false);
    expect(savedTopUpPaidWith('pi_1', NOW + PENDING_DATA_TTL_MS + 1)).toBeNull();
    expect(store.has('pendingAuthAction')).toBe(true);
  });
});

describe('what a signed-in customer’s saved top-up opens on (docs/product.md §4)', () => {
  it('complete data goes straight to the summary, keeping the checkout already started', () => {
    expect(restoreFromSaved({ ...saved(), checkout }, countries)).toMatchObject({
      kind: 'review',
      topUp: {
        country: nigeria,
        phone: '08031234567',
        operator: { operatorId: 341 },
        amount: { usdCents: 1000, localAmount: 15000 },
        orderKey: 'key-1',
      },
    });
    expect(restoreFromSaved(saved(), countries)).toMatchObject({ kind: 'review', topUp: { orderKey: null } });
  });

  it('an authorised payment follows its order on the result screen', () => {
    expect(restoreFromSaved({ ...saved(), checkout: { ...checkout, authorised: true } }, countries)).toMatchObject({
      kind: 'follow',
      topUp: { phone: '08031234567', orderKey: 'key-1' },
      checkout: { orderId: 'order-1', paymentIntentId: 'pi_1' },
    });
  });

  it('incomplete data fills the form with what was saved: country, number and amount when present', () => {
    const { operatorInfo: _operator, selectedAmount: _amount, ...countryAndNumber } = saved();
    expect(restoreFromSaved(countryAndNumber, countries)).toEqual({ kind: 'recipient', recipient: { country: nigeria, phone: '08031234567' } });
    const { operatorInfo: _operatorToo, ...withAmount } = saved();
    expect(restoreFromSaved(withAmount, countries)).toEqual({
      kind: 'recipient',
      recipient: { country: nigeria, phone: '08031234567', amountCents: 1000 },
    });
    expect(restoreFromSaved({ selectedCountry: { code: 'NG' } as never, timestamp: NOW }, countries)).toEqual({
      kind: 'recipient',
      recipient: { country: nigeria, phone: '' },
    });
  });

  it('a saved operator without an amount opens the amounts', () => {
    const { selectedAmount: _amount, ...withoutAmount } = saved();
    expect(restoreFromSaved(withoutAmount, countries)).toMatchObject({
      kind: 'recipient',
      recipient: { phone: '08031234567', operator: { operatorId: 341 } },
    });
  });

  it('nothing to restore without a country that can still be chosen', () => {
    expect(restoreFromSaved({ phoneNumber: '08031234567', timestamp: NOW }, countries)).toBeNull();
    expect(restoreFromSaved({ ...saved(), selectedCountry: { ...nigeria, code: 'ZZ' } }, countries)).toBeNull();
  });
});
