import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOrdersExportQuerySchema, type AdminOrdersExportQuery } from '../../shared/api/admin';
import type { Database } from '../db/client';
import { parseCsv } from '../testing/csv';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { insertOrderRow, type OrderRowValues } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { adminOrderExportPages, adminOrdersFiltersSchema, listAdminOrders } from './admin-queries';
import { centsToDecimal, csvCell, csvLine, exportTargetOf, ORDER_CSV_COLUMNS, orderCsvHeader, ordersCsv } from './orders-csv';

const NOW = new Date('2026-11-24T12:00:00Z');
const MINUTE = 60 * 1000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('money in the CSV', () => {
  it('is a decimal string of the cents, never a float', () => {
    expect([0, 5, 10, 99, 100, 1234, 100000, 1999999999].map(centsToDecimal)).toEqual([
      '0.00',
      '0.05',
      '0.10',
      '0.99',
      '1.00',
      '12.34',
      '1000.00',
      '19999999.99',
    ]);
    expect(centsToDecimal(-1234)).toBe('-12.34');
    expect(() => centsToDecimal(12.5)).toThrow();
  });

  it('reads back as the same number of cents for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => BigInt(centsToDecimal(cents).replace('.', '')) === BigInt(cents)),
    );
  });
});

describe('a CSV cell', () => {
  it('is written as is when it needs no quotes', () => {
    expect(csvLine(['abc', 12, null, '', 'café', 'مرحبا'])).toBe('abc,12,,,café,مرحبا\r\n');
  });

  it('is quoted per RFC 4180 when it holds a comma, a quote or a line break', () => {
    expect(csvCell('MTN, Nigeria')).toBe('"MTN, Nigeria"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
  });

  it('that a spreadsheet would run as a formula starts with an apostrophe instead', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    expect(csvCell("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\t=1+1')).toBe("'\t=1+1");
    expect(csvCell('\r=1+1')).toBe('"\'\r=1+1"');
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    // Only at the start: inside a cell these are plain text.
    expect(csvCell('a=b+c-d@e')).toBe('a=b+c-d@e');
  });

  it('leaves a negative amount a number: nothing but digits follows its sign', () => {
    expect(csvCell('-12.18')).toBe('-12.18');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('-12.18+1')).toBe("'-12.18+1");
  });

  it('reads back as the text it was, defused, for any text', () => {
    const defused = (text: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text);
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', ' ', 'é') })), (cells) => {
        const line = csvLine(cells);
        const parsed = parseCsv(line);
        return parsed.length === 1 && JSON.stringify(parsed[0]) === JSON.stringify(cells.length ? cells.map(defused) : ['']);
      }),
    );
  });
});

describe('the CSV file', () => {
  it('starts with a byte-order mark and the header row, alone when no order matches', async () => {
    async function* none() {}
    const pieces = [];
    for await (const piece of ordersCsv(none())) pieces.push(piece);
    expect(pieces).toEqual([`\uFEFF${orderCsvHeader()}`]);
    expect(parseCsv(orderCsvHeader())).toEqual([ORDER_CSV_COLUMNS.map(([name]) => name)]);
  });

  it('names its filters in the audit log as a query string', () => {
    expect(exportTargetOf(adminOrdersExportQuerySchema.parse({}))).toBe('all');
    expect(exportTargetOf(adminOrdersExportQuerySchema.parse({ status: 'completed,canceled', country: 'ng', q: 'a@b.c' }))).toBe(
      'status=completed%2Ccanceled&country=NG&q=a%40b.c',
    );
  });
});

