import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreateTopupRequestResponse, GetTopupRequestResponse, ListTopupRequestsResponse } from '../../shared/api/topup-requests';
import { buildApp } from '../app';
import { countries, topupRequests, user } from '../db/schema';
import { testConfig } from '../testing/app';
import { accountClient, TEST_ORIGIN } from '../testing/accounts';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../testing/databases';
import { saveServiceLimits } from '../testing/orders';
import type { Email, Mailer } from '../mail/mailer';
import { insertOrderRow } from '../testing/order-rows';
import { insertTestUser } from '../testing/orders';
import { notifyPaidRequests } from '../topup-requests/paid-requests';
import { firstNameOf, hashToken } from '../topup-requests/topup-requests';

const PASSWORD = 'Lagos-to-Accra-2026';
const DAY_MS = 24 * 60 * 60 * 1000;
const GOOD_REQUEST = { countryCode: 'NG', phone: '08031234567', suggestedAmount: '10', note: 'Mum here, my credit is low' };
let addressCounter = 0;
const freshAddress = () => `198.51.100.${(++addressCounter % 250) + 1}`;

describe.each(TEST_DATABASE_KINDS)('request-a-top-up links over HTTP on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = new Date('2026-11-22T10:00:00Z');

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    // The server stands behind one proxy (127.0.0.1, inject's address), which names the client in X-Forwarded-For.
    app = await buildApp({ config: testConfig({ TRUST_PROXY: '127.0.0.1' }), database, now: () => clock, reconciler: false });
  });
  beforeEach(async () => {
    clock = new Date('2026-11-22T10:00:00Z');
    await database.reset();
    app.dropCatalogueCaches();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A signed-in customer with a confirmed address: the only one who may make links. */
  async function verifiedMaker(name = 'Amina Bello') {
    const client = accountClient(app, freshAddress());
    const email = `${randomUUID()}@example.com`;
    expect((await client.signUp(email, PASSWORD, { name })).statusCode).toBe(200);
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    const [row] = await database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    return {
      client,
      id: row!.id,
      email,
      get cookies() {
        return client.cookies;
      },
    };
  }
  let maker: Awaited<ReturnType<typeof verifiedMaker>>;
  beforeEach(async () => {
    maker = await verifiedMaker();
  });

  const create = (payload: unknown, forwardedFor = freshAddress(), by: { cookies: string } | null = maker) =>
    app.inject({
      method: 'POST',
      url: '/api/topup-requests',
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor, ...(by ? { cookie: by.cookies } : {}) },
    });
  const read = (token: string) => app.inject({ method: 'GET', url: `/api/topup-requests/${token}` });
  const storedRows = () => database.db.select().from(topupRequests);

  it('makes a link whose token is 32 random bytes and stores only its SHA-256, with the number as digits', async () => {
    const response = await create(GOOD_REQUEST);
    expect(response.statusCode).toBe(201);
    const body: CreateTopupRequestResponse = response.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(body.token, 'base64url')).toHaveLength(32);
    expect(body.path).toBe(`/r/${body.token}`);
    expect(body.expiresAt).toBe(new Date(clock.getTime() + 30 * DAY_MS).toISOString());

    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tokenHash: hashToken(body.token),
      countryIso: 'NG',
      nationalNumber: '08031234567',
      suggestedAmountCents: 1000,
      note: 'Mum here, my credit is low',
      userId: maker.id,
    });
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(body.token);
  });

  it('answers a link with what it asks for, the note as it was written', async () => {
    const note = '<img src=x onerror=alert(1)> <b>thanks</b>';
    const { token } = (await create({ ...GOOD_REQUEST, countryCode: 'ng', note: `  ${note}  ` })).json<CreateTopupRequestResponse>();
    const response = await read(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json<GetTopupRequestResponse>()).toEqual({
      success: true,
      request: {
        countryCode: 'NG',
        phone: '08031234567',
        suggestedAmount: '10.00',
        note,
        expiresAt: expect.any(String),
        requesterFirstName: 'Amina',
      },
    });
  });

  it('takes a request without an amount or a note', async () => {
    const { token } = (await create({ countryCode: 'IN', phone: '9876543210', suggestedAmount: '', note: '   ' })).json<CreateTopupRequestResponse>();
    expect((await read(token)).json<GetTopupRequestResponse>().request).toMatchObject({ suggestedAmount: null, note: null });
  });

  it('is made only by a signed-in customer whose address is confirmed, and counts nothing for the others', async () => {
    const visitor = await create(GOOD_REQUEST, freshAddress(), null);
    expect(visitor.statusCode).toBe(401);
    const unconfirmed = accountClient(app, freshAddress());
    expect((await unconfirmed.signUp(`${randomUUID()}@example.com`, PASSWORD)).statusCode).toBe(200);
    const address = freshAddress();
    for (let tried = 0; tried < 11; tried++) {
      const refused = await create(GOOD_REQUEST, address, unconfirmed);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', messageKey: 'apiErrors.confirmAddressForRequests' });
    }
    expect(await storedRows()).toEqual([]);
    expect((await create(GOOD_REQUEST, address)).statusCode).toBe(201);
  });

  it('shows the first name of the customer who asks, and only that', async () => {
    const { token } = (await create(GOOD_REQUEST)).json<CreateTopupRequestResponse>();
    expect((await read(token)).json<GetTopupRequestResponse>().request.requesterFirstName).toBe('Amina');
    expect([firstNameOf('  Kofi  Mensah '), firstNameOf(''), firstNameOf(null), firstNameOf('ن'.repeat(50))]).toEqual([
      'Kofi',
      null,
      null,
      'ن'.repeat(40),
    ]);
  });

  it('makes at most 10 links a day per customer, from any address', async () => {
    for (let made = 0; made < 10; made++) expect((await create(GOOD_REQUEST)).statusCode).toBe(201);
    const refused = await create(GOOD_REQUEST);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'apiErrors.tooManyTopupRequestsToday' });
    expect(Number(refused.headers['retry-after'])).toBe(24 * 60 * 60);
    expect(await storedRows()).toHaveLength(10);
    // Another customer is not held back.
    expect((await create(GOOD_REQUEST, freshAddress(), await verifiedMaker())).statusCode).toBe(201);
  });

  it('lists the maker’s working links, newest first, and revokes one so that it stops working at once', async () => {
    const { token: older } = (await create(GOOD_REQUEST)).json<CreateTopupRequestResponse>();
    clock = new Date(clock.getTime() + 1000);
    const { token: newer } = (await create({ ...GOOD_REQUEST, note: null })).json<CreateTopupRequestResponse>();
    const someoneElse = await verifiedMaker('Kofi');
    expect((await create(GOOD_REQUEST, freshAddress(), someoneElse)).statusCode).toBe(201);

    const listed = (await maker.client.get('/api/user/topup-requests')).json<ListTopupRequestsResponse>().requests;
    expect(listed.map(({ note, paidAt }) => ({ note, paidAt }))).toEqual([
      { note: null, paidAt: null },
      { note: GOOD_REQUEST.note, paidAt: null },
    ]);
    expect(JSON.stringify(listed)).not.toContain(older);
    // Another customer's link, a malformed id and an unknown one are the same 404, and revoke nothing.
    const theirs = (await someoneElse.client.get('/api/user/topup-requests')).json<ListTopupRequestsResponse>().requests[0]!;
    for (const id of [String(theirs.id), 'abc', '0', '99999', '1e3']) {
      const refused = await maker.client.delete(`/api/user/topup-requests/${id}`);
      expect(refused.statusCode, id).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'TOPUP_REQUEST_NOT_FOUND' });
    }
    expect(await storedRows()).toHaveLength(3);
    expect((await maker.client.delete(`/api/user/topup-requests/${listed[0]!.id}`)).statusCode).toBe(204);
    expect((await read(newer)).statusCode).toBe(404);
    expect((await read(older)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user/topup-requests' })).statusCode).toBe(401);
  });

  it('tells its maker once when someone else tops up the number, not for their own top-up or one made before', async () => {
    const sent: Email[] = [];
    const mailer = { kind: 'outbox', send: async (email: Email) => void sent.push(email) } as unknown as Mailer;
    const deps = { db: database.db, mailer, publicUrl: 'https://globaltopup.example', now: () => clock, log: { error: () => {} } };
    const sender = await insertTestUser(database.db);
    await insertOrderRow(database.db, {
      userId: sender,
      status: 'completed',
      recipientPhone: '8031234567',
      createdAt: new Date(clock.getTime() - 1000),
    });
    await create(GOOD_REQUEST);
    await insertOrderRow(database.db, { userId: maker.id, status: 'completed', recipientPhone: '08031234567', createdAt: clock });
    await insertOrderRow(database.db, { userId: sender, status: 'canceled', recipientPhone: '08031234567', createdAt: clock });
    expect(await notifyPaidRequests(deps)).toBe(0);
    // The same number spelled without its trunk 0, paid by someone else after the link was made.
    const paid = await insertOrderRow(database.db, { userId: sender, status: 'completed', recipientPhone: '8031234567', createdAt: clock });
    expect(await notifyPaidRequests(deps)).toBe(1);
    expect(await notifyPaidRequests(deps)).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: maker.email, subject: 'Your top-up request was answered' });
    expect(sent[0]!.text).toContain('+234 803 123 4567 was topped up through your request link');
    expect(sent[0]!.html).toContain('<span dir="ltr">+234 803 123 4567</span>');
    expect((await storedRows())[0]).toMatchObject({ paidOrderId: paid.id, paidAt: clock });
    const listed = (await maker.client.get('/api/user/topup-requests')).json<ListTopupRequestsResponse>().requests;
    expect(listed[0]!.paidAt).toBe(clock.toISOString());
  });

  it.each([
    [{ ...GOOD_REQUEST, phone: '12345' }, 'phone', 'phone.tooShort'],
    [{ ...GOOD_REQUEST, phone: '' }, 'phone', 'phone.required'],
    [{ ...GOOD_REQUEST, countryCode: 'IN', phone: '1234567890' }, 'phone', 'phone.invalidFormat'],
    [{ ...GOOD_REQUEST, countryCode: 'CU', phone: '521234567' }, 'phone', 'phone.tooLong'],
    [{ ...GOOD_REQUEST, countryCode: 'Nigeria' }, 'countryCode', 'validation.countryCode'],
    [{ ...GOOD_REQUEST, countryCode: 'QQ' }, 'countryCode', 'topup.errors.unavailable'],
    [{ ...GOOD_REQUEST, note: 'x'.repeat(141) }, 'note', 'validation.noteTooLong'],
    [{ ...GOOD_REQUEST, note: 'call me\u0007' }, 'note', 'validation.noteCharacters'],
    [{ ...GOOD_REQUEST, note: 'line one\nline two' }, 'note', 'validation.noteCharacters'],
    [{ ...GOOD_REQUEST, note: 'pay \u202Eevil' }, 'note', 'validation.invisibleCharacters'],
    [{ ...GOOD_REQUEST, note: 'pay me at https://pay.example/x' }, 'note', 'validation.noteNoLinks'],
    [{ ...GOOD_REQUEST, note: 'see www.example for it' }, 'note', 'validation.noteNoLinks'],
    [{ ...GOOD_REQUEST, note: 'bit.ly/credit please' }, 'note', 'validation.noteNoLinks'],
    [{ ...GOOD_REQUEST, note: 'ｐａｙ．ｅｘａｍｐｌｅ' }, 'note', 'validation.noteNoLinks'],
    [{ ...GOOD_REQUEST, suggestedAmount: '10.555' }, 'suggestedAmount', 'validation.suggestedAmountFormat'],
    [{ ...GOOD_REQUEST, suggestedAmount: '0.50' }, 'suggestedAmount', 'apiErrors.suggestedAmountOutOfRange'],
    [{ ...GOOD_REQUEST, suggestedAmount: '200.01' }, 'suggestedAmount', 'apiErrors.suggestedAmountOutOfRange'],
  ])('refuses %j with a 400 on %s (%s) and stores nothing', async (payload, field, messageKey) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, field, messageKey });
    expect(response.json().message).not.toMatch(/\bat\b.*\.ts:/);
    expect(await storedRows()).toEqual([]);
  });

  it('counts a note in characters as people read them: 140 emoji or Arabic letters are allowed', async () => {
    expect((await create({ ...GOOD_REQUEST, note: '😀'.repeat(140) })).statusCode).toBe(201);
    expect((await create({ ...GOOD_REQUEST, note: 'ش'.repeat(140) })).statusCode).toBe(201);
  });

  it('refuses a country an admin switched off', async () => {
    await database.db.update(countries).set({ enabled: false }).where(eq(countries.isoName, 'NG'));
    app.dropCatalogueCaches();
    const response = await create(GOOD_REQUEST);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'COUNTRY_NOT_SUPPORTED', messageKey: 'topup.errors.unavailable' });
  });

  it('bounds a suggested amount by the daily limit in force, with the range in the message', async () => {
    await saveServiceLimits(database.db, { dailySpendLimitCents: 5000 });
    // Past the time an instance keeps the limits it read (SERVICE_LIMITS_CACHE_MS).
    clock = new Date(clock.getTime() + 10_000);
    const response = await create({ ...GOOD_REQUEST, suggestedAmount: '60' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ messageKey: 'apiErrors.suggestedAmountOutOfRange', messageParams: { min: '$1.00', max: '$50.00' } });
    expect(response.json().message).toBe('The suggested amount must be from $1.00 to $50.00.');
    // Back to the default limit, read again, so the tests after this one do not meet the $50 kept by this instance.
    await database.reset();
    maker = await verifiedMaker();
    clock = new Date(clock.getTime() + 10_000);
    expect((await create({ ...GOOD_REQUEST, suggestedAmount: '60' })).statusCode).toBe(201);
  });

  it('answers an unknown token and a malformed one with the same 404 and its message', async () => {
    for (const token of ['A'.repeat(43), 'not-a-token', '%3Cscript%3E']) {
      const response = await read(token);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'TOPUP_REQUEST_NOT_FOUND',
        messageKey: 'apiErrors.topupRequestNotFound',
        message: 'This top-up request link is not valid or has expired. Request links work for 30 days.',
      });
    }
  });

  it('expires a link after 30 days with the same answer as an unknown token, and purges expired links', async () => {
    const { token } = (await create(GOOD_REQUEST)).json<CreateTopupRequestResponse>();
    clock = new Date(clock.getTime() + 30 * DAY_MS - 1000);
    expect((await read(token)).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 1000);
    const expired = await read(token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json()).toMatchObject({ code: 'TOPUP_REQUEST_NOT_FOUND', messageKey: 'apiErrors.topupRequestNotFound' });

    clock = new Date(clock.getTime() + 1000);
    const { token: fresh } = (await create(GOOD_REQUEST)).json<CreateTopupRequestResponse>();
    expect((await storedRows()).map((row) => row.tokenHash)).toEqual([hashToken(fresh)]);
  });

  it('makes at most 10 links an hour per client address, however the proxy spells it', async () => {
    const spellings = ['203.0.113.7', '::ffff:203.0.113.7', '203.0.113.07', '::FFFF:CB00:7107', '0:0:0:0:0:ffff:203.0.113.7'];
    // A family behind one router: two customers, whose own daily allowances are not spent.
    const makers = [maker, await verifiedMaker('Kofi')];
    for (let made = 0; made < 10; made++) {
      expect((await create(GOOD_REQUEST, spellings[made % spellings.length], makers[made % 2])).statusCode).toBe(201);
    }
    for (const spelling of spellings) {
      const refused = await create(GOOD_REQUEST, spelling, makers[1]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'apiErrors.tooManyTopupRequests' });
      expect(Number(refused.headers['retry-after'])).toBe(3600);
    }
    expect(await storedRows()).toHaveLength(10);
    // Another client is not held back, and the first one may make links again once its hour is over.
    expect((await create(GOOD_REQUEST, '203.0.113.8', makers[1])).statusCode).toBe(201);
    clock = new Date(clock.getTime() + 60 * 60 * 1000);
    expect((await create(GOOD_REQUEST, '::ffff:203.0.113.7', makers[1])).statusCode).toBe(201);
  });

  it('counts IPv6 spellings of one address together', async () => {
    const makers = [maker, await verifiedMaker('Kofi')];
    for (let made = 0; made < 10; made++) {
      expect((await create(GOOD_REQUEST, made % 2 ? '2001:DB8:0:0::1' : '2001:db8::1', makers[made % 2])).statusCode).toBe(201);
    }
    const refused = await create(GOOD_REQUEST, '2001:0db8:0000:0000:0000:0000:0000:0001', makers[0]);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', messageKey: 'apiErrors.tooManyTopupRequests' });
  });

  it('does not spend the allowance on refused input', async () => {
    const address = freshAddress();
    for (let tried = 0; tried < 12; tried++) expect((await create({ ...GOOD_REQUEST, phone: '1' }, address)).statusCode).toBe(400);
    expect((await create(GOOD_REQUEST, address)).statusCode).toBe(201);
  });

  it('serves the app for a request link, so a shared link opens the page', async () => {
    const { token } = (await create(GOOD_REQUEST)).json<CreateTopupRequestResponse>();
    for (const path of [`/r/${token}`, `/r/${'A'.repeat(43)}`]) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<div id="root">');
    }
    expect((await app.inject({ method: 'GET', url: '/request' })).statusCode).toBe(200);
  });
});
