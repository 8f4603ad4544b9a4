import type { Language } from './constants';

/**
 * How a customer paid for an order, as the payment provider reported it when the payment was authorised (ADR 042):
 * the kind of payment method (Stripe's `payment_method_details.type`: 'card', 'cashapp'…), and for a card its brand
 * (Stripe's lowercase names: 'visa', 'mastercard', 'amex'…) and last four digits.
 */
export interface PaymentMethod {
  type: string;
  brand: string | null;
  last4: string | null;
}

/** Card brands as their owners write them (Stripe's `card.brand` values); an unknown brand is called a card. */
const CARD_BRANDS: Readonly<Record<string, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos',
  interac: 'Interac',
};

/** Wallets and other methods by their own names (Stripe's `payment_method_details.type`). */
const WALLETS: Readonly<Record<string, string>> = {
  cashapp: 'Cash App Pay',
  link: 'Link',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
};

/** The generic word for a card whose brand is not known, and for a method we have no name for. */
const GENERIC: Record<Language, { card: string; other: string }> = {
  en: { card: 'Card', other: 'Other payment method' },
  es: { card: 'Tarjeta', other: 'Otro método de pago' },
  fr: { card: 'Carte', other: 'Autre moyen de paiement' },
  ar: { card: 'بطاقة', other: 'طريقة دفع أخرى' },
};

/** "Visa •••• 4242", "Cash App Pay", "Card •••• 4242" (a brand nobody named), in `language` where words are needed. */
export function paymentMethodLabel(method: PaymentMethod, language: Language): string {
  if (method.type !== 'card') return WALLETS[method.type] ?? GENERIC[language].other;
  const brand = (method.brand && CARD_BRANDS[method.brand]) ?? GENERIC[language].card;
  return method.last4 ? `${brand} •••• ${method.last4}` : brand;
}
