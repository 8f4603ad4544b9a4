import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminCatalogueCountriesResponse,
  AdminCatalogueCountryActionResponse,
  AdminCatalogueCountryResponse,
  AdminCatalogueOperator,
  AdminCatalogueOperatorActionResponse,
} from '../../../shared/api/admin-catalogue';
import type { Country, OperatorInfo } from '../../../shared/api/catalog';
import { buildApp } from '../../app';
import { adminAuditLog, countries, disabledOperators } from '../../db/schema';
import { testConfig } from '../../testing/app';
import { newBrowser, signedInAdmin, signedUpBrowser } from '../../testing/admins';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { CO_PHONE, FakeReloadly } from '../../../../tests/fakes/reloadly';
import { SANDBOX_NUMBERS } from '../../testing/orders';

const COUNTRY_UNAVAILABLE = {
  success: false,
  code: 'COUNTRY_NOT_SUPPORTED',
  message: 'This country is currently not available for service.',
  messageKey: 'topup.errors.unavailable',
};
const OPERATOR_UNAVAILABLE = {
  success: false,
  code: 'OPERATOR_UNAVAILABLE',
  message: 'This operator is currently not available for service. Please try again later.',
  messageKey: 'apiErrors.operatorUnavailable',
};
/** A Nigerian number the sandbox gives to Glo, another operator than SANDBOX_NUMBERS.successful's MTN. */
const GLO_NUMBER = '08051234567';

type Browser = Awaited<ReturnType<typeof signedInAdmin>>;

