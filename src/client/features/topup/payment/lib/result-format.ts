import type { Language } from '@shared/constants';
import { formatUsd, toCents } from '@shared/pricing';
import { formatLocalAmount, intlLocale } from '@/lib/local-format';

const PLAIN_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2})?)$/;

/** The provider's date ("2026-11-22 10:15:30", UTC, or ISO) in the reader's language and time zone; as given if unreadable. */
export function formatTransactionDate(text: string, language: Language, timeZone?: string): string {
  const plain = PLAIN_DATE_TIME.exec(text);
  const date = new Date(plain ? `${plain[1]}T${plain[2]}Z` : text);
  if (Number.isNaN(date.getTime())) return text;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date);
}

/** What the recipient got, written by the one formatter of local amounts (lib/local-format.ts): "NGN 14,600" or "£4.99". */
export function formatDeliveredAmount(amount: number, currency: string, language: Language): string {
  return formatLocalAmount(amount, currency, language);
}

/** A USD amount the server sent as a number or a 2-decimal string: "$10.00". */
export function formatDollars(amount: number | string): string {
  return `$${formatUsd(toCents(amount))}`;
}
