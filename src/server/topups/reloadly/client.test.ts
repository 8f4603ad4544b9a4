import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { topupProviderContract } from '../../../../tests/contracts/topup-provider';
import {
  BUNDLE_PHONE,
  CO_PHONE,
  FAILING_PHONE,
  FakeReloadly,
  LOOSE_PHONE,
  NG_PHONE,
  NULL_CODE_PHONE,
  PIN_PHONE,
  RANGE_OPERATOR,
  SLOW_PHONE,
  TOPUP_NUMBERS,
  UNDETECTABLE_PHONE,
  DOCUMENTED_PROMOTION,
} from '../../../../tests/fakes/reloadly';
import { rejectionOf } from '../../testing/rejections';
import { bareTopupResult, TopupProviderError, type ProviderOperator, type TopupResult } from '../provider';
import { createReloadlyProvider, type ReloadlyOptions } from './client';
import { readPromotion } from './parse';

const RANGE_OPERATOR_INFO: ProviderOperator = {
  operatorId: 88,
  name: 'Movistar Colombia',
  denominationType: 'RANGE',
  minAmount: 5,
  maxAmount: 5,
  suggestedAmounts: [7, 10, 15],
  suggestedAmountsMap: { '7': 19482.51, '10': 27832.16, '15': 41748.23 },
  fixedAmounts: [],
  localFixedAmounts: [],
  amountDescriptions: {},
  bundle: false,
  data: false,
  pin: false,
  fxRate: 2192.1867,
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'COP',
  country: { name: 'Colombia', isoName: 'CO' },
  logoUrl: 'https://s3.amazonaws.com/rld-operator/3f4a8bcd3268-size-1.png',
  // Reloadly's `commission`, kept for the server's cost and margin figures.
  commissionPercent: 4.42,
};

const TOPUP_RESULT: TopupResult = {
  status: 'SUCCESSFUL',
  transactionId: '4602843',
  operatorTransactionId: '7297929551:OrderConfirmed',
  operatorName: 'EE PIN England',
  requestedAmount: 3168.4,
  requestedAmountCurrencyCode: 'NGN',
  deliveredAmount: 4.9985,
  deliveredAmountCurrencyCode: 'GBP',
  transactionDate: '2021-12-06 08:13:39',
  customIdentifier: 'This is example identifier 130',
  recipientPhone: '447951631337',
  discount: 63.37,
  discountCurrencyCode: 'NGN',
  balance: { oldBalance: 5109.53732, newBalance: 2004.50532, currencyCode: 'NGN' },
  pin: {
    serial: '558111',
    info1: 'DIAL *611',
    info2: 'DIAL *611',
    info3: 'DIAL *611',
    value: null,
    code: '773709733097662',
    ivr: '1-888-888-8888',
    validity: '30 days',
  },
};

const fake = new FakeReloadly();

function provider(overrides: Partial<ReloadlyOptions> = {}) {
  return createReloadlyProvider({
    clientId: 'client',
    clientSecret: 'secret',
    sandbox: true,
    authUrl: fake.baseUrl,
    apiUrl: fake.baseUrl,
    ...overrides,
  });
}

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, TopupProviderError);

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

describe('Reloadly client over the local Reloadly', () => {
  topupProviderContract(() => ({
    provider: provider(),
    recipient: { countryCode: 'NG', number: NG_PHONE, operatorId: 341, amount: 3 },
    refusedNumber: TOPUP_NUMBERS.invalid,
    answerLostNumber: TOPUP_NUMBERS.serverError,
    undetectableNumber: UNDETECTABLE_PHONE,
    unservedCountry: 'AQ',
    statedStatus: 'UNKNOWN',
  }));
});