/** The console's and the customers' calls on one app, as the tests below make them. */
function catalogueCalls(app: FastifyInstance) {
  const detect = (phone: string, iso: string) => app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${phone}/${iso}` });
  const publicCountry = async (iso: string) =>
    ((await app.inject({ method: 'GET', url: '/api/countries' })).json() as Country[]).find((c) => c.iso_name === iso);
  return {
    detect,
    publicCountry,
    /** What a customer's checkout sends for the first amount an operator offers. */
    async offer(phone: string, iso: string) {
      const answer = await detect(phone, iso);
      expect(answer.statusCode, answer.body).toBe(200);
      const operator = answer.json().data as OperatorInfo;
      const amount = operator.denominationType === 'FIXED' ? operator.fixedAmounts[0]! : Math.max(operator.minAmount ?? 5, 5);
      return { amount: amount.toFixed(2), operatorId: operator.operatorId, countryCode: iso, phone };
    },
    checkout(
      customer: Awaited<ReturnType<typeof signedUpBrowser>>,
      offer: { amount: string; operatorId: number; countryCode: string; phone: string },
    ) {
      return customer.post('/api/create-payment-intent', { ...offer, orderKey: randomUUID() });
    },
  };
}

describe.each(TEST_DATABASE_KINDS)('the console’s catalogue on %s', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let boss: Browser;
  const calls = () => catalogueCalls(app);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    app = await buildApp({ config: testConfig({ BLOCKED_DESTINATIONS: 'cu, IR' }), database, reconciler: false });
  });
  beforeEach(async () => {
    await database.reset();
    // The reset put the switches back behind the server's back.
    app.dropCatalogueCaches();
    boss = await signedInAdmin(app, database.db, 'boss@example.com');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const auditRows = () => database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);
  const switchCountry = (iso: string, action: 'enable' | 'disable', reason = 'Operator outage') =>
    boss.post(`/api/admin/catalogue/countries/${iso}/${action}`, { reason });
  const switchOperator = (iso: string, operatorId: number, action: 'enable' | 'disable', reason = 'Failing top-ups') =>
    boss.post(`/api/admin/catalogue/countries/${iso}/operators/${operatorId}/${action}`, { reason });
  async function countryPage(iso: string): Promise<AdminCatalogueCountryResponse> {
    const answer = await boss.get(`/api/admin/catalogue/countries/${iso}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json();
  }
  const operatorNamed = (page: AdminCatalogueCountryResponse, name: string) => page.operators.find((operator) => operator.name === name)!;

  describe('the countries list', () => {
    async function list(query = ''): Promise<AdminCatalogueCountriesResponse> {
      const answer = await boss.get(`/api/admin/catalogue/countries${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    }
    const codes = (answer: AdminCatalogueCountriesResponse) => answer.countries.map((country) => country.isoName);

    it('lists every destination by name with its status, and counts them by status', async () => {
      const answer = await list();
      expect(answer.provider).toBe('sandbox');
      expect(answer.countries.length).toBeGreaterThan(200);
      const names = answer.countries.map((country) => country.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(answer.countries.find((country) => country.isoName === 'NG')).toEqual({
        isoName: 'NG',
        name: 'Nigeria',
        callingCodes: ['234'],
        currencyCode: 'NGN',
        status: 'enabled',
        enabled: true,
        blocked: false,
        disabledReason: null,
        disabledAt: null,
      });
      // Cuba's switch is on, but it is on the blocked list.
      expect(answer.countries.find((country) => country.isoName === 'CU')).toMatchObject({ status: 'blocked', enabled: true, blocked: true });
      expect(answer.counts.blocked).toBe(2);
      expect(answer.counts.enabled + answer.counts.disabled + answer.counts.blocked).toBe(answer.countries.length);
    });

    it('finds countries by part of the name in any case and without accents, or by the code (first), and by status', async () => {
      expect(codes(await list('?q=NIGER'))).toEqual(['NE', 'NG']);
      expect(codes(await list('?q=cote'))).toEqual(['CI']);
      const ng = codes(await list('?q=ng'));
      expect(ng[0]).toBe('NG');
      expect(ng).toContain('HK');
      expect(codes(await list('?status=blocked'))).toEqual(['CU', 'IR']);
      expect(codes(await list('?q=cuba&status=enabled'))).toEqual([]);
      expect(codes(await list('?q=cu&status=blocked'))).toEqual(['CU']);
      expect((await list('?status=disabled')).countries.every((country) => !country.enabled && !country.blocked)).toBe(true);
    });

    it.each([
      ['?status=paused', 'status'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?q=%00', 'q'],
    ])('answers %s with a 400 naming %s', async (query, field) => {
      const answer = await boss.get(`/api/admin/catalogue/countries${query}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, field });
    });
  });

  describe('switching a country', () => {
    it('disables a country with a reason, audited with before and after, and enables it again', async () => {
      const disabled = await switchCountry('ng', 'disable', 'Provider outage in Nigeria');
      expect(disabled.statusCode, disabled.body).toBe(200);
      const { country } = disabled.json() as AdminCatalogueCountryActionResponse;
      expect(country).toMatchObject({ isoName: 'NG', status: 'disabled', enabled: false, disabledReason: 'Provider outage in Nigeria' });
      expect(Date.parse(country.disabledAt!)).not.toBeNaN();
      expect((await countryPage('NG')).country).toEqual(country);

      expect((await switchCountry('NG', 'enable', 'Provider is back')).json().country).toMatchObject({
        status: 'enabled',
        enabled: true,
        disabledReason: null,
        disabledAt: null,
      });
      const rows = await auditRows();
      expect(rows.map((row) => [row.action, row.targetType, row.targetId, row.reason, row.actorEmail])).toEqual([
        ['country.disable', 'country', 'NG', 'Provider outage in Nigeria', 'boss@example.com'],
        ['country.enable', 'country', 'NG', 'Provider is back', 'boss@example.com'],
      ]);
      expect(rows[0]!.before).toEqual({ enabled: true, disabledReason: null, disabledAt: null });
      expect(rows[0]!.after).toEqual({ enabled: false, disabledReason: 'Provider outage in Nigeria', disabledAt: country.disabledAt });
      expect(rows[1]!.before).toEqual(rows[0]!.after);
      expect(rows[1]!.after).toEqual(rows[0]!.before);
    });

    it('refuses a disabled country everywhere a customer meets it, and serves it again once enabled', async () => {
      const customer = await signedUpBrowser(app, database.db, 'amina@example.com');
      const offer = await calls().offer(SANDBOX_NUMBERS.successful, 'NG');
      expect((await switchCountry('NG', 'disable')).statusCode).toBe(200);

      expect(await calls().publicCountry('NG')).toMatchObject({ enabled: false });
      const detection = await calls().detect(SANDBOX_NUMBERS.successful, 'NG');
      expect(detection.statusCode).toBe(400);
      expect(detection.json()).toEqual(COUNTRY_UNAVAILABLE);
      const checkout = await calls().checkout(customer, offer);
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json()).toEqual({ ...COUNTRY_UNAVAILABLE, field: 'countryCode' });

      expect((await switchCountry('NG', 'enable')).statusCode).toBe(200);
      expect(await calls().publicCountry('NG')).toMatchObject({ enabled: true });
      expect((await calls().detect(SANDBOX_NUMBERS.successful, 'NG')).statusCode).toBe(200);
      expect((await calls().checkout(customer, offer)).statusCode).toBe(200);
    });

    it('answers 409 for a switch already in the asked position, and writes no audit row', async () => {
      const again = await switchCountry('NG', 'enable');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        code: 'COUNTRY_ALREADY_ENABLED',
        messageKey: 'apiErrors.countryAlreadyEnabled',
        details: { enabled: true },
      });
      await switchCountry('NG', 'disable');
      expect((await switchCountry('NG', 'disable')).json()).toMatchObject({ code: 'COUNTRY_ALREADY_DISABLED' });
      expect((await auditRows()).map((row) => row.action)).toEqual(['country.disable']);
    });

    it.each(['ZZ', 'zz', 'AA'])('answers 404 for %s, a country the catalogue does not have', async (iso) => {
      for (const answer of [
        await switchCountry(iso, 'disable'),
        await switchCountry(iso, 'enable'),
        await boss.get(`/api/admin/catalogue/countries/${iso}`),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.json()).toMatchObject({ code: 'CATALOGUE_COUNTRY_NOT_FOUND', messageKey: 'apiErrors.catalogueCountryNotFound' });
      }
      expect(await auditRows()).toEqual([]);
    });

    it.each([
      ['/api/admin/catalogue/countries/NGA/disable', { reason: 'x' }, 'iso'],
      ['/api/admin/catalogue/countries/N1/disable', { reason: 'x' }, 'iso'],
      ['/api/admin/catalogue/countries/%20/disable', { reason: 'x' }, 'iso'],
      ['/api/admin/catalogue/countries/NG/disable', {}, 'reason'],
      ['/api/admin/catalogue/countries/NG/disable', { reason: '   ' }, 'reason'],
      ['/api/admin/catalogue/countries/NG/disable', { reason: 'x'.repeat(501) }, 'reason'],
      ['/api/admin/catalogue/countries/NG/disable', { reason: 42 }, 'reason'],
      ['/api/admin/catalogue/countries/NG/operators/abc/disable', { reason: 'x' }, 'operatorId'],
      ['/api/admin/catalogue/countries/NG/operators/0/disable', { reason: 'x' }, 'operatorId'],
      ['/api/admin/catalogue/countries/NG/operators/99999999999/disable', { reason: 'x' }, 'operatorId'],
    ])('answers %s with %j with a 400 naming %s, changing nothing', async (url, body, field) => {
      const answer = await boss.post(url, body);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED', field });
      expect(await auditRows()).toEqual([]);
      expect(await calls().publicCountry('NG')).toMatchObject({ enabled: true });
    });
  });

  describe('blocked destinations', () => {
    it.each(['CU', 'cu', 'Cu', '%20cU%20', '%09CU'])('never enables %s, however the code is written', async (spelling) => {
      // Its switch off first, so that enabling would be a change if it were allowed.
      expect((await switchCountry('CU', 'disable', 'Blocked list')).statusCode).toBe(200);
      const answer = await switchCountry(spelling, 'enable', 'Trying anyway');
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({
        code: 'DESTINATION_BLOCKED',
        messageKey: 'apiErrors.destinationBlocked',
        message: expect.stringContaining('BLOCKED_DESTINATIONS'),
      });
      const [cuba] = await database.db.select().from(countries).where(eq(countries.isoName, 'CU'));
      expect(cuba).toMatchObject({ enabled: false, disabledReason: 'Blocked list' });
      expect((await auditRows()).map((row) => row.action)).toEqual(['country.disable']);
    });

    it('refuses a blocked country whose switch is on as if it were disabled: countries list, detection, checkout', async () => {
      const [cuba] = await database.db.select().from(countries).where(eq(countries.isoName, 'CU'));
      expect(cuba!.enabled).toBe(true);
      const customer = await signedUpBrowser(app, database.db, 'amina@example.com');
      expect(await calls().publicCountry('CU')).toMatchObject({ enabled: false });
      expect((await calls().detect('52123456', 'CU')).json()).toEqual(COUNTRY_UNAVAILABLE);
      expect((await calls().detect('52123456', 'cu')).json()).toEqual(COUNTRY_UNAVAILABLE);
      const page = await countryPage('CU');
      const etecsa = operatorNamed(page, 'etecsa');
      const checkout = await calls().checkout(customer, {
        amount: (etecsa.fixedAmounts[0] ?? 5).toFixed(2),
        operatorId: etecsa.operatorId,
        countryCode: 'CU',
        phone: '52123456',
      });
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json()).toEqual({ ...COUNTRY_UNAVAILABLE, field: 'countryCode' });
    });

    it('shows a blocked country’s operators but enables none of them, and that does not serve the country either', async () => {
      const page = await countryPage('cu');
      expect(page.country).toMatchObject({ isoName: 'CU', status: 'blocked' });
      const etecsa = operatorNamed(page, 'etecsa');
      expect((await switchOperator('CU', etecsa.operatorId, 'disable')).statusCode).toBe(200);
      const answer = await switchOperator(' cu ', etecsa.operatorId, 'enable');
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'DESTINATION_BLOCKED' });
      expect((await calls().detect('52123456', 'CU')).json()).toEqual(COUNTRY_UNAVAILABLE);
      expect((await auditRows()).map((row) => row.action)).toEqual(['operator.disable']);
    });
  });

  describe('operators', () => {
    it('lists a country’s operators as the provider offers them: denominations, FX rate, currencies and switch', async () => {
      const page = await countryPage('NG');
      expect(page.operatorsProblem).toBeNull();
      expect(page.operators.map((operator) => operator.name)).toEqual(expect.arrayContaining(['MTN', 'Glo', 'Airtel', '9mobile']));
      const mtn = operatorNamed(page, 'MTN');
      expect(mtn).toMatchObject({
        senderCurrencyCode: 'USD',
        destinationCurrencyCode: 'NGN',
        enabled: true,
        disabledReason: null,
        fxRate: expect.any(Number),
      });
      expect(mtn.fxRate).toBeGreaterThan(100);
      if (mtn.denominationType === 'FIXED') {
        expect(mtn.fixedAmounts.length).toBeGreaterThan(0);
        expect(mtn.localFixedAmounts).toEqual(mtn.fixedAmounts.map((usd) => Math.round(usd * 100 * mtn.fxRate!) / 100));
      } else {
        expect(mtn.minAmount).toBeLessThan(mtn.maxAmount!);
      }
      const types = new Set([...page.operators, ...(await countryPage('GB')).operators].map((operator) => operator.denominationType));
      expect(types).toEqual(new Set(['FIXED', 'RANGE']));
      const range = [...page.operators, ...(await countryPage('GB')).operators].find((operator) => operator.denominationType === 'RANGE')!;
      expect(range).toMatchObject({ minAmount: expect.any(Number), maxAmount: expect.any(Number), fixedAmounts: [] });
    });

    it('a disabled operator cannot be detected or checked out, while the country’s other operators can; enabled again it can', async () => {
      const customer = await signedUpBrowser(app, database.db, 'amina@example.com');
      const offer = await calls().offer(SANDBOX_NUMBERS.successful, 'NG');
      const disabled = await switchOperator('NG', offer.operatorId, 'disable', 'MTN top-ups failing');
      expect(disabled.statusCode, disabled.body).toBe(200);
      const { operator } = disabled.json() as AdminCatalogueOperatorActionResponse;
      expect(operator).toMatchObject({ operatorId: offer.operatorId, name: 'MTN', enabled: false, disabledReason: 'MTN top-ups failing' });

      expect(await calls().publicCountry('NG')).toMatchObject({ enabled: true });
      const detection = await calls().detect(SANDBOX_NUMBERS.successful, 'NG');
      expect(detection.statusCode).toBe(400);
      expect(detection.json()).toEqual(OPERATOR_UNAVAILABLE);
      const checkout = await calls().checkout(customer, offer);
      expect(checkout.statusCode).toBe(400);
      expect(checkout.json()).toEqual({ ...OPERATOR_UNAVAILABLE, field: 'operatorId', details: { operatorId: offer.operatorId } });
      expect((await calls().detect(GLO_NUMBER, 'NG')).json().data.name).toBe('Glo');
      expect(operatorNamed(await countryPage('NG'), 'MTN')).toEqual(operator);

      const enabled = await switchOperator('NG', offer.operatorId, 'enable', 'MTN is back');
      expect((enabled.json() as AdminCatalogueOperatorActionResponse).operator).toMatchObject({
        enabled: true,
        disabledReason: null,
        disabledAt: null,
      });
      expect((await calls().detect(SANDBOX_NUMBERS.successful, 'NG')).statusCode).toBe(200);
      expect((await calls().checkout(customer, offer)).statusCode).toBe(200);

      const rows = await auditRows();
      expect(rows.map((row) => [row.action, row.targetType, row.targetId, row.reason])).toEqual([
        ['operator.disable', 'operator', `sandbox:${offer.operatorId}`, 'MTN top-ups failing'],
        ['operator.enable', 'operator', `sandbox:${offer.operatorId}`, 'MTN is back'],
      ]);
      const facts = { countryIso: 'NG', operatorName: 'MTN' };
      expect(rows[0]!.before).toEqual({ enabled: true, disabledReason: null, disabledAt: null, ...facts });
      expect(rows[0]!.after).toEqual({ enabled: false, disabledReason: 'MTN top-ups failing', disabledAt: operator.disabledAt, ...facts });
      expect(rows[1]!.before).toEqual(rows[0]!.after);
      expect(rows[1]!.after).toEqual(rows[0]!.before);
    });

    it('answers 409 for an operator already in the asked position, 404 for one the provider does not list in the country', async () => {
      const page = await countryPage('NG');
      const mtn = operatorNamed(page, 'MTN');
      expect((await switchOperator('NG', mtn.operatorId, 'enable')).json()).toMatchObject({ code: 'OPERATOR_ALREADY_ENABLED' });
      await switchOperator('NG', mtn.operatorId, 'disable');
      expect((await switchOperator('NG', mtn.operatorId, 'disable')).json()).toMatchObject({ code: 'OPERATOR_ALREADY_DISABLED' });
      // Ghana's operator is no Nigerian operator, and no operator has this id at all.
      const ghana = (await countryPage('GH')).operators[0]!;
      for (const [iso, operatorId] of [
        ['NG', ghana.operatorId],
        ['NG', 999_999],
        ['ZZ', mtn.operatorId],
      ] as const) {
        const answer = await switchOperator(iso, operatorId, 'disable');
        expect(answer.statusCode, `${iso} ${operatorId}`).toBe(404);
      }
      expect((await switchOperator('NG', 999_999, 'disable')).json()).toMatchObject({ code: 'CATALOGUE_OPERATOR_NOT_FOUND' });
      expect((await auditRows()).map((row) => row.action)).toEqual(['operator.disable']);
      expect(await database.db.select().from(disabledOperators)).toHaveLength(1);
    });
  });
});

