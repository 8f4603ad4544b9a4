import type { Country } from '@shared/api/catalog';
import { flagUrl } from '@shared/flags';

/** The country the recipient's number belongs to (docs/product.md §3 Selected country). */
export interface SelectedCountry {
  /** ISO 3166 alpha-2 code, e.g. "NG". */
  code: string;
  name: string;
  flag: string;
  /** The calling code with a leading +, e.g. "+234". */
  phoneCode: string;
}

export type CountrySelectionProblem = 'unavailable' | 'noCallingCodes' | 'unreadableCallingCodes' | 'noPhoneCode' | 'noCountryCode';

export type CountrySelection = { ok: true; country: SelectedCountry } | { ok: false; problem: CountrySelectionProblem };

/** The toast each problem raises (docs/product.md §5), as translation keys. */
export const COUNTRY_SELECTION_TOASTS: Record<CountrySelectionProblem, { title: string; description?: string }> = {
  unavailable: { title: 'topup.errors.unavailableTitle', description: 'topup.errors.unavailable' },
  noCallingCodes: { title: 'topup.errors.invalidCountryTitle', description: 'topup.errors.noCallingCodes' },
  unreadableCallingCodes: { title: 'topup.errors.title', description: 'topup.errors.countryInfo' },
  noPhoneCode: { title: 'topup.errors.phoneCodeTitle', description: 'topup.errors.noPhoneCode' },
  noCountryCode: { title: 'topup.errors.invalidSelection' },
};

/** Calling codes arrive as an array or, from older data, as a JSON string of one; null when they cannot be read. */
export function parseCallingCodes(raw: Country['calling_codes'] | null | undefined): string[] | null {
  if (Array.isArray(raw)) return raw.map(String);
  if (raw === null || raw === undefined) return [];
  const text = raw.trim();
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(String) : null;
  } catch {
    return null;
  }
}

/** The first code made only of digits (a leading + is allowed), shown with a leading +; null when there is none. */
export function firstPhoneCode(codes: readonly string[]): string | null {
  for (const code of codes) {
    const digits = code.trim().replace(/^\+/, '');
    if (/^\d+$/.test(digits)) return `+${digits}`;
  }
  return null;
}

/** The calling code to show next to a country in the list, or null when its codes are unusable. */
export function displayPhoneCode(country: Pick<Country, 'calling_codes'>): string | null {
  const codes = parseCallingCodes(country.calling_codes);
  return codes ? firstPhoneCode(codes) : null;
}

/** Checks a picked country the way docs/product.md §5 lists the problems and, when it is usable, returns the selection. */
export function selectCountry(country: Country): CountrySelection {
  if (!country.enabled) return { ok: false, problem: 'unavailable' };
  const codes = parseCallingCodes(country.calling_codes);
  if (codes === null) return { ok: false, problem: 'unreadableCallingCodes' };
  if (codes.length === 0) return { ok: false, problem: 'noCallingCodes' };
  const phoneCode = firstPhoneCode(codes);
  if (!phoneCode) return { ok: false, problem: 'noPhoneCode' };
  const code = country.iso_name?.trim().toUpperCase();
  if (!code) return { ok: false, problem: 'noCountryCode' };
  return { ok: true, country: { code, name: country.name, flag: country.flag || flagUrl(code), phoneCode } };
}
