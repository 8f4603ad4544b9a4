import { flagUrl } from '@shared/flags';
import type { OrderDisplayStatus, OrderView } from '@shared/api/orders';
import type { Language } from '@shared/constants';
import { formatUsd, toCents } from '@shared/pricing';
import { formatPhoneInternational } from '@shared/phone-format';
import { countryNameIn } from '@/lib/country-names';
import { formatLocalAmount, intlLocale } from '@/lib/local-format';

export { formatLocalAmount, intlLocale } from '@/lib/local-format';

export { countryNameIn } from '@/lib/country-names';

type DateParts = Pick<Intl.DateTimeFormatOptions, 'dateStyle' | 'timeStyle'>;

/** When the order was placed, in the interface language: "Nov 22, 2026, 2:05 PM", or only the day or the time. */
export function formatOrderDate(
  createdAt: string,
  language: Language,
  parts: DateParts = { dateStyle: 'medium', timeStyle: 'short' },
  timeZone?: string,
): string {
  return new Intl.DateTimeFormat(intlLocale(language), { ...parts, timeZone }).format(new Date(createdAt));
}

/** A 2-decimal USD string of the API as the product shows USD everywhere: "$10.63". */
export function formatUsdAmount(amount: string): string {
  return `$${formatUsd(toCents(amount))}`;
}

type RecipientAmounts = Pick<
  OrderView,
  'displayStatus' | 'localAmount' | 'destinationCurrencyCode' | 'deliveredAmount' | 'deliveredAmountCurrencyCode' | 'planDescription'
>;

/**
 * What the order was priced to deliver: a bundle's plan, else the local amount; without a rate the operator only
 * tells the currency, shown alone as in the top-up flow.
 */
export function formatExpectedAmount(order: RecipientAmounts, language: Language): string {
  if (order.planDescription) return order.planDescription;
  return order.localAmount === null ? order.destinationCurrencyCode : formatLocalAmount(order.localAmount, order.destinationCurrencyCode, language);
}

/** What the operator delivered; null unless the top-up succeeded (a failed delivery may still report an amount). */
export function formatDeliveredAmount(order: RecipientAmounts, language: Language): string | null {
  if (!wasDelivered(order.displayStatus) || order.deliveredAmount === null) return null;
  return formatLocalAmount(order.deliveredAmount, order.deliveredAmountCurrencyCode ?? order.destinationCurrencyCode, language);
}

/** What the recipient gets: the delivered amount once there is one, else the amount the order expects to deliver. */
export function formatRecipientGets(order: RecipientAmounts, language: Language): string {
  return formatDeliveredAmount(order, language) ?? formatExpectedAmount(order, language);
}

/** The number as every screen writes it: "+234 803 123 4567" (shared/phone-format.ts); alone without a code. */
export function formatRecipientNumber(phone: string, callingCode: string | null): string {
  return formatPhoneInternational(phone, callingCode);
}

/** Keeps a number such as "+234 803…" left to right inside a right-to-left sentence (a left-to-right isolate). */
export function isolateLeftToRight(text: string): string {
  return `\u2066${text}\u2069`;
}

/** The top-up reached the recipient: a refund gives the payment back, not the top-up. */
export function wasDelivered(status: OrderDisplayStatus): boolean {
  return status === 'successful' || status === 'refunded';
}

/** A failed or never paid order took no money: the authorisation was released, or never given. */
export function isNothingCharged(status: OrderDisplayStatus): boolean {
  return status === 'failed' || status === 'not_paid';
}

/** One order as the history shows it, every text ready for the interface language. */
export interface OrderSummary {
  order: OrderView;
  date: string;
  day: string;
  time: string;
  recipient: string;
  country: string;
  flag: string;
  totalPrice: string;
  recipientGets: string;
}

export function summariseOrder(order: OrderView, language: Language): OrderSummary {
  return {
    order,
    date: formatOrderDate(order.createdAt, language),
    day: formatOrderDate(order.createdAt, language, { dateStyle: 'medium' }),
    time: formatOrderDate(order.createdAt, language, { timeStyle: 'short' }),
    recipient: formatRecipientNumber(order.recipientPhone, order.callingCode),
    country: countryNameIn(order.countryCode, order.countryName, language),
    flag: flagUrl(order.countryCode),
    totalPrice: formatUsdAmount(order.totalAmount),
    recipientGets: formatRecipientGets(order, language),
  };
}
