import { describe, expect, it } from 'vitest';
import { restoreFromParams } from './restore-params';
import { testCountry, testOperator } from './test-data';

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
    expect(restoreFromParams(params({ phone: '08031234567', amount: '7.5', operatorInfo }), countries)?.amount).toEqual({ usdCents: 750, localAmount: 11250 });
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

  it('ignores a flag that is not one of ours', () => {
    const restored = restoreFromParams(params({ country: 'NG', phone: '0803', amount: '10', operatorInfo, flag: 'https://evil.example/x.svg' }), countries);
    expect(restored?.country.flag).toBe('/flags/ng.svg');
  });
});
