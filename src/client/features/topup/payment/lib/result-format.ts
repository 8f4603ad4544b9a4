import { formatUsd, toCents } from '@shared/pricing';

const PLAIN_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)$/;

/** The provider's date ("2026-11-22 10:15:30", UTC, or ISO) in the reader's language and time zone; as given if unreadable. */
export function formatTransactionDate(text: string, language: string, timeZone?: string): string {
  const plain = PLAIN_DATE_TIME.exec(text);
  const date = new Date(plain ? `${plain[1]}T${plain[2]}Z` : text);
  if (Number.isNaN(date.getTime())) return text;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** What the recipient got, in its currency as the language writes it: "NGN 14,600" or "£4.99"; whole amounts without cents. */
export function formatDeliveredAmount(amount: number, currency: string, language: string): string {
  try {
    return new Intl.NumberFormat(language, {
      style: 'currency',
      currency,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

/** A USD amount the server sent as a number or a 2-decimal string: "$10.00". */
export function formatDollars(amount: number | string): string {
  return `$${formatUsd(toCents(amount))}`;
}
