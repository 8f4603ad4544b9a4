import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TopupProviderError, type OperatorInfo, type TopupResult } from '../provider';
import { createReloadlyProvider, type ReloadlyOptions } from './client';

// Payloads from Reloadly's documentation, kept verbatim.
const RANGE_OPERATOR = `{"id":88,"operatorId":88,"name":"Movistar Colombia","bundle":false,"data":false,"pin":false,"supportsLocalAmounts":false,"denominationType":"RANGE","senderCurrencyCode":"USD","senderCurrencySymbol":"$","destinationCurrencyCode":"COP","destinationCurrencySymbol":"$","commission":4.42,"internationalDiscount":4.42,"localDiscount":0.00,"mostPopularAmount":null,"minAmount":5.00,"maxAmount":5.00,"localMinAmount":null,"localMaxAmount":null,"country":{"isoName":"CO","name":"Colombia"},"fx":{"rate":2192.1867,"currencyCode":"COP"},"logoUrls":["https://s3.amazonaws.com/rld-operator/3f4a8bcd3268-size-1.png"],"fixedAmounts":[],"fixedAmountsDescriptions":[],"localFixedAmounts":[],"localFixedAmountsDescriptions":[],"suggestedAmounts":[7,10,15],"suggestedAmountsMap":{"7":19482.51,"10":27832.16,"15":41748.23},"promotions":[]}`;
const TOPUP_ANSWER = `{"transactionId":4602843,"status":"SUCCESSFUL","operatorTransactionId":"7297929551:OrderConfirmed","customIdentifier":"This is example identifier 130","recipientPhone":"447951631337","recipientEmail":null,"senderPhone":"11231231231","countryCode":"GB","operatorId":535,"operatorName":"EE PIN England","discount":63.37,"discountCurrencyCode":"NGN","requestedAmount":3168.4,"requestedAmountCurrencyCode":"NGN","deliveredAmount":4.9985,"deliveredAmountCurrencyCode":"GBP","transactionDate":"2021-12-06 08:13:39","pinDetail":{"serial":"558111","info1":"DIAL *611","info2":"DIAL *611","info3":"DIAL *611","value":null,"code":"773709733097662","ivr":"1-888-888-8888","validity":"30 days"},"balanceInfo":{"oldBalance":5109.53732,"newBalance":2004.50532,"currencyCode":"NGN","currencyName":"Nigerian Naira","updatedAt":"2021-12-06 13:13:39"}}`;
const INVALID_PHONE_ERROR = `{"timeStamp":"2022-01-06 18:37:10","message":"Recipient phone number is not valid","path":"/topups","errorCode":"INVALID_RECIPIENT_PHONE","infoLink":null,"details":[]}`;

// A FIXED operator in the documented shape, with descriptions keyed by amount as real payloads have them.
const FIXED_OPERATOR = {
  id: 341,
  operatorId: 341,
  name: 'MTN Nigeria',
  bundle: false,
  data: false,
  pin: false,
  denominationType: 'FIXED',
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'NGN',
  minAmount: null,
  maxAmount: null,
  localMinAmount: null,
  localMaxAmount: null,
  country: { isoName: 'NG', name: 'Nigeria' },
  fx: { rate: 1450.5, currencyCode: 'NGN' },
  logoUrls: ['https://s3.amazonaws.com/rld-operator/mtn-size-1.png', 'https://s3.amazonaws.com/rld-operator/mtn-size-2.png'],
  fixedAmounts: [1.5, 3, 6.9],
  fixedAmountsDescriptions: { '1.50': '2,000 NGN airtime', '3.00': '4,000 NGN airtime', '6.90': '10,000 NGN airtime' },
  localFixedAmounts: [2000, 4000, 10000],
  localFixedAmountsDescriptions: {},
  suggestedAmounts: [],
  suggestedAmountsMap: {},
  promotions: [],
  fees: { international: 0, internationalPercentage: 0, local: 0, localPercentage: 0 },
};

// The same kind of operator as some payloads send it: numeric strings, only `operatorId`, lists missing.
const LOOSE_OPERATOR = {
  operatorId: '642',
  name: 'Airtel Nigeria',
  denominationType: 'RANGE',
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'NGN',
  minAmount: '0.10',
  maxAmount: '69.00',
  country: { isoName: 'NG', name: 'Nigeria' },
  fx: { rate: '1450.50', currencyCode: 'NGN' },
  fixedAmountsDescriptions: [],
  suggestedAmounts: ['5', 10],
  suggestedAmountsMap: { '5': '7252.50', '10': 14505 },
};

const RANGE_OPERATOR_INFO: OperatorInfo = {
  operatorId: 88,
  name: 'Movistar Colombia',
  denominationType: 'RANGE',
  minAmount: 5,
  maxAmount: 5,
  suggestedAmounts: [7, 10, 15],
  suggestedAmountsMap: { '7': 19482.51, '10': 27832.16, '15': 41748.23 },
  fixedAmounts: [],
  localFixedAmounts: [],
  fxRate: 2192.1867,
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'COP',
  country: { name: 'Colombia', isoName: 'CO' },
  logoUrl: 'https://s3.amazonaws.com/rld-operator/3f4a8bcd3268-size-1.png',
};

