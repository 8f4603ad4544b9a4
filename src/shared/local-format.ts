import { RTL_LANGUAGES, type Language } from './constants';

/** Intl locale of an interface language: Arabic keeps Western digits, as amounts and numbers are shown everywhere. */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-u-nu-latn' : language;
}

/** Formatters made so far, by locale and options: making one costs far more than using it (every receipt uses three). */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
/** Enough for every language, currency and zone in use at once; past it the cache starts again. */
const MAX_FORMATTERS = 500;

function cachedFormatter<Format extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => Format): Format {
  let formatter = formatters.get(key) as Format | undefined;
  if (!formatter) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    // A constructor that throws (an unknown currency or time zone) caches nothing.
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}

/** new Intl.NumberFormat(locale, options), made once per locale and options. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cachedFormatter(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** new Intl.DateTimeFormat(locale, options), made once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cachedFormatter(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

/** The marks Intl puts before money in Arabic (U+200E, U+200F, U+061C): inside an isolate they only get in the way. */
const DIRECTION_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Formatted money as a right-to-left page shows it: when it holds Latin letters ("UK£", "NGN", "F CFA") it is one
 * left-to-right isolate (U+2066 … U+2069, the plain-text `<bdi dir="ltr">`), or Arabic draws "16.32 UK£" as
 * "£UK 16.32". Other languages, and money without letters ("16.32 €"), are left as they are.
 */
export function moneyText(text: string, language: Language): string {
  if (!RTL_LANGUAGES.includes(language) || !/[A-Za-z]/.test(text)) return text;
  return `\u2066${text.replace(DIRECTION_MARKS, '')}\u2069`;
}

/** A destination-currency amount in the interface language, e.g. "NGN 4,500.50" or "₦4,500"; whole amounts without cents. */
export function formatLocalAmount(amount: number, currency: string, language: Language): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  try {
    const text = numberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(amount);
    return moneyText(text, language);
  } catch {
    return moneyText(`${amount.toFixed(fractionDigits)} ${currency}`, language);
  }
}
