/** Recipient phone validation (docs/product.md §5), shared by the browser and the server. */
export interface PhoneLengthRule {
  min: number;
  max: number;
}

interface CountryPhoneRule extends PhoneLengthRule {
  /** Whole-number shape once the length is right; countries without one are checked by length only. */
  shape?: RegExp;
  format: string;
}

const COUNTRY_RULES: Record<string, CountryPhoneRule> = {
  ET: { min: 9, max: 9, shape: /^[79]\d{8}$/, format: '9 digits (e.g., 911234567)' },
  IN: { min: 10, max: 10, shape: /^[6-9]\d{9}$/, format: '10 digits (e.g., 9876543210)' },
  NG: { min: 10, max: 11, shape: /^(?:[789]\d{9}|0\d{10})$/, format: '10-11 digits (e.g., 8031234567)' },
  CU: { min: 8, max: 8, shape: /^5\d{7}$/, format: '8 digits (e.g., 51234567)' },
};
const OTHER_COUNTRIES: CountryPhoneRule = { min: 6, max: 15, format: '6-15 digits' };

/** What is wrong with a number: an API message key (its English is in api/message-texts.ts) and its values. */
export type PhoneError =
  | { key: 'phone.required'; params?: undefined }
  | { key: 'phone.tooShort'; params: { min: number; current: number } }
  | { key: 'phone.tooLong'; params: { max: number; current: number } }
  | { key: 'phone.invalidFormat'; params: { format: string } };

export type PhoneValidation = { ok: true; digits: string } | { ok: false; error: PhoneError };

function ruleFor(countryCode: string): CountryPhoneRule {
  return COUNTRY_RULES[countryCode.trim().toUpperCase()] ?? OTHER_COUNTRIES;
}

export function digitsOnly(input: string): string {
  return input.replace(/\D/g, '');
}

export function phoneLengthRule(countryCode: string): PhoneLengthRule {
  const { min, max } = ruleFor(countryCode);
  return { min, max };
}

export function expectedFormat(countryCode: string): string {
  return ruleFor(countryCode).format;
}

export function validatePhone(input: string, countryCode: string): PhoneValidation {
  const digits = digitsOnly(input);
  const rule = ruleFor(countryCode);
  const current = digits.length;
  if (current === 0) return { ok: false, error: { key: 'phone.required' } };
  if (current < rule.min) return { ok: false, error: { key: 'phone.tooShort', params: { min: rule.min, current } } };
  if (current > rule.max) return { ok: false, error: { key: 'phone.tooLong', params: { max: rule.max, current } } };
  if (rule.shape && !rule.shape.test(digits)) {
    return { ok: false, error: { key: 'phone.invalidFormat', params: { format: rule.format } } };
  }
  return { ok: true, digits };
}
