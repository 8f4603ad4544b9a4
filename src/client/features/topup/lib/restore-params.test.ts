import { describe, expect, it } from 'vitest';
import { continueWithOf, paymentRetryPath, recipientRestorePath, restoreFromParams, restoreRecipientFromParams } from './restore-params';
import { testCountry, testOperator } from '@/testing/builders';

const countries = [testCountry(), testCountry({ id: 2, name: 'Cuba', iso_name: 'CU', flag: '/flags/cu.svg', calling_codes: ['53'] })];
const params = (entries: Record<string, string>) => new URLSearchParams(entries);
const operatorInfo = JSON.stringify(testOperator());

describe('a top-up carried in the URL', () => {
  it('restores country, number, operator and amount', () => {
    const restored = restoreFromParams(params({ country: 'NG', phone: '08031234567', amount: '10', operatorInfo, flag: '/flags/ng.svg' }), countries);
    expect(restored).toMatchObject({
      country: { code: 'NG', name: 'Nigeria', phoneCode: '+234', flag: '/flags/ng.svg' },
      phone: '08031234567',
      operator: { operatorId: 341, name: 'MTN Nigeria' },
      amount: { usdCents: 1000, localAmount: 15000 },
    });
  });

  it('takes the country from the operator when the URL does not name it, and prices a custom amount at the rate', () => {
    expect(restoreFromParams(params({ phone: '08031234567', amount: '7.5', operatorInfo }), countries)?.amount).toEqual({
      usdCents: 750,
      localAmount: 11250,
      plan: null,
    });
  });

  it.each([
    [{ phone: '08031234567', amount: '10' }],
    [{ phone: '08031234567', amount: '10', operatorInfo: '{not json' }],
    [{ phone: '08031234567', amount: '10', operatorInfo: JSON.stringify({ name: 'x' }) }],
    [{ phone: '', amount: '10', operatorInfo }],
    [{ phone: '08031234567', amount: 'ten', operatorInfo }],
    [{ phone: '08031234567', amount: '0', operatorInfo }],
    [{ country: 'ZZ', phone: '08031234567', amount: '10', operatorInfo }],
  ])('gives nothing for incomplete or malformed parameters (%#)', (entries) => {
    expect(restoreFromParams(params(entries), countries)).toBeNull();
  });

  it('finds the local amount of a 2-decimal amount under the operator map key written without decimals', () => {
    const operator = JSON.stringify(testOperator({ suggestedAmountsMap: { '10': 14800 } }));
    expect(restoreFromParams(params({ country: 'NG', phone: '08031234567', amount: '10.00', operatorInfo: operator }), countries)?.amount).toEqual({
      usdCents: 1000,
      localAmount: 14800,
      plan: null,
    });
  });

  it('fills the lists an older link leaves out, so the amount and the steps after it still work', () => {
    const {
      fixedAmounts: _fixed,
      localFixedAmounts: _local,
      amountDescriptions: _descriptions,
      bundle: _bundle,
      ...older
    } = testOperator({ suggestedAmountsMap: {} });
    const restored = restoreFromParams(params({ country: 'NG', phone: '08031234567', amount: '10', operatorInfo: JSON.stringify(older) }), countries);
    expect(restored?.amount).toEqual({ usdCents: 1000, localAmount: 15000, plan: null });
    expect(restored?.operator).toMatchObject({ fixedAmounts: [], localFixedAmounts: [], amountDescriptions: {}, bundle: false });
  });

  it('ignores a flag that is not one of ours', () => {
    const restored = restoreFromParams(
      params({ country: 'NG', phone: '0803', amount: '10', operatorInfo, flag: 'https://evil.example/x.svg' }),
      countries,
    );
    expect(restored?.country.flag).toBe('/flags/ng.svg');
  });
});

describe('a number carried in the URL without an amount', () => {
  it('restores the country and the number so the visitor can pick an amount again', () => {
    expect(restoreRecipientFromParams(params({ restore: 'summary', country: 'ng', phone: '0803 123 4567' }), countries)).toEqual({
      country: { code: 'NG', name: 'Nigeria', flag: '/flags/ng.svg', phoneCode: '+234' },
      phone: '08031234567',
    });
  });

  it.each([[{ country: 'NG', phone: '' }], [{ country: 'ZZ', phone: '08031234567' }], [{ phone: '08031234567' }]])(
    'gives nothing without a known country and a number (%#)',
    (entries) => {
      expect(restoreRecipientFromParams(params(entries), countries)).toBeNull();
    },
  );

  it('gives nothing for a country that is not served', () => {
    const closed = [testCountry({ enabled: false })];
    expect(restoreRecipientFromParams(params({ country: 'NG', phone: '08031234567' }), closed)).toBeNull();
  });
});

describe('what follows a return from sign-in', () => {
  it('post-auth with a payment intent sends the top-up', () => {
    expect(continueWithOf(params({ 'post-auth': 'true', payment_intent_id: 'pi_1', step: 'steps.payment' }))).toEqual({
      kind: 'processTopup',
      paymentIntentId: 'pi_1',
    });
  });

  it('post-auth on the payment step creates a new payment intent', () => {
    expect(continueWithOf(params({ 'post-auth': 'true', step: 'steps.payment' }))).toEqual({ kind: 'createIntent' });
  });

  it("'Try again' after a declined redirect payment opens the payment form of the same top-up", () => {
    const path = paymentRetryPath('NG', '08031234567');
    const query = new URL(path, 'http://localhost').searchParams;
    expect(continueWithOf(query)).toEqual({ kind: 'createIntent' });
    expect([query.get('country'), query.get('phone')]).toEqual(['NG', '08031234567']);
  });

  it('anything else only restores the review', () => {
    expect(continueWithOf(params({ 'post-auth': 'true' }))).toBeNull();
    expect(continueWithOf(params({ restore: 'summary', step: 'steps.payment', payment_intent_id: 'pi_1' }))).toBeNull();
    expect(continueWithOf(params({ 'post-auth': 'google', step: 'steps.payment' }))).toBeNull();
  });
});

describe("a failed top-up's 'Try Again' away from the flow", () => {
  it('goes to the recipient step with the same number, and no amount to restore', () => {
    const path = recipientRestorePath('NG', '08031230000');
    expect(path).toBe('/?restore=summary&country=NG&phone=08031230000');
    const query = new URLSearchParams(path.slice(2));
    expect(restoreFromParams(query, countries)).toBeNull();
    expect(restoreRecipientFromParams(query, countries)).toMatchObject({ country: { code: 'NG' }, phone: '08031230000' });
  });
});