const TOPUP_RESULT: TopupResult = {
  status: 'SUCCESSFUL',
  transactionId: '4602843',
  operatorName: 'EE PIN England',
  requestedAmount: 3168.4,
  requestedAmountCurrencyCode: 'NGN',
  deliveredAmount: 4.9985,
  deliveredAmountCurrencyCode: 'GBP',
  transactionDate: '2021-12-06 08:13:39',
  customIdentifier: 'This is example identifier 130',
  recipientPhone: '447951631337',
};

const CO_PHONE = '573001234567';
const NG_PHONE = '2348031234567';
const LOOSE_PHONE = '2349011111111';
const UNDETECTABLE_PHONE = '19999999999';
const NULL_CODE_PHONE = '15550000400';
const FAILING_PHONE = '15550000500';
const SLOW_PHONE = '15550000408';

interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Answers like Reloadly's auth and top-up APIs and records every request it receives. */
class FakeReloadly {
  requests: RecordedRequest[] = [];
  expiresIn = 86_400;
  tokenDelayMs = 0;
  /** Every token presented from now on is answered 401 TOKEN_EXPIRED. */
  expireEveryToken = false;
  private issuedTokens: string[] = [];
  private expiredTokens = new Set<string>();
  private server: Server = createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      response.statusCode = 599;
      response.end(String(error));
    });
  });
  baseUrl = '';

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.requests = [];
    this.expiresIn = 86_400;
    this.tokenDelayMs = 0;
    this.expireEveryToken = false;
    this.issuedTokens = [];
    this.expiredTokens.clear();
  }

  expireIssuedTokens() {
    for (const token of this.issuedTokens) this.expiredTokens.add(token);
  }

  get tokenRequests() {
    return this.requests.filter((request) => request.url === '/oauth/token');
  }

  get apiRequests() {
    return this.requests.filter((request) => request.url !== '/oauth/token');
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text === '' ? undefined : JSON.parse(text);
    const url = request.url ?? '';
    const method = request.method ?? '';
    this.requests.push({ method, url, headers: request.headers, body });
    const { pathname, searchParams } = new URL(url, 'http://reloadly.test');
    const reply = (status: number, payload: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    const envelope = (status: number, errorCode: string | null, message: string) =>
      reply(status, { timeStamp: '2022-01-06T18:37:10.000Z', message, path: pathname, errorCode, infoLink: null, details: [] });

    if (method === 'POST' && pathname === '/oauth/token') {
      const credentials = body as { client_secret?: string };
      if (credentials.client_secret !== 'secret') return envelope(401, 'INVALID_CREDENTIALS', 'Invalid credentials');
      await delay(this.tokenDelayMs);
      const token = `token-${this.issuedTokens.length + 1}`;
      this.issuedTokens.push(token);
      return reply(200, { access_token: token, scope: 'send-topups read-operators', expires_in: this.expiresIn, token_type: 'Bearer' });
    }

    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!this.issuedTokens.includes(token)) return envelope(401, 'INVALID_TOKEN', 'Invalid token');
    if (this.expireEveryToken || this.expiredTokens.has(token)) return envelope(401, 'TOKEN_EXPIRED', 'Access token has expired');

    const detection = /^\/operators\/auto-detect\/phone\/([^/]+)\/countries\/([A-Z]{2})$/.exec(pathname);
    if (method === 'GET' && detection) {
      switch (detection[1]) {
        case CO_PHONE:
          return reply(200, RANGE_OPERATOR);
        case NG_PHONE:
          return reply(200, FIXED_OPERATOR);
        case LOOSE_PHONE:
          return reply(200, LOOSE_OPERATOR);
        case NULL_CODE_PHONE:
          return envelope(400, null, 'Phone number is not valid for the given country');
        case FAILING_PHONE:
          return reply(500, { timestamp: '2022-01-06T18:37:10.000+00:00', status: 500, error: 'Internal Server Error', path: pathname });
        case SLOW_PHONE:
          await delay(2_000);
          return reply(200, RANGE_OPERATOR);
        default:
          return envelope(404, 'COULD_NOT_AUTO_DETECT_OPERATOR', 'Could not auto detect operator for given phone number');
      }
    }

    const byCountry = /^\/operators\/countries\/([A-Z]{2})$/.exec(pathname);
    if (method === 'GET' && byCountry) {
      if (byCountry[1] === 'CO') return reply(200, `[${RANGE_OPERATOR}]`);
      if (byCountry[1] === 'NG') return reply(200, [FIXED_OPERATOR, LOOSE_OPERATOR]);
      return envelope(400, 'COUNTRY_NOT_SUPPORTED', 'Country not supported');
    }

    if (method === 'POST' && pathname === '/topups') {
      const topup = body as { recipientPhone?: { number?: string } };
      if (topup.recipientPhone?.number === '447000000000') return reply(400, INVALID_PHONE_ERROR);
      return reply(200, TOPUP_ANSWER);
    }

    const status = /^\/topups\/([^/]+)\/status$/.exec(pathname);
    if (method === 'GET' && status) {
      const transaction = JSON.parse(TOPUP_ANSWER) as Record<string, unknown>;
      switch (status[1]) {
        case '4602843':
          return reply(200, TOPUP_ANSWER);
        case '4602844':
          return reply(200, {
            code: null,
            message: null,
            status: 'PROCESSING',
            transaction: { ...transaction, transactionId: 4602844, status: 'PROCESSING' },
          });
        case '4602845':
          return reply(200, { code: 'REFUNDED', message: 'The transaction was refunded', status: 'REFUNDED', transaction: null });
        default:
          return envelope(404, 'TRANSACTION_NOT_FOUND', 'Transaction not found');
      }
    }

    if (method === 'GET' && pathname === '/topups/reports/transactions') {
      const customIdentifier = searchParams.get('customIdentifier');
      const transaction = JSON.parse(TOPUP_ANSWER) as Record<string, unknown>;
      const page = (content: unknown[]) => reply(200, { content, totalElements: content.length, totalPages: 1, number: 0 });
      if (customIdentifier === 'This is example identifier 130') return page([transaction]);
      if (customIdentifier === 'order-numeric') {
        return page([
          {
            ...transaction,
            transactionId: '4602900',
            customIdentifier: 'order-numeric',
            recipientPhone: 447951631337,
            requestedAmount: '3168.40',
            deliveredAmount: '4.9985',
          },
        ]);
      }
      return page([]);
    }

    return reply(404, { timestamp: '2022-01-06T18:37:10.000+00:00', status: 404, error: 'Not Found', path: pathname });
  }
}

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