describe('Reloadly access token', () => {
  it('asks for a sandbox token once with the client credentials and reuses it', async () => {
    const reloadly = provider({ sandbox: true });
    await reloadly.detectOperator(CO_PHONE, 'CO');
    await reloadly.detectOperator(CO_PHONE, 'CO');

    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.tokenRequests[0]!.method).toBe('POST');
    expect(fake.tokenRequests[0]!.headers['content-type']).toBe('application/json');
    expect(fake.tokenRequests[0]!.body).toEqual({
      client_id: 'client',
      client_secret: 'secret',
      grant_type: 'client_credentials',
      audience: 'https://topups-sandbox.reloadly.com',
    });
  });

  it('asks for a live token with the live audience', async () => {
    await provider({ sandbox: false }).detectOperator(CO_PHONE, 'CO');
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.tokenRequests[0]!.body).toEqual({
      client_id: 'client',
      client_secret: 'secret',
      grant_type: 'client_credentials',
      audience: 'https://topups.reloadly.com',
    });
  });

  it('talks to the sandbox or live hosts when no URLs are given', async () => {
    const urls: string[] = [];
    const recordingFetch: typeof fetch = async (input) => {
      const url = String(input);
      urls.push(url);
      const body = url.endsWith('/oauth/token') ? JSON.stringify({ access_token: 't', expires_in: 3600 }) : RANGE_OPERATOR;
      return new Response(body, { status: 200 });
    };
    const detection = '/operators/auto-detect/phone/573001234567/countries/CO?suggestedAmountsMap=true&suggestedAmounts=true';

    await createReloadlyProvider({ clientId: 'c', clientSecret: 's', sandbox: true, fetch: recordingFetch }).detectOperator(CO_PHONE, 'CO');
    await createReloadlyProvider({ clientId: 'c', clientSecret: 's', sandbox: false, fetch: recordingFetch }).detectOperator(CO_PHONE, 'CO');

    expect(urls).toEqual([
      'https://auth.reloadly.com/oauth/token',
      `https://topups-sandbox.reloadly.com${detection}`,
      'https://auth.reloadly.com/oauth/token',
      `https://topups.reloadly.com${detection}`,
    ]);
  });

  it('renews the token one minute before it expires', async () => {
    let clock = 1_000_000;
    fake.expiresIn = 3600;
    const reloadly = provider({ now: () => clock });
    await reloadly.detectOperator(CO_PHONE, 'CO');

    clock += 3600_000 - 61_000;
    await reloadly.detectOperator(CO_PHONE, 'CO');
    expect(fake.tokenRequests).toHaveLength(1);

    clock += 2_000;
    await reloadly.detectOperator(CO_PHONE, 'CO');
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.apiRequests.at(-1)!.headers.authorization).toBe('Bearer token-2');
  });

  it('shares one token request between concurrent first calls', async () => {
    fake.tokenDelayMs = 50;
    const reloadly = provider();
    const operators = await Promise.all([
      reloadly.detectOperator(CO_PHONE, 'CO'),
      reloadly.detectOperator(NG_PHONE, 'NG'),
      reloadly.operatorsByCountry('CO'),
      reloadly.detectOperator(CO_PHONE, 'CO'),
    ]);

    expect(operators).toHaveLength(4);
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.apiRequests).toHaveLength(4);
    expect(fake.apiRequests.every((request) => request.headers.authorization === 'Bearer token-1')).toBe(true);
  });

  it('fetches one new token and retries once when the token expired mid-session', async () => {
    const reloadly = provider();
    await reloadly.detectOperator(CO_PHONE, 'CO');
    fake.expireIssuedTokens();

    await expect(reloadly.detectOperator(CO_PHONE, 'CO')).resolves.toEqual(RANGE_OPERATOR_INFO);

    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.apiRequests.map((request) => request.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
    await reloadly.detectOperator(CO_PHONE, 'CO');
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('gives up after the renewed token is rejected too, without looping', async () => {
    const reloadly = provider();
    fake.expireEveryToken = true;

    const error = await providerError(reloadly.detectOperator(CO_PHONE, 'CO'));

    expect(error).toMatchObject({ code: 'TOKEN_EXPIRED', status: 401, retryable: false, message: 'Access token has expired' });
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.apiRequests).toHaveLength(2);
  });

  it('reports bad credentials without calling the API', async () => {
    const error = await providerError(provider({ clientSecret: 'wrong' }).detectOperator(CO_PHONE, 'CO'));
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', status: 401, retryable: false, message: 'Invalid credentials' });
    expect(fake.apiRequests).toHaveLength(0);
  });
});