describe('the catalogue across two servers on one database', () => {
  let database: TestDatabase;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    first = await buildApp({ config: testConfig(), database, reconciler: false });
    second = await buildApp({ config: testConfig(), database, reconciler: false });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await database.close();
  });

  it('a switch turned on one server applies on the other within a few seconds, without a restart', async () => {
    const boss = await signedInAdmin(first, database.db, 'boss@example.com');
    const onSecond = catalogueCalls(second);
    // The second server has read the list and the switches, and keeps copies of them.
    expect(await onSecond.publicCountry('NG')).toMatchObject({ enabled: true });
    expect((await onSecond.detect(SANDBOX_NUMBERS.successful, 'NG')).statusCode).toBe(200);

    const started = Date.now();
    expect((await boss.post('/api/admin/catalogue/countries/NG/disable', { reason: 'Outage' })).statusCode).toBe(200);
    // The server that made the change applies it at once.
    expect(await catalogueCalls(first).publicCountry('NG')).toMatchObject({ enabled: false });
    await vi.waitFor(
      async () => {
        expect(await onSecond.publicCountry('NG')).toMatchObject({ enabled: false });
        expect((await onSecond.detect(SANDBOX_NUMBERS.successful, 'NG')).json()).toEqual(COUNTRY_UNAVAILABLE);
      },
      { timeout: 5_000, interval: 100 },
    );
    expect(Date.now() - started).toBeLessThan(5_000);

    expect((await boss.post('/api/admin/catalogue/countries/NG/enable', { reason: 'Back' })).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await onSecond.detect(SANDBOX_NUMBERS.successful, 'NG')).statusCode).toBe(200), {
      timeout: 5_000,
      interval: 100,
    });
  });
});

