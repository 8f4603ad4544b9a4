import { describe, expect, it } from 'vitest';
import core from '@/i18n/locales/en.json';
import pages from '@/i18n/locales/pages/en';
import { COUNTRY_SELECTION_TOASTS, firstPhoneCode, parseCallingCodes, selectCountry, type CountrySelectionProblem } from './country-selection';
import { testCountry } from '@/testing/builders';

const english = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], { ...core, ...pages });

function problemOf(overrides: Parameters<typeof testCountry>[0]): CountrySelectionProblem | undefined {
  const selection = selectCountry(testCountry(overrides));
  return selection.ok ? undefined : selection.problem;
}

describe('calling codes', () => {
  it('are read from an array or from a JSON string of one', () => {
    expect(parseCallingCodes(['+234'])).toEqual(['+234']);
    expect(parseCallingCodes('["+1","1809"]')).toEqual(['+1', '1809']);
    expect(parseCallingCodes('')).toEqual([]);
    expect(parseCallingCodes('[]')).toEqual([]);
  });

  it('cannot be read from a string that is not a JSON array', () => {
    expect(parseCallingCodes('+234')).toBeNull();
    expect(parseCallingCodes('{"code":"234"}')).toBeNull();
    expect(parseCallingCodes('[234')).toBeNull();
  });

  it('give the first digits-only code, shown with a leading +', () => {
    expect(firstPhoneCode(['234'])).toBe('+234');
    expect(firstPhoneCode(['+1-809', '+1'])).toBe('+1');
    expect(firstPhoneCode(['+', 'abc'])).toBeNull();
  });
});

describe('selecting a country', () => {
  it('gives code, name, flag and phone code', () => {
    expect(selectCountry(testCountry({ iso_name: 'ng', calling_codes: '["234"]' }))).toEqual({
      ok: true,
      country: { code: 'NG', name: 'Nigeria', flag: '/flags/ng.svg', phoneCode: '+234' },
    });
  });

  it('falls back to the flag URL of the country code', () => {
    const selection = selectCountry(testCountry({ flag: '' }));
    expect(selection.ok && selection.country.flag).toBe('/flags/ng.svg');
  });

  it('rejects each unusable country with its problem', () => {
    expect(problemOf({ enabled: false })).toBe('unavailable');
    expect(problemOf({ calling_codes: [] })).toBe('noCallingCodes');
    expect(problemOf({ calling_codes: '' })).toBe('noCallingCodes');
    expect(problemOf({ calling_codes: 'not json' })).toBe('unreadableCallingCodes');
    expect(problemOf({ calling_codes: ['+'] })).toBe('noPhoneCode');
    expect(problemOf({ iso_name: '' })).toBe('noCountryCode');
  });

  it('shows the toast texts of docs/product.md §5 in English', () => {
    const texts = Object.fromEntries(
      Object.entries(COUNTRY_SELECTION_TOASTS).map(([problem, { title, description }]) => [
        problem,
        [english(title), description && english(description)],
      ]),
    );
    expect(texts).toEqual({
      unavailable: ['Country Unavailable', 'This country is currently not available for service.'],
      noCallingCodes: ['Invalid Country', "This country doesn't have valid calling codes."],
      unreadableCallingCodes: ['Error', 'Failed to process country information.'],
      noPhoneCode: ['Invalid Phone Code', 'Could not determine the country calling code.'],
      noCountryCode: ['Invalid country selection', undefined],
    });
  });
});
