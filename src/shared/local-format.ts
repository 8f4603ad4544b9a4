import type { Language } from './constants';

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

/** A destination-currency amount in the interface language, e.g. "NGN 4,500.50" or "₦4,500"; whole amounts without cents. */
export function formatLocalAmount(amount: number, currency: string, language: Language): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  try {
    return numberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(fractionDigits)} ${currency}`;
  }
}