describe('the catalogue with Reloadly', () => {
  const reloadly = new FakeReloadly();
  let database: TestDatabase;
  let app: FastifyInstance;
  let boss: Browser;

  beforeAll(async () => {
    await reloadly.start();
    database = await openTestDatabase('pglite');
    app = await buildApp({
      config: testConfig({
        RELOADLY_CLIENT_ID: 'id',
        RELOADLY_CLIENT_SECRET: 'secret',
        RELOADLY_SANDBOX: 'true',
        RELOADLY_API_URL: reloadly.baseUrl,
        RELOADLY_AUTH_URL: reloadly.baseUrl,
      }),
      database,
      reconciler: false,
    });
    boss = await signedInAdmin(app, database.db, 'boss@example.com');
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await reloadly.stop();
  });

  it('shows what Reloadly lists for a country, and its switches apply on top of it', async () => {
    const page = (await boss.get('/api/admin/catalogue/countries/NG')).json() as AdminCatalogueCountryResponse;
    expect(page.provider).toBe('reloadly');
    expect(page.operators.map((operator) => [operator.operatorId, operator.name, operator.denominationType])).toEqual([
      [341, 'MTN Nigeria', 'FIXED'],
      [642, 'Airtel Nigeria', 'RANGE'],
    ]);
    expect(page.operators[0]).toMatchObject({ fixedAmounts: [1.5, 3, 6.9], localFixedAmounts: [2000, 4000, 10000], fxRate: 1450.5 });
    expect(page.operators[1]).toMatchObject({ minAmount: 0.1, maxAmount: 69, fxRate: 1450.5 } satisfies Partial<AdminCatalogueOperator>);

    const colombia = (await boss.get('/api/admin/catalogue/countries/CO')).json() as AdminCatalogueCountryResponse;
    expect(colombia.operators).toEqual([
      expect.objectContaining({ operatorId: 88, name: 'Movistar Colombia', minAmount: 5, maxAmount: 5, fxRate: 2192.1867 }),
    ]);
    const detect = () => app.inject({ method: 'GET', url: `/api/reloadly/operator-detect/${CO_PHONE}/CO` });
    expect((await detect()).statusCode).toBe(200);

    expect((await boss.post('/api/admin/catalogue/countries/co/operators/88/disable', { reason: 'Reloadly delays' })).statusCode).toBe(200);
    expect(
      await database.db.select({ provider: disabledOperators.provider, operatorId: disabledOperators.operatorId }).from(disabledOperators),
    ).toEqual([{ provider: 'reloadly', operatorId: 88 }]);
    expect((await detect()).json()).toEqual(OPERATOR_UNAVAILABLE);

    expect((await boss.post('/api/admin/catalogue/countries/CO/disable', { reason: 'Whole country' })).statusCode).toBe(200);
    const detectionsBefore = reloadly.apiRequests.length;
    expect((await detect()).json()).toEqual(COUNTRY_UNAVAILABLE);
    // A country switched off is refused before Reloadly is asked.
    expect(reloadly.apiRequests.length).toBe(detectionsBefore);
  });

  it('says so when Reloadly does not serve a country', async () => {
    const page = (await boss.get('/api/admin/catalogue/countries/GH')).json() as AdminCatalogueCountryResponse;
    expect(page).toMatchObject({ operators: [], operatorsProblem: 'not_supported' });
    const answer = await boss.post('/api/admin/catalogue/countries/GH/operators/1/disable', { reason: 'x' });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the catalogue’s routes', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ config: testConfig(), database, reconciler: false });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('change nothing for a visitor (401) or a customer (403)', async () => {
    const customer = await signedUpBrowser(app, database.db, 'amina@example.com');
    for (const [browser, status] of [
      [newBrowser(app), 401],
      [customer, 403],
    ] as const) {
      expect((await browser.get('/api/admin/catalogue/countries')).statusCode).toBe(status);
      expect((await browser.post('/api/admin/catalogue/countries/NG/disable', { reason: 'x' })).statusCode).toBe(status);
      expect((await browser.post('/api/admin/catalogue/countries/NG/operators/1/disable', { reason: 'x' })).statusCode).toBe(status);
    }
    const [nigeria] = await database.db.select().from(countries).where(eq(countries.isoName, 'NG'));
    expect(nigeria!.enabled).toBe(true);
    expect(await database.db.select().from(disabledOperators)).toEqual([]);
  });
});
