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
