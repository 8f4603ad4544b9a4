import type { SandboxConfirmBody } from '@shared/api/orders';
import { isAmericanExpress, passesLuhnCheck } from '@shared/card-number';

/**
 * The sandbox card form's rules, matching what Stripe's Payment Element checks in the browser before it sends
 * anything: the number's length for its brand and its Luhn check digit, an expiry MM / YY that has not passed, and a
 * CVC of 3 digits (4 for American Express). Messages are translation keys: docs/product.md §8's payment messages for an invalid
 * number, month or year and for an expired card, and payment.card.errors for a field not filled in yet.
 */
export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFields;
export type CardErrors = Partial<Record<CardField, string>>;

const MAX_NUMBER_DIGITS = 19;
const MAX_YEARS_AHEAD = 50;

const digitsOf = (text: string) => text.replace(/\D/g, '');
const isDiners = (digits: string) => /^3(?:0[0-5]|[68])/.test(digits);

function expectedLength(digits: string): number {
  if (isAmericanExpress(digits)) return 15;
  if (isDiners(digits)) return 14;
  return 16;
}

/** The number as it is typed: digits in groups (4-6-5 for American Express, else fours), at most 19 digits. */
export function formatCardNumber(input: string): string {
  const typed = digitsOf(input);
  const digits = typed.slice(0, isAmericanExpress(typed) ? expectedLength(typed) : MAX_NUMBER_DIGITS);
  const groups = isAmericanExpress(digits) ? [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)] : (digits.match(/.{1,4}/g) ?? []);
  return groups.filter(Boolean).join(' ');
}

/** The expiry as it is typed: "MM / YY"; a first digit above 1 is a month of its own ("4" → "04"). */
export function formatExpiry(input: string): string {
  let digits = digitsOf(input);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

export function formatCvc(input: string): string {
  return digitsOf(input).slice(0, 4);
}

function numberError(number: string): string | undefined {
  const digits = digitsOf(number);
  if (digits.length < expectedLength(digits)) return 'payment.card.errors.numberIncomplete';
  if (!passesLuhnCheck(digits)) return 'payment.messages.invalid_number';
  return undefined;
}

function expiryError(expiry: string, today: Date): string | undefined {
  const digits = digitsOf(expiry);
  if (digits.length < 4) return 'payment.card.errors.expiryIncomplete';
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2, 4));
  if (month < 1 || month > 12) return 'payment.messages.invalid_expiry_month';
  const thisYear = today.getFullYear();
  const thisMonth = today.getMonth() + 1;
  if (year < thisYear || (year === thisYear && month < thisMonth)) return 'payment.messages.expired_card';
  if (year > thisYear + MAX_YEARS_AHEAD) return 'payment.messages.invalid_expiry_year';
  return undefined;
}

function cvcError(cvc: string, number: string): string | undefined {
  const needed = isAmericanExpress(digitsOf(number)) ? 4 : 3;
  return digitsOf(cvc).length < needed ? 'payment.card.errors.cvcIncomplete' : undefined;
}

/** Every field's problem, if it has one; an empty object means the card can be sent. */
export function validateCard(fields: CardFields, today: Date): CardErrors {
  const errors: CardErrors = {
    number: numberError(fields.number),
    expiry: expiryError(fields.expiry, today),
    cvc: cvcError(fields.cvc, fields.number),
  };
  return Object.fromEntries(Object.entries(errors).filter(([, key]) => key !== undefined));
}

/** The card as the sandbox confirm call takes it; call only when validateCard found nothing. */
export function cardPaymentMethod(fields: CardFields): Extract<SandboxConfirmBody['paymentMethod'], { type: 'card' }> {
  const expiry = digitsOf(fields.expiry);
  return {
    type: 'card',
    number: digitsOf(fields.number),
    expMonth: Number(expiry.slice(0, 2)),
    expYear: 2000 + Number(expiry.slice(2, 4)),
    cvc: digitsOf(fields.cvc),
  };
}
