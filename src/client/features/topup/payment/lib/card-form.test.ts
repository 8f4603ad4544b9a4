import { describe, expect, it } from 'vitest';
import { cardPaymentMethod, formatCardNumber, formatCvc, formatExpiry, validateCard } from './card-form';
import { englishText } from './test-texts';

const today = new Date(2026, 10, 22);
const valid = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };
const problems = (fields: Partial<typeof valid>) =>
  Object.fromEntries(Object.entries(validateCard({ ...valid, ...fields }, today)).map(([field, key]) => [field, englishText(key)]));

describe('typing a card', () => {
  it('groups the number in fours, keeps only digits and stops at 19 of them', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a42 4')).toBe('4242 4242 4');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
  });

  it('groups an American Express number 4-6-5 and stops at 15 digits', () => {
    expect(formatCardNumber('378282246310005999')).toBe('3782 822463 10005');
  });

  it('writes the expiry as MM / YY, and a first digit above 1 as a month of its own', () => {
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('4')).toBe('04');
    expect(formatExpiry('429')).toBe('04 / 29');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('12 / 3099')).toBe('12 / 30');
  });

  it('keeps at most 4 CVC digits', () => {
    expect(formatCvc('12a345')).toBe('1234');
  });
});

describe('checking a card before it is sent', () => {
  it('accepts the test cards', () => {
    expect(validateCard(valid, today)).toEqual({});
    expect(validateCard({ number: '4000 0000 0000 0002', expiry: '11 / 26', cvc: '999' }, today)).toEqual({});
    expect(validateCard({ number: '3782 822463 10005', expiry: '01 / 27', cvc: '1234' }, today)).toEqual({});
  });

  it('reports an empty form field by field', () => {
    expect(problems({ number: '', expiry: '', cvc: '' })).toEqual({
      number: 'Your card number is incomplete.',
      expiry: "Your card's expiration date is incomplete.",
      cvc: "Your card's security code is incomplete.",
    });
  });

  it('refuses a number that fails the check digit, in the words of SPEC §8', () => {
    expect(problems({ number: '4242 4242 4242 4241' })).toEqual({ number: 'The card number is invalid. Please check and try again.' });
  });

  it('wants 15 digits and a 4-digit CVC for American Express', () => {
    expect(problems({ number: '3782 822463 1000', cvc: '123' })).toEqual({
      number: 'Your card number is incomplete.',
      cvc: "Your card's security code is incomplete.",
    });
  });

  it('refuses a month that does not exist, a past date and a year too far ahead, in the words of SPEC §8', () => {
    expect(problems({ expiry: '13 / 30' })).toEqual({ expiry: 'The card expiration month is invalid. Please check and try again.' });
    expect(problems({ expiry: '10 / 26' })).toEqual({ expiry: 'Your card has expired. Please use a different card.' });
    expect(problems({ expiry: '11 / 26' })).toEqual({});
    expect(problems({ expiry: '01 / 99' })).toEqual({ expiry: 'The card expiration year is invalid. Please check and try again.' });
  });
});

describe('the card as the sandbox takes it', () => {
  it('sends digits, the month and the four-digit year', () => {
    expect(cardPaymentMethod(valid)).toEqual({ type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' });
  });
});
