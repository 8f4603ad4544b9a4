import type { Language } from './constants';

/** Intl locale of an interface language: Arabic keeps Western digits, as amounts and numbers are shown everywhere. */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-u-nu-latn' : language;
}

/** A destination-currency amount in the interface language, e.g. "NGN 4,500.50" or "₦4,500"; whole amounts without cents. */
export function formatLocalAmount(amount: number, currency: string, language: Language): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  try {
    return new Intl.NumberFormat(intlLocale(language), {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(fractionDigits)} ${currency}`;
  }
}