describe('detectOperator', () => {
  it('asks the auto-detect endpoint with the exact path, query and headers', async () => {
    const operator = await provider().detectOperator(CO_PHONE, 'co');

    expect(operator).toEqual(RANGE_OPERATOR_INFO);
    expect(fake.apiRequests).toHaveLength(1);
    const [request] = fake.apiRequests;
    expect(request!.method).toBe('GET');
    expect(request!.url).toBe('/operators/auto-detect/phone/573001234567/countries/CO?suggestedAmountsMap=true&suggestedAmounts=true');
    expect(request!.headers.accept).toBe('application/com.reloadly.topups-v1+json');
    expect(request!.headers.authorization).toBe('Bearer token-1');
    expect(request!.headers['content-type']).toBeUndefined();
  });

  it('makes exactly one upstream call per detection once the token is cached', async () => {
    const reloadly = provider();
    for (let i = 0; i < 3; i += 1) await reloadly.detectOperator(CO_PHONE, 'CO');
    await reloadly.detectOperator(NG_PHONE, 'NG');

    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.apiRequests).toHaveLength(4);
    expect(fake.requests[0]!.url).toBe('/oauth/token');
  });

  it('reads a FIXED operator: no range, fixed amounts in both currencies, descriptions keyed by amount', async () => {
    await expect(provider().detectOperator(NG_PHONE, 'NG')).resolves.toEqual({
      operatorId: 341,
      name: 'MTN Nigeria',
      denominationType: 'FIXED',
      minAmount: null,
      maxAmount: null,
      suggestedAmounts: [],
      suggestedAmountsMap: {},
      fixedAmounts: [1.5, 3, 6.9],
      localFixedAmounts: [2000, 4000, 10000],
      amountDescriptions: { '1.50': '2,000 NGN airtime', '3.00': '4,000 NGN airtime', '6.90': '10,000 NGN airtime' },
      bundle: false,
      data: false,
      pin: false,
      fxRate: 1450.5,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      country: { name: 'Nigeria', isoName: 'NG' },
      logoUrl: 'https://s3.amazonaws.com/rld-operator/mtn-size-1.png',
      commissionPercent: 9.5,
    } satisfies ProviderOperator);
  });

  it('accepts numeric strings, operatorId without id and missing lists', async () => {
    await expect(provider().detectOperator(LOOSE_PHONE, 'NG')).resolves.toEqual({
      operatorId: 642,
      name: 'Airtel Nigeria',
      denominationType: 'RANGE',
      minAmount: 0.1,
      maxAmount: 69,
      suggestedAmounts: [5, 10],
      suggestedAmountsMap: { '5': 7252.5, '10': 14505 },
      fixedAmounts: [],
      localFixedAmounts: [],
      amountDescriptions: {},
      bundle: false,
      data: false,
      pin: false,
      fxRate: 1450.5,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      country: { name: 'Nigeria', isoName: 'NG' },
      logoUrl: null,
      commissionPercent: 6.25,
    } satisfies ProviderOperator);
  });

  it('keeps the message of an error envelope whose errorCode is null', async () => {
    const error = await providerError(provider().detectOperator(NULL_CODE_PHONE, 'US'));
    expect(error).toMatchObject({
      code: 'UPSTREAM_ERROR',
      message: 'Phone number is not valid for the given country',
      status: 400,
      retryable: false,
    });
  });

  it('reports the framework 404 of an unknown path ("No message available") as NOT_FOUND, to be retried', async () => {
    const error = await providerError(provider({ apiUrl: `${fake.baseUrl}/v0` }).detectOperator(CO_PHONE, 'CO'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, retryable: true, notSent: false });
    expect(error.message).toContain('/v0/operators/auto-detect/phone/573001234567/countries/CO');
  });

  it('marks a 500 as retryable', async () => {
    const error = await providerError(provider().detectOperator(FAILING_PHONE, 'US'));
    expect(error).toMatchObject({ code: 'UPSTREAM_ERROR', status: 500, retryable: true });
  });

  it('gives up on a slow answer after the timeout, retryable', async () => {
    const started = Date.now();
    const error = await providerError(provider({ timeoutMs: 100 }).detectOperator(SLOW_PHONE, 'US'));
    expect(error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 502, retryable: true });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reports an unreachable host as UPSTREAM_UNAVAILABLE, retryable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const error = await providerError(provider({ apiUrl: deadUrl }).detectOperator(CO_PHONE, 'CO'));
    expect(error).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 502, retryable: true });
  });

  it('rejects an answer it cannot read instead of guessing', async () => {
    const brokenFetch: typeof fetch = async (input) =>
      String(input).endsWith('/oauth/token')
        ? new Response(JSON.stringify({ access_token: 't', expires_in: 3600 }))
        : new Response(JSON.stringify({ id: 1, denominationType: 'RANGE' }));
    const error = await providerError(
      createReloadlyProvider({ clientId: 'c', clientSecret: 's', sandbox: true, fetch: brokenFetch }).detectOperator(CO_PHONE, 'CO'),
    );
    expect(error).toMatchObject({ code: 'UPSTREAM_INVALID_RESPONSE', status: 502, retryable: false });
  });
});

