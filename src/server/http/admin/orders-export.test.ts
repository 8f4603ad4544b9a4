import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminOrdersResponse } from '../../../shared/api/admin';
import type { AdminAuditResponse } from '../../../shared/api/admin-audit';
import { ORDER_CSV_COLUMNS } from '../../orders/orders-csv';
import { signedInAdmin } from '../../testing/admin-client';
import { useTestApp } from '../../testing/app';
import { parseCsv } from '../../testing/csv';
import { insertOrderRow } from '../../testing/order-rows';
import { insertTestUser } from '../../testing/orders';

const HOUR = 60 * 60 * 1000;

/** The file's records as objects keyed by the header row, which must be the export's columns. */
function csvRecords(body: string): Array<Record<string, string>> {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  expect(header).toEqual(ORDER_CSV_COLUMNS.map(([name]) => name));
  return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]!])));
}

describe('the console’s orders CSV export', () => {
  const testApp = useTestApp();

  it('downloads the filtered orders with a header row, money as decimal strings, and is audited', async () => {
    const admin = await signedInAdmin(testApp);
    const customer = await insertTestUser(testApp.database.db, 'amina@example.com');
    const now = Date.now();
    const completed = await insertOrderRow(testApp.database.db, {
      userId: customer,
      status: 'completed',
      amountCents: 1000,
      percentageFeeCents: 30,
      standardFeeCents: 33,
      totalCents: 1063,
      createdAt: new Date(now - HOUR),
    });
    await insertOrderRow(testApp.database.db, { userId: customer, status: 'canceled', createdAt: new Date(now - 2 * HOUR) });
    await insertOrderRow(testApp.database.db, { userId: customer, status: 'completed', countryIso: 'GH', createdAt: new Date(now - 3 * HOUR) });

    const answer = await admin.browser.get('/api/admin/orders/export.csv?status=completed&country=ng');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records = csvRecords(answer.body);
    expect(
      records.map((record) => [record.order_id, record.status, record.amount, record.percentage_fee, record.standard_fee, record.total]),
    ).toEqual([[completed.id, 'completed', '10.00', '0.30', '0.33', '10.63']]);

    const audit = (await admin.browser.get('/api/admin/audit-log?action=orders.export')).json<AdminAuditResponse>();
    expect(audit.entries).toMatchObject([
      {
        actorId: admin.id,
        actorEmail: 'boss@example.com',
        targetType: 'order_list',
        targetId: 'status=completed&country=NG',
        before: null,
        after: { format: 'csv', status: ['completed'], country: 'NG' },
      },
    ]);
  });

  it('holds exactly the orders the list shows for the same filters', async () => {
    const admin = await signedInAdmin(testApp);
    const amina = await insertTestUser(testApp.database.db, 'amina@example.com');
    const kofi = await insertTestUser(testApp.database.db, 'kofi@example.com');
    const now = Date.now();
    for (let index = 0; index < 12; index++) {
      await insertOrderRow(testApp.database.db, {
        userId: index % 2 ? amina : kofi,
        status: index % 3 ? 'completed' : 'delivery_failed',
        paymentProvider: index % 4 ? 'sandbox' : 'stripe',
        createdAt: new Date(now - index * HOUR),
      });
    }
    const from = new Date(now - 8.5 * HOUR).toISOString();
    for (const query of ['', 'status=delivery_failed', 'status=completed,delivery_failed&provider=stripe', `q=kofi%40example.com&from=${from}`]) {
      const listed = (await admin.browser.get(`/api/admin/orders?limit=100&${query}`)).json<AdminOrdersResponse>().orders.map((row) => row.id);
      const exported = csvRecords((await admin.browser.get(`/api/admin/orders/export.csv?${query}`)).body).map((record) => record.order_id);
      expect(exported, query).toEqual(listed);
      expect(exported.length, query).toBeGreaterThan(0);
    }
  });

  it('defuses what a customer chose that a spreadsheet would run, and quotes commas, quotes and line breaks', async () => {
    const admin = await signedInAdmin(testApp);
    const customer = await insertTestUser(testApp.database.db, "=cmd|' /C calc'!A0@example.com");
    await insertOrderRow(testApp.database.db, {
      userId: customer,
      customIdentifier: "@SUM(1+1)*cmd|' /C calc'!A0",
      operatorName: 'Operator, "the best"\r\nsecond line',
      topupTransactionId: '+1+1',
      operatorTransactionId: '-1+1',
      paymentId: '\t=1+1',
    });
    const answer = await admin.browser.get('/api/admin/orders/export.csv');
    expect(answer.body).toContain('"Operator, ""the best""\r\nsecond line"');
    const [record] = csvRecords(answer.body);
    expect(record).toMatchObject({
      customer_email: "'=cmd|' /C calc'!A0@example.com",
      custom_identifier: "'@SUM(1+1)*cmd|' /C calc'!A0",
      operator_name: 'Operator, "the best"\r\nsecond line',
      topup_transaction_id: "'+1+1",
      operator_transaction_id: "'-1+1",
      payment_intent_id: "'\t=1+1",
    });
  });

  it('answers 400 naming the filter that does not parse, before any file or audit row', async () => {
    const admin = await signedInAdmin(testApp);
    const cases: Array<[string, string]> = [
      ['status=paid', 'status.0'],
      ['from=yesterday', 'from'],
      ['country=NGA', 'country'],
      ['operator=mtn', 'operator'],
      ['provider=paypal', 'provider'],
      [`q=${'9'.repeat(201)}`, 'q'],
      ['q=a%00%40example.com', 'q'],
    ];
    for (const [query, field] of cases) {
      const answer = await admin.browser.get(`/api/admin/orders/export.csv?${query}`);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.headers['content-type'], query).toMatch(/^application\/json/);
      expect(answer.json(), query).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
    }
    expect((await admin.browser.get('/api/admin/audit-log?action=orders.export')).json<AdminAuditResponse>().entries).toEqual([]);
  });

  // The memory it holds while streaming is measured where it means something, on all 1,000,000 orders of the
  // benchmark database (`npm run bench -- --only=admin-export`); orders-csv.test.ts checks the pages are read one at a
  // time. Here: the file is streamed whole, in chunks, over a real socket.
  it('streams 6,000 orders (three pages) in chunks, each order once', async () => {
    const admin = await signedInAdmin(testApp);
    const customer = await insertTestUser(testApp.database.db, 'amina@example.com');
    const ORDERS = 6_000;
    await testApp.database.db.execute(sql`
      insert into orders (user_id, order_key, status, operator_id, operator_name, country_iso, recipient_phone, amount_cents,
        percentage_fee_cents, standard_fee_cents, total_cents, destination_currency_code, payment_provider, payment_intent_id,
        custom_identifier, topup_transaction_id, created_at, updated_at)
      select ${customer}, 'bulk-' || g, case when g % 10 = 0 then 'canceled' else 'completed' end, 341, 'MTN Nigeria', 'NG',
             '0803' || lpad(g::text, 7, '0'), 500 + g % 2000, 15 + g % 60, 33, 548 + g % 2000 + g % 60, 'NGN', 'sandbox',
             'pi_bulk_' || md5(g::text), 'topup-bulk-' || g, (100000000 + g)::text, now() - g * interval '1 second', now()
      from generate_series(1, ${ORDERS}) g`);
    const expected = ORDERS - ORDERS / 10;

    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    let chunks = 0;
    let bytes = 0;
    let lines = 0;
    let tail = '';
    const headers = await new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
      const call = request(
        { host: '127.0.0.1', port, path: '/api/admin/orders/export.csv?status=completed', headers: { cookie: admin.browser.cookies } },
        (response) => {
          response.setEncoding('utf8');
          // Counted as it arrives, never kept: the test must not hold the file either.
          response.on('data', (chunk: string) => {
            chunks++;
            bytes += Buffer.byteLength(chunk);
            const text = tail + chunk;
            lines += text.split('\r\n').length - 1;
            tail = text.slice(text.lastIndexOf('\r\n') + 2);
          });
          response.on('end', () => resolve(response.headers));
          response.on('error', reject);
        },
      );
      call.on('error', reject);
      call.end();
    });

    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    // Streamed: no length known in advance, sent in chunks as the pages are read.
    expect(headers['transfer-encoding']).toBe('chunked');
    expect(headers['content-length']).toBeUndefined();
    expect(lines).toBe(expected + 1);
    expect(tail).toBe('');
    expect(chunks).toBeGreaterThan(3);
    expect(bytes).toBeGreaterThan(1_400_000);
  });
});
