import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';

/** A country's calling code ("234" for NG), to write a national number internationally; null for a code it does not know. */
export function callingCodeOf(countryIso: string): string | null {
  try {
    return getCountryCallingCode(countryIso as CountryCode);
  } catch {
    return null;
  }
}
