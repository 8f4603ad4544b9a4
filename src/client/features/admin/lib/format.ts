import type { Language } from '@shared/constants';
import { formatPhoneInternational } from '@shared/phone-format';
import { intlLocale, moneyText } from '@/lib/local-format';

/** US English writes the console's dollars in every language, as the shop writes them: "$16.32", never "16.32 US$". */
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * Integer USD cents as money, written the way the shop writes dollars to its customers in every language: 1063 is
 * "$10.63" (grouped past a thousand, "$1,234.56"); `language` is kept for the callers' sake.
 */
export function formatCents(cents: number, _language: Language): string {
  return USD.format(cents / 100);
}

/** A wallet balance in its own currency (whole units, not cents); letters kept in one left-to-right run in Arabic. */
export function formatMoney(amount: number, currency: string, language: Language): string {
  try {
    return moneyText(new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency }).format(amount), language);
  } catch {
    return moneyText(`${amount.toFixed(2)} ${currency}`, language);
  }
}

/** A moment of the API (ISO 8601) as the admin reads dates: "Nov 22, 2026, 2:05 PM" in English. */
export function formatDateTime(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The number as every screen writes it: "+234 803 123 4567" (shared/phone-format.ts); the national number alone without a code. */
export function formatRecipient(phone: string, callingCode: string | null): string {
  return formatPhoneInternational(phone, callingCode);
}

/** The start of an order id, enough to tell orders apart in a list ("0b7e4c1a"); the whole id is on its page. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** A whole ISO 8601 moment, as the API writes them ("2026-11-24T04:05:11.495Z"). */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A value of an event's detail or an audit row's before/after, as one line of text: nothing is "—", and a moment
 * reads as a date in the admin's language when one is given.
 */
export function displayValue(value: unknown, language?: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return language && MOMENT.test(value) ? formatDateTime(value, language) : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const regionNames = new Map<Language, Intl.DisplayNames | null>();

/** A country's name from its ISO code in the admin's language ("Nigeria", "Nigéria"); the code when Intl has none. */
export function countryName(code: string, language: Language): string {
  if (!regionNames.has(language)) {
    try {
      regionNames.set(language, new Intl.DisplayNames([intlLocale(language)], { type: 'region', fallback: 'code' }));
    } catch {
      regionNames.set(language, null);
    }
  }
  try {
    return regionNames.get(language)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
