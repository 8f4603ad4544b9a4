import { recordAdminAction, type AdminActor } from '../audit/audit-log';
import type { Database } from '../db/client';
import { marginCentsOf, processorFeesOf, refundedCentsOf } from './order-cost';
import { adminOrderExportPages, type AdminOrderExportRow, type AdminOrdersExportFilters } from './admin-queries';

/**
 * The console's orders as a CSV file (RFC 4180): a header row, then one line per order, newest first. Money is written
 * as decimal strings ("12.34"), never as floats; times in ISO 8601 (UTC). Every cell a spreadsheet would read as a
 * formula is defused, since customers choose some of the text (names, e-mail addresses, identifiers).
 */

/** Orders read from the database per page; one page at a time is in memory, however many orders the file holds. */
export const EXPORT_PAGE_SIZE = 2000;

/** Makes spreadsheet programs (Excel in particular) read the file as UTF-8, so names in any script come out whole. */
const UTF8_BOM = '\uFEFF';
const LINE_END = '\r\n';

/** Integer cents as a decimal string: 1234 is "12.34", 5 is "0.05". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * What a spreadsheet reads as the start of a formula (OWASP's list, and the full-width signs some programs accept too):
 * such a cell gets a leading apostrophe, which makes it text.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A negative amount ("-12.18"): a number, which no spreadsheet reads as a formula, so it is left as it is. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** One cell: defused if it would start a formula, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = FORMULA_START.test(String(value)) && !NEGATIVE_NUMBER.test(String(value)) ? `'${value}` : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: Array<string | number | null>) => `${cells.map(csvCell).join(',')}${LINE_END}`;

/** The file's columns: the orders list's, then the amounts, fees and every provider's reference. */
export const ORDER_CSV_COLUMNS: ReadonlyArray<readonly [string, (row: AdminOrderExportRow) => string | number | null]> = [
  ['order_id', (row) => row.id],
  ['reference', (row) => row.reference],
  ['created_at', (row) => row.createdAt],
  ['updated_at', (row) => row.updatedAt],
  ['finished_at', (row) => row.finishedAt],
  ['status', (row) => row.status],
  ['attention', (row) => row.attention],
  ['customer_id', (row) => row.userId],
  ['customer_email', (row) => row.customerEmail],
  ['country', (row) => row.countryCode],
  ['calling_code', (row) => row.callingCode],
  ['recipient_phone', (row) => row.recipientPhone],
  ['operator_id', (row) => row.operatorId],
  ['operator_name', (row) => row.operatorName],
  ['currency', (row) => row.currency],
  ['amount', (row) => centsToDecimal(row.amountCents)],
  ['percentage_fee', (row) => centsToDecimal(row.percentageFeeCents)],
  ['standard_fee', (row) => centsToDecimal(row.standardFeeCents)],
  // A promo code's discount (ADR 067): total = amount + fees − discount.
  ['discount', (row) => centsToDecimal(row.discountCents)],
  ['total', (row) => centsToDecimal(row.totalCents)],
  ['local_amount', (row) => row.localAmount],
  ['destination_currency', (row) => row.destinationCurrencyCode],
  ['delivered_amount', (row) => row.deliveredAmount],
  ['delivered_currency', (row) => row.deliveredCurrencyCode],
  ['payment_provider', (row) => row.paymentProvider],
  ['payment_intent_id', (row) => row.paymentIntentId],
  ['custom_identifier', (row) => row.customIdentifier],
  ['topup_transaction_id', (row) => row.topupTransactionId],
  ['operator_transaction_id', (row) => row.operatorTransactionId],
  ['refund_id', (row) => row.refundId],
  ['failure_code', (row) => row.failureCode],
  // Cost and margin (ADR 050): empty while not known; the margin counts an unknown cost or fee as 0.
  ['provider_cost', (row) => optionalCents(row.providerCostCents)],
  ['processor_fees', (row) => (row.processorFeeCents === null && row.disputeFeeCents === null ? null : centsToDecimal(processorFeesOf(row)))],
  ['refunded', (row) => centsToDecimal(refundedCentsOf(row))],
  ['disputed', (row) => centsToDecimal(row.disputedCents ?? 0)],
  ['margin', (row) => centsToDecimal(marginCentsOf(row))],
];

const optionalCents = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

export const orderCsvHeader = () => csvLine(ORDER_CSV_COLUMNS.map(([name]) => name));

export const orderCsvLine = (row: AdminOrderExportRow) => csvLine(ORDER_CSV_COLUMNS.map(([, cell]) => cell(row)));

/** The file as text, one piece per page of orders; the first piece starts with the header row (alone when no order matches). */
export async function* ordersCsv(pages: AsyncIterable<AdminOrderExportRow[]>): AsyncGenerator<string> {
  let start = `${UTF8_BOM}${orderCsvHeader()}`;
  for await (const page of pages) {
    yield start + page.map(orderCsvLine).join('');
    start = '';
  }
  if (start) yield start;
}

/** The filters as the audit row names the export: `status=completed&country=NG`, or `all` without any. */
export function exportTargetOf(filters: AdminOrdersExportFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString() || 'all';
}

export interface OrdersExportRequest {
  actor: AdminActor;
  filters: AdminOrdersExportFilters;
  now: Date;
  pageSize?: number;
}

/**
 * Starts an export: writes its audit row (who exported which filters), then reads the first page, so that a refusal
 * or a database failure is still answered as an error rather than as a cut-off file. Answers the file's name and its
 * pieces, each read from the database only when the previous one has been taken.
 */
export async function startOrdersCsvExport(db: Database, request: OrdersExportRequest): Promise<{ fileName: string; pieces: AsyncIterable<string> }> {
  const { actor, filters, now, pageSize = EXPORT_PAGE_SIZE } = request;
  await recordAdminAction(db, {
    actor,
    action: 'orders.export',
    targetType: 'order_list',
    targetId: exportTargetOf(filters),
    reason: '',
    before: null,
    after: { format: 'csv', ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) },
    now,
  });
  const pieces = ordersCsv(adminOrderExportPages(db, filters, now, pageSize));
  const first = await pieces.next();
  async function* all(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    yield* pieces;
  }
  return { fileName: `orders-${now.toISOString().slice(0, 10)}.csv`, pieces: all() };
}
