import { describe, expect, it } from 'vitest';
import { formatPhoneInternational } from './phone-format';

describe('a recipient number as every screen shows it', () => {
  it('is the international format, with or without the trunk 0 and from a whole number alike', () => {
    expect(formatPhoneInternational('08031234567', '234')).toBe('+234 803 123 4567');
    expect(formatPhoneInternational('8031234567', '+234')).toBe('+234 803 123 4567');
    expect(formatPhoneInternational('+2348031234567')).toBe('+234 803 123 4567');
    expect(formatPhoneInternational('+234 8031234567')).toBe('+234 803 123 4567');
    expect(formatPhoneInternational('9876543210', '91')).toBe('+91 98765 43210');
  });

  it('falls back to the calling code and the digits, or the number as given', () => {
    expect(formatPhoneInternational('12345', null)).toBe('12345');
  });
});
