import type { Country } from '@shared/api/catalog';
import { flagUrl } from '@shared/flags';
import type { Language } from '@shared/constants';
import { countryNameIn } from '@/lib/country-names';
import { displayPhoneCode } from './country-selection';

export { intlLocale } from '@/lib/local-format';

/** Shortcut buttons shown whatever the list holds (docs/product.md §2). */
export const QUICK_COUNTRIES = [
  { code: 'IN', name: 'India' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'CU', name: 'Cuba' },
] as const;

/**
 * Popular destinations, offered when the server lists them as enabled. Their English names let the page show them, in
 * its place, before the list arrives: the form does not grow under the reader when it does (ADR 049).
 */
export const POPULAR_COUNTRIES = [
  { code: 'PH', name: 'Philippines' },
  { code: 'IN', name: 'India' },
  { code: 'NG', name: 'Nigeria' },
  { code: 'DO', name: 'Dominican Republic' },
  { code: 'GT', name: 'Guatemala' },
  { code: 'CO', name: 'Colombia' },
  { code: 'GH', name: 'Ghana' },
  { code: 'KE', name: 'Kenya' },
] as const;

export interface CountryEntry {
  country: Country;
  /** The name in the interface language. */
  label: string;
  flag: string;
  /** "+234", or null when the country's codes are unusable. */
  phoneCode: string | null;
}

/** The country's name in the interface language; English uses the server's name. */
export const countryLabel = countryNameIn;

const collators = new Map<Language, Intl.Collator>();

/**
 * The language's collator, made once: making it is most of the cost of sorting the list (the browser loads the
 * language's collation rules), a task of its own that the flow runs ahead, while the browser is idle (ADR 043).
 */
export function countryCollator(language: Language): Intl.Collator {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language);
    collators.set(language, collator);
  }
  return collator;
}

/** Enabled countries only (docs/product.md §5), named and sorted in the interface language. */
export function countryEntries(countries: readonly Country[], language: Language): CountryEntry[] {
  const collator = countryCollator(language);
  return countries
    .filter((country) => country.enabled)
    .map((country) => ({
      country,
      label: countryLabel(country.iso_name, country.name, language),
      flag: country.flag || flagUrl(country.iso_name),
      phoneCode: displayPhoneCode(country),
    }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Entries whose shown or English name contains the search text, ignoring case. */
export function searchCountries(entries: readonly CountryEntry[], search: string): CountryEntry[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...entries];
  return entries.filter(({ label, country }) => label.toLocaleLowerCase().includes(needle) || country.name.toLocaleLowerCase().includes(needle));
}

export function findCountry(countries: readonly Country[], code: string): Country | undefined {
  return countries.find((country) => country.iso_name.toUpperCase() === code);
}
