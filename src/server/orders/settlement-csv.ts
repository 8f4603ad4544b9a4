import type { AdminSettlementResponse, SettlementFigures } from '../../shared/api/admin-settlement';
import { centsToDecimal, csvLine } from './orders-csv';

/**
 * The settlement as a spreadsheet (RFC 4180, UTF-8 with a byte-order mark), as the orders CSV writes it: one line per
 * day, then the totals; money as decimal strings, every cell defused as a formula would be (orders-csv.ts).
 */
const COLUMNS: ReadonlyArray<readonly [string, (figures: SettlementFigures & { walletDifferenceCents: number }) => string | number]> = [
  ['orders_completed', (figures) => figures.orders.completed],
  ['orders_refunded', (figures) => figures.orders.refunded],
  ['orders_disputed', (figures) => figures.orders.disputed],
  ['captured', (figures) => centsToDecimal(figures.capturedCents)],
  ['refunded', (figures) => centsToDecimal(figures.refundedCents)],
  ['disputed', (figures) => centsToDecimal(figures.disputedCents)],
  ['processor_fees', (figures) => centsToDecimal(figures.processorFeeCents)],
  ['provider_cost', (figures) => centsToDecimal(figures.providerCostCents)],
  ['fees_charged', (figures) => centsToDecimal(figures.feesChargedCents)],
  ['margin', (figures) => centsToDecimal(figures.marginCents)],
  ['wallet_difference', (figures) => centsToDecimal(figures.walletDifferenceCents)],
];

export function settlementCsv(settlement: Omit<AdminSettlementResponse, 'success'>): string {
  const header = csvLine(['day', ...COLUMNS.map(([name]) => name), 'wallet_currency', 'wallet_start', 'wallet_end', 'wallet_debits']);
  const days = settlement.days.map((day) =>
    csvLine([
      day.day,
      ...COLUMNS.map(([, cell]) => cell(day)),
      day.wallet?.currencyCode ?? null,
      day.wallet?.startBalance ?? null,
      day.wallet?.endBalance ?? null,
      day.wallet?.debits ?? null,
    ]),
  );
  const totals = csvLine(['total', ...COLUMNS.map(([, cell]) => cell(settlement.totals)), null, null, null, null]);
  return `\uFEFF${header}${days.join('')}${totals}`;
}
