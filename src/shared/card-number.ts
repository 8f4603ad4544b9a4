/** Card number rules the sandbox card form and the sandbox confirm both apply, on a number's digits only. */

/** American Express numbers start with 34 or 37; they have 15 digits and a 4-digit security code. */
export function isAmericanExpress(digits: string): boolean {
  return /^3[47]/.test(digits);
}

/** Whether the last digit is the number's Luhn check digit, as on every real card number. */
export function passesLuhnCheck(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A card number's brand by its leading digits, in Stripe's words ('visa', 'mastercard', 'amex', 'discover', 'diners',
 * 'jcb', 'unionpay'; 'unknown' otherwise), as Stripe reports `card.brand` for its test cards.
 */
export function cardBrandOf(digits: string): string {
  const leading = (count: number) => Number(digits.slice(0, count));
  if (/^4/.test(digits)) return 'visa';
  if (isAmericanExpress(digits)) return 'amex';
  if ((leading(2) >= 51 && leading(2) <= 55) || (leading(4) >= 2221 && leading(4) <= 2720)) return 'mastercard';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^(30[0-5]|36|38|39)/.test(digits)) return 'diners';
  if (leading(4) >= 3528 && leading(4) <= 3589) return 'jcb';
  if (/^62/.test(digits)) return 'unionpay';
  return 'unknown';
}
