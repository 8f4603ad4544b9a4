import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * A local stand-in for Reloadly's auth and top-up APIs, answering with the payloads of Reloadly's documentation and
 * recording every request. The contract tests and the adapter benchmark run the real client against it.
 */
// Payloads from Reloadly's documentation, kept verbatim.
export const RANGE_OPERATOR = `{"id":88,"operatorId":88,"name":"Movistar Colombia","bundle":false,"data":false,"pin":false,"supportsLocalAmounts":false,"denominationType":"RANGE","senderCurrencyCode":"USD","senderCurrencySymbol":"$","destinationCurrencyCode":"COP","destinationCurrencySymbol":"$","commission":4.42,"internationalDiscount":4.42,"localDiscount":0.00,"mostPopularAmount":null,"minAmount":5.00,"maxAmount":5.00,"localMinAmount":null,"localMaxAmount":null,"country":{"isoName":"CO","name":"Colombia"},"fx":{"rate":2192.1867,"currencyCode":"COP"},"logoUrls":["https://s3.amazonaws.com/rld-operator/3f4a8bcd3268-size-1.png"],"fixedAmounts":[],"fixedAmountsDescriptions":[],"localFixedAmounts":[],"localFixedAmountsDescriptions":[],"suggestedAmounts":[7,10,15],"suggestedAmountsMap":{"7":19482.51,"10":27832.16,"15":41748.23},"promotions":[]}`;
export const TOPUP_ANSWER = `{"transactionId":4602843,"status":"SUCCESSFUL","operatorTransactionId":"7297929551:OrderConfirmed","customIdentifier":"This is example identifier 130","recipientPhone":"447951631337","recipientEmail":null,"senderPhone":"11231231231","countryCode":"GB","operatorId":535,"operatorName":"EE PIN England","discount":63.37,"discountCurrencyCode":"NGN","requestedAmount":3168.4,"requestedAmountCurrencyCode":"NGN","deliveredAmount":4.9985,"deliveredAmountCurrencyCode":"GBP","transactionDate":"2021-12-06 08:13:39","pinDetail":{"serial":"558111","info1":"DIAL *611","info2":"DIAL *611","info3":"DIAL *611","value":null,"code":"773709733097662","ivr":"1-888-888-8888","validity":"30 days"},"balanceInfo":{"oldBalance":5109.53732,"newBalance":2004.50532,"currencyCode":"NGN","currencyName":"Nigerian Naira","updatedAt":"2021-12-06 13:13:39"}}`;
export const INVALID_PHONE_ERROR = `{"timeStamp":"2022-01-06 18:37:10","message":"Recipient phone number is not valid","path":"/topups","errorCode":"INVALID_RECIPIENT_PHONE","infoLink":null,"details":[]}`;

// A FIXED operator in the documented shape, with descriptions keyed by amount as real payloads have them.
export const FIXED_OPERATOR = {
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
export const LOOSE_OPERATOR = {
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

export const CO_PHONE = '573001234567';
export const NG_PHONE = '2348031234567';
export const LOOSE_PHONE = '2349011111111';
export const UNDETECTABLE_PHONE = '19999999999';
export const NULL_CODE_PHONE = '15550000400';
export const FAILING_PHONE = '15550000500';
export const SLOW_PHONE = '15550000408';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** Answers like Reloadly's auth and top-up APIs and records every request it receives. */
export class FakeReloadly {
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

