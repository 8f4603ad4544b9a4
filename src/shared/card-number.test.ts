import { describe, expect, it } from 'vitest';
import { cardBrandOf, isAmericanExpress, passesLuhnCheck } from './card-number';

describe('card numbers', () => {
  it.each(['4242424242424242', '4000000000009995', '378282246310005', '5555555555554444', '30569309025904'])('%s passes the Luhn check', (digits) => {
    expect(passesLuhnCheck(digits)).toBe(true);
  });

  it.each(['4242424242424241', '4000000000009990', '378282246310006', '1'])('%s fails the Luhn check', (digits) => {
    expect(passesLuhnCheck(digits)).toBe(false);
  });

  it('tells American Express numbers by their first two digits', () => {
    expect(['340000000000009', '378282246310005'].map(isAmericanExpress)).toEqual([true, true]);
    expect(['4242424242424242', '3056930902590', '3530111333300000'].map(isAmericanExpress)).toEqual([false, false, false]);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('names the brand of %s as Stripe does: %s', (digits, brand) => {
    expect(cardBrandOf(digits)).toBe(brand);
  });
});
