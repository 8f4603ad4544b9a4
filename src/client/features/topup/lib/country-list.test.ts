import { describe, expect, it, vi } from 'vitest';
import { countryCollator, countryEntries, countryLabel, searchCountries } from './country-list';
import { testCountry } from '@/testing/builders';

const countries = [
  testCountry({ id: 1, name: 'Nigeria', iso_name: 'NG' }),
  testCountry({ id: 2, name: 'Niger', iso_name: 'NE', calling_codes: '["227"]' }),
  testCountry({ id: 3, name: 'India', iso_name: 'IN', calling_codes: ['91'] }),
  testCountry({ id: 4, name: 'North Korea', iso_name: 'KP', enabled: false }),
  testCountry({ id: 5, name: 'Algeria', iso_name: 'DZ', calling_codes: 'broken' }),
];

describe('the country list', () => {
  it('holds only enabled countries, sorted by name, each with its calling code', () => {
    expect(countryEntries(countries, 'en').map(({ label, phoneCode }) => [label, phoneCode])).toEqual([
      ['Algeria', null],
      ['India', '+91'],
      ['Niger', '+227'],
      ['Nigeria', '+234'],
    ]);
  });

  it('is searched by name, ignoring case', () => {
    const entries = countryEntries(countries, 'en');
    expect(searchCountries(entries, 'NIGE').map((entry) => entry.label)).toEqual(['Niger', 'Nigeria']);
    expect(searchCountries(entries, 'korea')).toEqual([]);
    expect(searchCountries(entries, '  ')).toHaveLength(4);
  });

  it('names countries in the interface language and still finds them by their English name', () => {
    expect(countryLabel('DE', 'Germany', 'es')).toBe('Alemania');
    expect(countryLabel('DE', 'Germany', 'en')).toBe('Germany');
    const arabic = countryEntries(countries, 'ar');
    expect(arabic.map((entry) => entry.label)).toContain('الهند');
    expect(searchCountries(arabic, 'india').map((entry) => entry.country.iso_name)).toEqual(['IN']);
  });

  it('sorts with one collator a language, made once, so the flow can make it ahead of the list', () => {
    const prepared = countryCollator('fr');
    const made = vi.spyOn(Intl, 'Collator');
    expect(countryCollator('fr')).toBe(prepared);
    expect(countryEntries(countries, 'fr').map((entry) => entry.country.iso_name)).toEqual(['DZ', 'IN', 'NE', 'NG']);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });
});