describe('bundles and PIN products', () => {
  it('reads a bundle: its plans by amount, no local amounts, and its rate of 1 kept as Reloadly gives it', async () => {
    const bundle = await provider().detectOperator(BUNDLE_PHONE, 'HT');
    expect(bundle).toMatchObject({
      bundle: true,
      data: true,
      pin: false,
      fixedAmounts: [5, 10],
      localFixedAmounts: [],
      amountDescriptions: { '5.00': 'Small Plan - 2GB, 7 Days', '10.00': 'Medium Plan - 6GB, 15 Days' },
      fxRate: 1,
    });
  });

  it('reads a PIN operator and the pinDetail of its top-up, numbers as text', async () => {
    const operator = await provider().detectOperator(PIN_PHONE, 'US');
    expect(operator.pin).toBe(true);
    const result = await provider().sendTopup({
      operatorId: operator.operatorId,
      amount: 10,
      useLocalAmount: false,
      customIdentifier: 'order-pin',
      recipientPhone: { countryCode: 'US', number: PIN_PHONE },
    });
    expect(result.pin).toEqual({
      serial: '558111',
      info1: 'DIAL *611',
      info2: 'DIAL *611',
      info3: 'DIAL *611',
      value: null,
      code: '773709733097662',
      ivr: '1-888-888-8888',
      validity: '30 days',
    });
  });
});

describe('operatorsByCountry', () => {
  it('lists the operators of a country from the exact path and query', async () => {
    const operators = await provider().operatorsByCountry('NG');
    expect(fake.apiRequests.map((request) => request.url)).toEqual(['/operators/countries/NG?suggestedAmounts=true&suggestedAmountsMap=true']);
    expect(operators.map((operator) => [operator.operatorId, operator.denominationType])).toEqual([
      [341, 'FIXED'],
      [642, 'RANGE'],
    ]);
    await expect(provider().operatorsByCountry('CO')).resolves.toEqual([RANGE_OPERATOR_INFO]);
  });
});

