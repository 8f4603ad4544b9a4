import type { Receipt } from './api/receipts';
import type { Language } from './constants';
import { RECEIPT_TEXTS, type ReceiptKind } from './receipt-texts';
import { countryNameIn } from './country-names';
import { dateTimeFormat, formatLocalAmount, intlLocale, numberFormat } from './local-format';
import { paymentMethodLabel } from './payment-method';
import { formatUsd } from './pricing';

/** A receipt's values as text in a language, written the same way on the printable page and in the e-mails. */
export interface ReceiptValues {
  /** Date and time the order was placed. */
  placedAt: string;
  refundedAt: string | null;
  /** "NGN 15,000", a plan's description, or the currency alone when the operator gives no rate. */
  recipientGets: string;
  /** "1 USD = 1,500 NGN"; null without a rate. */
  rate: string | null;
  amount: string;
  fee: string;
  total: string;
}

/** "$10.63", as the product writes USD everywhere. */
export const formatUsdCents = (cents: number) => `$${formatUsd(cents)}`;

/**
 * `timeZone` is the reader's: the browser's own on the page; e-mails, whose reader's zone the server does not know,
 * pass 'UTC' and the text says so.
 */
export function receiptValues(receipt: Receipt, language: Language, timeZone?: string): ReceiptValues {
  const dateTime = dateTimeFormat(intlLocale(language), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone, timeZoneName: 'short' } : {}),
  });
  const recipientGets =
    receipt.planDescription ??
    (receipt.recipientAmount === null ? receipt.recipientCurrency : formatLocalAmount(receipt.recipientAmount, receipt.recipientCurrency, language));
  const rate =
    receipt.rate === null
      ? null
      : `1 USD = ${numberFormat(intlLocale(language), { maximumFractionDigits: 4 }).format(receipt.rate)} ${receipt.recipientCurrency}`;
  return {
    placedAt: dateTime.format(new Date(receipt.placedAt)),
    refundedAt: receipt.refundedAt ? dateTime.format(new Date(receipt.refundedAt)) : null,
    recipientGets,
    rate,
    amount: formatUsdCents(receipt.amountCents),
    fee: formatUsdCents(receipt.feeCents),
    total: formatUsdCents(receipt.totalCents),
  };
}

/** Which receipt an order shows now: the e-mailed kinds, or an order still under way or never paid. */
export type ReceiptState = ReceiptKind | 'processing' | 'notPaid';

export function receiptStateOf(receipt: Pick<Receipt, 'displayStatus' | 'notCharged'>): ReceiptState {
  switch (receipt.displayStatus) {
    case 'successful':
      return receipt.notCharged ? 'deliveredNotCharged' : 'completed';
    case 'failed':
      return 'failed';
    case 'refunded':
      return 'refunded';
    case 'processing':
      return 'processing';
    case 'not_paid':
      return 'notPaid';
  }
}

export interface ReceiptRow {
  label: string;
  value: string;
  /** Numbers, amounts and references: read left to right inside a right-to-left page. */
  ltr?: boolean;
  /** The line that says what the customer's card was charged. */
  strong?: boolean;
  /** A stable name for the row (tests and the page's data-testid). */
  name: string;
  /** A long identifier for support's tools: the receipt page folds these under "Technical details". */
  technical?: boolean;
}

/**
 * The lines of a receipt, in order, as the e-mails and the printable page show them. A failed or unpaid order, and a
 * top-up delivered after its hold was released (ADR 041), say it charged nothing; a refunded one says what was given back and when.
 */
export function receiptRows(receipt: Receipt, state: ReceiptState, language: Language, timeZone?: string): ReceiptRow[] {
  const texts = RECEIPT_TEXTS[language];
  const values = receiptValues(receipt, language, timeZone);
  const delivered = state === 'completed' || state === 'refunded' || state === 'deliveredNotCharged';
  const nothingCharged = state === 'failed' || state === 'notPaid' || state === 'deliveredNotCharged';
  const rows: Array<ReceiptRow | false | null> = [
    { name: 'reference', label: texts.reference, value: receipt.reference, ltr: true },
    { name: 'recipient', label: texts.recipient, value: receipt.recipientNumber, ltr: true },
    { name: 'country', label: texts.country, value: countryNameIn(receipt.countryCode, receipt.countryName, language) },
    { name: 'operator', label: texts.operator, value: receipt.operatorName },
    { name: 'recipient-gets', label: delivered ? texts.theyGot : texts.topUp, value: values.recipientGets, ltr: receipt.planDescription === null },
    !nothingCharged && values.rate !== null && { name: 'rate', label: texts.rate, value: values.rate, ltr: true },
    !nothingCharged && { name: 'amount', label: texts.youPaid, value: values.amount, ltr: true },
    !nothingCharged && { name: 'fee', label: texts.fee, value: values.fee, ltr: true },
    !nothingCharged &&
      (receipt.discountCents ?? 0) > 0 && { name: 'discount', label: texts.discount, value: `−${formatUsdCents(receipt.discountCents!)}`, ltr: true },
    !nothingCharged && { name: 'total', label: texts.total, value: values.total, ltr: true, strong: state !== 'refunded' },
    (state === 'failed' || state === 'deliveredNotCharged') && { name: 'held', label: texts.held, value: values.total, ltr: true },
    nothingCharged && { name: 'charged', label: texts.charged, value: formatUsdCents(0), ltr: true, strong: true },
    state === 'refunded' && { name: 'refunded', label: texts.refunded, value: values.total, ltr: true, strong: true },
    state === 'refunded' && values.refundedAt !== null && { name: 'refunded-on', label: texts.refundedOn, value: values.refundedAt },
    receipt.paymentMethod !== null && {
      name: 'payment-method',
      label: texts.paymentMethod,
      value: paymentMethodLabel(receipt.paymentMethod, language),
      ltr: true,
    },
    { name: 'date', label: texts.date, value: values.placedAt },
    receipt.failureCode !== null && { name: 'error-code', label: texts.errorCode, value: receipt.failureCode, ltr: true },
    { name: 'order-number', label: texts.orderNumber, value: receipt.orderId, ltr: true, technical: true },
    receipt.operatorTransactionId !== null && {
      name: 'operator-reference',
      label: texts.operatorReference,
      value: receipt.operatorTransactionId,
      ltr: true,
      technical: true,
    },
    receipt.transactionId !== null && {
      name: 'transaction-id',
      label: texts.transactionId,
      value: receipt.transactionId,
      ltr: true,
      technical: true,
    },
  ];
  return rows.filter((row): row is ReceiptRow => Boolean(row));
}