async function providerError(promise: Promise<unknown>): Promise<TopupProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(TopupProviderError);
  return error as TopupProviderError;
}

beforeAll(() => fake.start());
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

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
    expect(fake.apiRequests.map((request) => request.headers.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
    ]);
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

  it('reads a FIXED operator: no range, fixed amounts in both currencies, descriptions object ignored', async () => {
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
      fxRate: 1450.5,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      country: { name: 'Nigeria', isoName: 'NG' },
      logoUrl: 'https://s3.amazonaws.com/rld-operator/mtn-size-1.png',
    } satisfies OperatorInfo);
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
      fxRate: 1450.5,
      senderCurrencyCode: 'USD',
      destinationCurrencyCode: 'NGN',
      country: { name: 'Nigeria', isoName: 'NG' },
      logoUrl: null,
    } satisfies OperatorInfo);
  });

  it('turns COULD_NOT_AUTO_DETECT_OPERATOR into an error with that code, message and status', async () => {
    const error = await providerError(provider().detectOperator(UNDETECTABLE_PHONE, 'US'));
    expect(error).toMatchObject({
      code: 'COULD_NOT_AUTO_DETECT_OPERATOR',
      message: 'Could not auto detect operator for given phone number',
      status: 404,
      retryable: false,
    });
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

  it('reports a Spring-style 404 from an unknown path as NOT_FOUND', async () => {
    const error = await providerError(provider({ apiUrl: `${fake.baseUrl}/v0` }).detectOperator(CO_PHONE, 'CO'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, retryable: false });
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

  it('reports COUNTRY_NOT_SUPPORTED', async () => {
    const error = await providerError(provider().operatorsByCountry('AQ'));
    expect(error).toMatchObject({ code: 'COUNTRY_NOT_SUPPORTED', status: 400, message: 'Country not supported' });
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

  it('turns the documented error envelope into an error with its code and message', async () => {
    const error = await providerError(
      provider().sendTopup({ ...request, recipientPhone: { countryCode: 'GB', number: '447000000000' } }),
    );
    expect(error).toMatchObject({
      code: 'INVALID_RECIPIENT_PHONE',
      message: 'Recipient phone number is not valid',
      status: 400,
      retryable: false,
    });
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
    await expect(provider().topupStatus('4602845')).resolves.toEqual({
      status: 'REFUNDED',
      transactionId: null,
      operatorName: null,
      requestedAmount: null,
      requestedAmountCurrencyCode: null,
      deliveredAmount: null,
      deliveredAmountCurrencyCode: null,
      transactionDate: null,
      customIdentifier: null,
      recipientPhone: null,
    } satisfies TopupResult);
  });

  it('answers null for a transaction Reloadly does not know', async () => {
    await expect(provider().topupStatus('999')).resolves.toBeNull();
  });

  it('throws instead of answering null when the path itself is unknown', async () => {
    const error = await providerError(provider({ apiUrl: `${fake.baseUrl}/v0` }).topupStatus('4602843'));
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });
});

describe('findTopupByCustomIdentifier', () => {
  it('finds the top-up sent with an identifier', async () => {
    await expect(provider().findTopupByCustomIdentifier('This is example identifier 130')).resolves.toEqual(TOPUP_RESULT);
    expect(fake.apiRequests.map((request) => request.url)).toEqual([
      '/topups/reports/transactions?customIdentifier=This%20is%20example%20identifier%20130',
    ]);
  });

  it('answers null when the report is empty', async () => {
    await expect(provider().findTopupByCustomIdentifier('order-never-sent')).resolves.toBeNull();
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