describe('promotionsByCountry', () => {
  it("asks for the country's promotions and reads Reloadly's documented one: its HTML as text, its zoneless dates as UTC", async () => {
    const promotions = await provider().promotionsByCountry('sv');
    expect(fake.apiRequests.map((request) => request.url)).toEqual(['/promotions/country-codes/SV']);
    expect(promotions).toEqual([
      {
        promotionId: DOCUMENTED_PROMOTION.promotionId,
        operatorId: 173,
        title: DOCUMENTED_PROMOTION.title,
        title2: 'Bonus 5x',
        description: 'Recharge USD 5 or more and get 5x & free alert(1)WhatsApp.',
        startsAt: '2020-02-07T11:00:00.000Z',
        endsAt: '2021-01-01T05:59:00.000Z',
        denominations: 'USD 5 and up',
        localDenominations: 'USD 5 and up',
      },
    ]);
  });

  it('reads the same dates in the zone RELOADLY_PROMOTION_UTC_OFFSET names, the other reading of a zoneless date', async () => {
    const [promotion] = await provider({ promotionUtcOffset: '-06:00' }).promotionsByCountry('SV');
    expect(promotion).toMatchObject({ startsAt: '2020-02-07T17:00:00.000Z', endsAt: '2021-01-01T11:59:00.000Z' });
  });

  it('reads a page of promotions with numeric strings, leaving out an entry it cannot read', async () => {
    const promotions = await provider().promotionsByCountry('NG');
    expect(promotions).toEqual([
      expect.objectContaining({ promotionId: 9101, operatorId: 341, title2: null, description: null, denominations: 'USD 10 and up' }),
    ]);
  });

  it("answers none for a country without promotions, empty or Reloadly's 404, but fails on a bare 404", async () => {
    expect(await provider().promotionsByCountry('CO')).toEqual([]);
    expect(await provider().promotionsByCountry('AQ')).toEqual([]);
    const error = await providerError(provider({ apiUrl: `${fake.baseUrl}/wrong` }).promotionsByCountry('NG'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', retryable: true });
  });

  it('caps a long provider text and removes the bidi controls that would reorder the page around it', () => {
    const long = 'Bonus '.repeat(100);
    const read = readPromotion({ ...DOCUMENTED_PROMOTION, title: `\u202eevil\u202c ${long}`, description: long.repeat(3) }, '+00:00');
    expect(read!.title.startsWith(' ')).toBe(false);
    expect(read!.title).not.toMatch(/[\u202a-\u202e]/);
    expect([...read!.title].length).toBeLessThanOrEqual(160);
    expect(read!.title.endsWith('…')).toBe(true);
    expect([...read!.description!].length).toBeLessThanOrEqual(600);
  });
});

describe('sendTopup', () => {
  const request = {
    operatorId: 535,
    amount: 5.5,
    useLocalAmount: false,
    customIdentifier: 'order-7f3c',
    recipientPhone: { countryCode: 'GB', number: '447951631337' },
  } as const;

  it('posts the documented body and reads the answer', async () => {
    await expect(provider().sendTopup(request)).resolves.toEqual(TOPUP_RESULT);

    expect(fake.apiRequests).toHaveLength(1);
    const [sent] = fake.apiRequests;
    expect(sent!.method).toBe('POST');
    expect(sent!.url).toBe('/topups');
    expect(sent!.headers['content-type']).toBe('application/json');
    expect(sent!.headers.accept).toBe('application/com.reloadly.topups-v1+json');
    expect(sent!.body).toEqual({
      operatorId: 535,
      amount: 5.5,
      useLocalAmount: false,
      customIdentifier: 'order-7f3c',
      recipientPhone: { countryCode: 'GB', number: '447951631337' },
    });
  });

  it('reads the answer Reloadly recorded without a status as a top-up made whose status is unknown', async () => {
    const result = await provider().sendTopup({
      ...request,
      operatorId: 341,
      customIdentifier: 'order-recorded',
      recipientPhone: { countryCode: 'NG', number: '2348031234567' },
    });
    expect(result).toMatchObject({
      status: 'UNKNOWN',
      transactionId: '7000001',
      operatorTransactionId: 'OP-7000001',
      customIdentifier: 'order-recorded',
      requestedAmount: 5.5,
      requestedAmountCurrencyCode: 'USD',
      discount: 0.31,
      balance: { oldBalance: 120.5, newBalance: 115.81, currencyCode: 'USD' },
      pin: null,
    });
  });

  it('reads a status it does not know as UNKNOWN, not as a failure', async () => {
    const result = await provider().sendTopup({
      ...request,
      customIdentifier: 'order-new-status',
      recipientPhone: { countryCode: 'NG', number: TOPUP_NUMBERS.newStatus },
    });
    expect(result.status).toBe('UNKNOWN');
  });

  it('reports a 200 it cannot read as an error that does not say the top-up was not made', async () => {
    const error = await providerError(
      provider().sendTopup({
        ...request,
        customIdentifier: 'order-unreadable',
        recipientPhone: { countryCode: 'NG', number: TOPUP_NUMBERS.unreadable },
      }),
    );
    expect(error).toMatchObject({ code: 'UPSTREAM_INVALID_RESPONSE', notSent: false });
  });

  it('renews the token once on a 401 whose errorCode is null', async () => {
    const reloadly = provider();
    await reloadly.detectOperator(CO_PHONE, 'CO');
    fake.nullCodeRejections = 1;
    await expect(reloadly.detectOperator(CO_PHONE, 'CO')).resolves.toMatchObject({ operatorId: 88 });
    expect(fake.tokenRequests).toHaveLength(2);
    fake.nullCodeRejections = 5;
    const error = await providerError(reloadly.detectOperator(CO_PHONE, 'CO'));
    expect(error.status).toBe(401);
    expect(fake.tokenRequests).toHaveLength(3);
  });
});

describe('topupStatus', () => {
  it('reads the flat transaction shape', async () => {
    await expect(provider().topupStatus('4602843')).resolves.toEqual(TOPUP_RESULT);
    expect(fake.apiRequests.map((request) => request.url)).toEqual(['/topups/4602843/status']);
  });

  it('reads the wrapped shape', async () => {
    await expect(provider().topupStatus('4602844')).resolves.toEqual({
      ...TOPUP_RESULT,
      status: 'PROCESSING',
      transactionId: '4602844',
    });
  });

  it('reads a REFUNDED wrapper whose transaction is null', async () => {
    await expect(provider().topupStatus('4602845')).resolves.toEqual(bareTopupResult('REFUNDED'));
  });

  it('throws instead of answering null when the path itself is unknown (a 404 with "No message available")', async () => {
    const error = await providerError(provider({ apiUrl: `${fake.baseUrl}/v0` }).topupStatus('4602843'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, retryable: true });
  });

  it('takes a 404 in Reloadly\'s envelope with a null errorCode for an error, not for "unknown transaction"', async () => {
    const envelopeWithoutCode: typeof fetch = async (input) =>
      String(input).endsWith('/oauth/token')
        ? new Response(JSON.stringify({ access_token: 't', expires_in: 3600 }))
        : new Response(
            JSON.stringify({
              timeStamp: '2021-06-14 10:22:31',
              message: 'Not found',
              path: '/topups/1/status',
              errorCode: null,
              infoLink: null,
              details: [],
            }),
            { status: 404 },
          );
    const error = await providerError(
      createReloadlyProvider({ clientId: 'c', clientSecret: 's', sandbox: true, fetch: envelopeWithoutCode }).topupStatus('1'),
    );
    expect(error).toMatchObject({ code: 'NOT_FOUND', retryable: true });
  });
});

describe('findTopupByCustomIdentifier', () => {
  it('finds the top-up sent with an identifier', async () => {
    await expect(provider().findTopupByCustomIdentifier('This is example identifier 130')).resolves.toEqual(TOPUP_RESULT);
    expect(fake.apiRequests.map((request) => request.url)).toEqual([
      '/topups/reports/transactions?customIdentifier=This%20is%20example%20identifier%20130',
    ]);
  });

  it('throws on a page it cannot read instead of answering "none"', async () => {
    fake.unreadableReports = true;
    const error = await providerError(provider().findTopupByCustomIdentifier('order-lost'));
    expect(error.code).toBe('UPSTREAM_INVALID_RESPONSE');
  });

  it('turns a numeric phone into a string and string amounts into numbers', async () => {
    await expect(provider().findTopupByCustomIdentifier('order-numeric')).resolves.toEqual({
      ...TOPUP_RESULT,
      transactionId: '4602900',
      customIdentifier: 'order-numeric',
      recipientPhone: '447951631337',
      requestedAmount: 3168.4,
      deliveredAmount: 4.9985,
    });
  });
});
