import { describe, expect, it } from 'vitest';
import { englishText } from './api/message-texts';
import { digitsOnly, expectedFormat, phoneLengthRule, validatePhone } from './phone-rules';

const messageFor = (input: string, countryCode: string) => {
  const result = validatePhone(input, countryCode);
  return result.ok ? 'ok' : englishText(result.error.key, result.error.params);
};

const ET_FORMAT = 'Invalid phone number format. Expected format: 9 digits (e.g., 911234567)';
const IN_FORMAT = 'Invalid phone number format. Expected format: 10 digits (e.g., 9876543210)';
const NG_FORMAT = 'Invalid phone number format. Expected format: 10-11 digits (e.g., 8031234567)';
const CU_FORMAT = 'Invalid phone number format. Expected format: 8 digits (e.g., 51234567)';

describe('validatePhone', () => {
  it.each([
    ['ET', '911234567', 'ok'],
    ['ET', '711234567', 'ok'],
    ['ET', '811234567', ET_FORMAT],
    ['ET', '91123456', 'Phone number must be at least 9 digits. Current: 8 digits'],
    ['ET', '9112345678', 'Phone number cannot exceed 9 digits. Current: 10 digits'],
    ['IN', '9876543210', 'ok'],
    ['IN', '6876543210', 'ok'],
    ['IN', '5876543210', IN_FORMAT],
    ['IN', '0876543210', IN_FORMAT],
    ['IN', '987654321', 'Phone number must be at least 10 digits. Current: 9 digits'],
    ['IN', '98765432101', 'Phone number cannot exceed 10 digits. Current: 11 digits'],
    ['NG', '8031234567', 'ok'],
    ['NG', '7031234567', 'ok'],
    ['NG', '9031234567', 'ok'],
    ['NG', '08031234567', 'ok'],
    ['NG', '6031234567', NG_FORMAT],
    ['NG', '0803123456', NG_FORMAT],
    ['NG', '80312345678', NG_FORMAT],
    ['NG', '803123456', 'Phone number must be at least 10 digits. Current: 9 digits'],
    ['NG', '080312345678', 'Phone number cannot exceed 11 digits. Current: 12 digits'],
    ['CU', '51234567', 'ok'],
    ['CU', '61234567', CU_FORMAT],
    ['CU', '5123456', 'Phone number must be at least 8 digits. Current: 7 digits'],
    ['CU', '512345678', 'Phone number cannot exceed 8 digits. Current: 9 digits'],
    ['MX', '12345', 'Phone number must be at least 6 digits. Current: 5 digits'],
    ['MX', '012345', 'ok'],
    ['MX', '123456789012345', 'ok'],
    ['MX', '1234567890123456', 'Phone number cannot exceed 15 digits. Current: 16 digits'],
    ['GB', '12345', 'Phone number must be at least 6 digits. Current: 5 digits'],
    ['GB', '123456', 'ok'],
    ['GB', '000000000000000', 'ok'],
    ['GB', '1234567890123456', 'Phone number cannot exceed 15 digits. Current: 16 digits'],
  ])('%s %s → %s', (countryCode, input, message) => {
    expect(messageFor(input, countryCode)).toBe(message);
  });

  it.each(['', '   ', '+', '-() '])('requires a number when %j has no digits', (input) => {
    expect(validatePhone(input, 'NG')).toEqual({ ok: false, error: { key: 'phone.required' } });
    expect(messageFor(input, 'NG')).toBe('Phone number is required');
  });

  it.each([
    ['NG', '0803-123-4567', '08031234567'],
    ['NG', '(803) 123 4567', '8031234567'],
    ['IN', '98765 43210', '9876543210'],
    ['GB', '+44 20 7946 0958', '442079460958'],
  ])('strips everything but digits for %s %j', (countryCode, input, digits) => {
    expect(validatePhone(input, countryCode)).toEqual({ ok: true, digits });
  });

  it('counts a typed calling code as digits, so "+234 803-123-4567" is too long for NG', () => {
    expect(validatePhone('+234 803-123-4567', 'NG')).toEqual({
      ok: false,
      error: { key: 'phone.tooLong', params: { max: 11, current: 13 } },
    });
  });

  it.each(['ng', 'Ng', ' NG '])('reads the country code %j regardless of case', (countryCode) => {
    expect(validatePhone('08031234567', countryCode)).toEqual({ ok: true, digits: '08031234567' });
    expect(messageFor('6031234567', countryCode)).toBe(NG_FORMAT);
  });

  it('returns the key and params the UI translates', () => {
    expect(validatePhone('5876543210', 'IN')).toEqual({
      ok: false,
      error: { key: 'phone.invalidFormat', params: { format: '10 digits (e.g., 9876543210)' } },
    });
    expect(validatePhone('12345', 'MX')).toEqual({
      ok: false,
      error: { key: 'phone.tooShort', params: { min: 6, current: 5 } },
    });
  });
});

describe('phoneLengthRule and expectedFormat', () => {
  it.each([
    ['ET', 9, 9, '9 digits (e.g., 911234567)'],
    ['IN', 10, 10, '10 digits (e.g., 9876543210)'],
    ['NG', 10, 11, '10-11 digits (e.g., 8031234567)'],
    ['CU', 8, 8, '8 digits (e.g., 51234567)'],
    ['cu', 8, 8, '8 digits (e.g., 51234567)'],
    ['MX', 6, 15, '6-15 digits'],
    ['', 6, 15, '6-15 digits'],
  ])('%j allows %i to %i digits, shown as %s', (countryCode, min, max, format) => {
    expect(phoneLengthRule(countryCode)).toEqual({ min, max });
    expect(expectedFormat(countryCode)).toBe(format);
  });
});

describe('digitsOnly', () => {
  it.each([
    ['+234 (803) 123-4567', '2348031234567'],
    ['abc', ''],
    ['٠١٢', ''],
    ['0042', '0042'],
  ])('turns %j into %j', (input, digits) => {
    expect(digitsOnly(input)).toBe(digits);
  });
});