describe.each(TEST_DATABASE_KINDS)('the export’s pages on %s', (kind) => {
  let database: TestDatabase;
  let db: Database;
  let amina: string;
  let kofi: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    db = database.db;
  });
  beforeEach(async () => {
    await database.reset();
    amina = await insertTestUser(db, 'amina@example.com');
    kofi = await insertTestUser(db, 'kofi@example.com');
    const sameInstant = ago(90 * MINUTE);
    const rows: OrderRowValues[] = [];
    for (let index = 0; index < 24; index++) {
      rows.push({
        userId: index % 3 ? amina : kofi,
        status: ['completed', 'canceled', 'delivery_failed', 'capture_failed'][index % 4],
        countryIso: index % 5 ? 'NG' : 'GH',
        recipientPhone: index % 2 ? '08031234567' : '0241234567',
        paymentProvider: index % 6 ? 'sandbox' : 'stripe',
        createdAt: index < 6 ? sameInstant : ago(index * 7 * MINUTE),
      });
    }
    for (const row of rows) await insertOrderRow(db, row);
  });
  afterAll(() => database.close());

  /** Every order of the list for a query, following its cursor a page of 5 at a time. */
  async function listed(query: AdminOrdersExportQuery): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listAdminOrders(db, adminOrdersFiltersSchema.parse({ ...query, limit: 5, cursor }), NOW);
      seen.push(...page.orders.map((row) => row.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return seen;
  }

  async function exported(query: AdminOrdersExportQuery, pageSize: number): Promise<string[][]> {
    const pages: string[][] = [];
    for await (const page of adminOrderExportPages(db, adminOrdersExportQuerySchema.parse(query), NOW, pageSize)) {
      pages.push(page.map((row) => row.id));
    }
    return pages;
  }

  it('hold exactly the orders the list shows for the same filters, in the same order, a page at a time', async () => {
    const queries: AdminOrdersExportQuery[] = [
      {},
      { status: 'completed' },
      { status: 'canceled,capture_failed' },
      { country: 'gh' },
      { provider: 'stripe', status: 'completed,delivery_failed' },
      { from: ago(100 * MINUTE).toISOString(), to: ago(30 * MINUTE).toISOString() },
      { q: 'KOFI@example.com' },
      { q: '+234 803 123 4567', status: 'canceled' },
      { q: 'nobody@example.com' },
    ];
    for (const query of queries) {
      const expected = await listed(query);
      for (const pageSize of [1, 4, 100]) {
        const pages = await exported(query, pageSize);
        expect(pages.flat(), `${JSON.stringify(query)} by ${pageSize}`).toEqual(expected);
        expect(pages.slice(0, -1).every((page) => page.length === pageSize)).toBe(true);
      }
    }
    expect(await listed({})).toHaveLength(24);
  });

  it('write every column of an order', async () => {
    await database.reset();
    const customer = await insertTestUser(db, 'amina@example.com');
    const order = await insertOrderRow(db, {
      userId: customer,
      status: 'completed',
      amountCents: 1234,
      percentageFeeCents: 37,
      standardFeeCents: 33,
      totalCents: 1304,
      localAmount: '19744.00',
      deliveredAmount: '19744.0000',
      deliveredCurrencyCode: 'NGN',
      topupTransactionId: '987654',
      operatorTransactionId: 'op-42',
      providerCostCents: 1150,
      processorFeeCents: 68,
      createdAt: new Date('2026-11-24T10:00:00.000Z'),
      updatedAt: new Date('2026-11-24T10:00:20.000Z'),
      finishedAt: new Date('2026-11-24T10:00:20.000Z'),
    });
    const pieces = [];
    for await (const piece of ordersCsv(adminOrderExportPages(db, {}, NOW, 10))) pieces.push(piece);
    const [header, ...rows] = parseCsv(pieces.join('').replace(/^\uFEFF/, ''));
    expect(rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])))).toEqual([
      {
        order_id: order.id,
        reference: order.reference,
        created_at: '2026-11-24T10:00:00.000Z',
        updated_at: '2026-11-24T10:00:20.000Z',
        finished_at: '2026-11-24T10:00:20.000Z',
        status: 'completed',
        attention: '',
        customer_id: customer,
        customer_email: 'amina@example.com',
        country: 'NG',
        calling_code: '234',
        recipient_phone: '08031234567',
        operator_id: '341',
        operator_name: 'MTN Nigeria',
        currency: 'USD',
        amount: '12.34',
        percentage_fee: '0.37',
        standard_fee: '0.33',
        discount: '0.00',
        total: '13.04',
        local_amount: '19744.00',
        destination_currency: 'NGN',
        delivered_amount: '19744.0000',
        delivered_currency: 'NGN',
        payment_provider: 'sandbox',
        payment_intent_id: order.paymentId,
        custom_identifier: order.customIdentifier,
        topup_transaction_id: '987654',
        operator_transaction_id: 'op-42',
        refund_id: '',
        failure_code: '',
        provider_cost: '11.50',
        processor_fees: '0.68',
        refunded: '0.00',
        disputed: '0.00',
        margin: '0.86',
      },
    ]);
  });

  it('write a loss as a number a spreadsheet adds up, and an unknown cost as empty', async () => {
    await database.reset();
    const customer = await insertTestUser(db);
    await insertOrderRow(db, { userId: customer, status: 'refunded', totalCents: 1304, providerCostCents: 1150, processorFeeCents: 68 });
    await insertOrderRow(db, { userId: customer, status: 'canceled', totalCents: 1304, createdAt: new Date('2026-11-24T09:00:00.000Z') });
    const pieces = [];
    for await (const piece of ordersCsv(adminOrderExportPages(db, {}, NOW, 10))) pieces.push(piece);
    const [header, ...rows] = parseCsv(pieces.join('').replace(/^\uFEFF/, ''));
    const column = (name: string) => rows.map((row) => row[header!.indexOf(name)]);
    expect(column('status')).toEqual(['refunded', 'canceled']);
    expect(column('margin')).toEqual(['-12.18', '0.00']);
    expect(column('refunded')).toEqual(['13.04', '0.00']);
    expect(column('provider_cost')).toEqual(['11.50', '']);
    expect(column('processor_fees')).toEqual(['0.68', '']);
  });
});
