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

/**
 * The top-up answer as Reloadly recorded it in 2021 (its SDKs' test resources): no `status` field, the transaction
 * date as "YYYY-MM-DD hh:mm:ss", the wallet's balance before and after. Fields are Reloadly's; values are ours.
 */
export function recordedTopupAnswer(fields: {
  transactionId: number;
  customIdentifier: string;
  recipientPhone: string;
  operatorId: number;
  operatorName: string;
  amount: number;
}) {
  return {
    transactionId: fields.transactionId,
    operatorTransactionId: `OP-${fields.transactionId}`,
    customIdentifier: fields.customIdentifier,
    recipientPhone: fields.recipientPhone,
    countryCode: 'NG',
    operatorId: fields.operatorId,
    operatorName: fields.operatorName,
    discount: 0.31,
    discountCurrencyCode: 'USD',
    requestedAmount: fields.amount,
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: Math.round(fields.amount * 1450.5 * 100) / 100,
    deliveredAmountCurrencyCode: 'NGN',
    transactionDate: '2021-06-14 10:22:31',
    pinDetail: null,
    balanceInfo: { oldBalance: 120.5, newBalance: 115.81, currencyCode: 'USD', currencyName: 'US Dollar', updatedAt: '2021-06-14 14:22:31' },
  };
}

/** The 401 Reloadly's docs show: its envelope with a null errorCode, INVALID_TOKEN only in infoLink. */
export const NULL_CODE_UNAUTHORIZED = {
  timeStamp: '2021-06-14 10:22:31',
  message: 'Full authentication is required to access this resource',
  path: '/topups',
  errorCode: null,
  infoLink: 'INVALID_TOKEN',
  details: [],
};

/** A data bundle as Reloadly lists one: no local amounts, a rate of 1, a described plan per amount. */
export const BUNDLE_OPERATOR = {
  id: 1158,
  operatorId: 1158,
  name: 'Digicel Haiti Data',
  bundle: true,
  data: true,
  pin: false,
  comboProduct: false,
  supportsLocalAmounts: false,
  denominationType: 'FIXED',
  senderCurrencyCode: 'USD',
  destinationCurrencyCode: 'HTG',
  minAmount: null,
  maxAmount: null,
  localMinAmount: null,
  localMaxAmount: null,
  country: { isoName: 'HT', name: 'Haiti' },
  fx: { rate: 1, currencyCode: 'HTG' },
  logoUrls: [],
  fixedAmounts: [5, 10],
  fixedAmountsDescriptions: { '5.00': 'Small Plan - 2GB, 7 Days', '10.00': 'Medium Plan - 6GB, 15 Days' },
  localFixedAmounts: [],
  localFixedAmountsDescriptions: {},
  suggestedAmounts: [],
  suggestedAmountsMap: {},
  fees: { international: 0, local: 0, localPercentage: 0, internationalPercentage: 0 },
  geographicalRechargePlans: [],
  promotions: [],
};

/** A PIN product as Reloadly lists one. */
export const PIN_OPERATOR = {
  ...BUNDLE_OPERATOR,
  id: 535,
  operatorId: 535,
  name: 'Access Wireless PIN USA',
  bundle: false,
  data: false,
  pin: true,
  destinationCurrencyCode: 'USD',
  country: { isoName: 'US', name: 'United States' },
  fx: { rate: 1, currencyCode: 'USD' },
  fixedAmounts: [10, 25],
  fixedAmountsDescriptions: {},
  localFixedAmounts: [10, 25],
};

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
  commission: 9.5,
  internationalDiscount: 9.5,
  localDiscount: 0,
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
  commission: '6.25',
  country: { isoName: 'NG', name: 'Nigeria' },
  fx: { rate: '1450.50', currencyCode: 'NGN' },
  fixedAmountsDescriptions: [],
  suggestedAmounts: ['5', 10],
  suggestedAmountsMap: { '5': '7252.50', '10': 14505 },
};

/**
 * A promotion in the shape Reloadly documents (docs/decisions/069-operator-promotions-shown-as-the-operators-own.md):
 * its dates carry no zone, its description is HTML, and its title repeats the dates in the operator's own zone.
 */
export const DOCUMENTED_PROMOTION = {
  promotionId: 5665,
  operatorId: 173,
  title: 'Digicel El Salvador From 07 Feb 2020 00:00 To 31 Dec 2020 23:59 (GMT-06:00)',
  title2: 'Bonus 5x',
  description: '<p>Recharge <b>USD 5</b> or more and get 5x &amp; free <script>alert(1)</script>WhatsApp.</p>',
  startDate: '2020-02-07 11:00:00',
  endDate: '2021-01-01 05:59:00',
  denominations: 'USD 5 and up',
  localDenominations: 'USD 5 and up',
};

/** Nigeria's promotions as a page (`content`), ids as numeric strings, beside an entry that cannot be read. */
export const NIGERIA_PROMOTIONS_PAGE = {
  content: [
    {
      promotionId: '9101',
      operatorId: '341',
      title: 'MTN Nigeria double data on $10 and more',
      title2: null,
      description: null,
      startDate: '2021-06-01 00:00:00',
      endDate: '2021-06-30 23:59:00',
      denominations: 'USD 10 and up',
      localDenominations: null,
    },
    { promotionId: 9102, operatorId: 341, title: 'Dateless', startDate: 'soon', endDate: null },
  ],
  totalElements: 2,
  totalPages: 1,
  number: 0,
  size: 20,
};

export const CO_PHONE = '573001234567';
export const NG_PHONE = '2348031234567';
export const LOOSE_PHONE = '2349011111111';
export const UNDETECTABLE_PHONE = '19999999999';
export const NULL_CODE_PHONE = '15550000400';
export const FAILING_PHONE = '15550000500';
export const SLOW_PHONE = '15550000408';
export const BUNDLE_PHONE = '50937999123';
export const PIN_PHONE = '15550000535';

/** Recipient numbers whose POST /topups the fake answers in a particular way. */
export const TOPUP_NUMBERS = {
  /** The docs' current example, with `status`. */
  documented: '447951631337',
  invalid: '447000000000',
  /** 200 with a body that is not a top-up at all; the top-up is made all the same. */
  unreadable: '2348030000200',
  /** 200 with a status value nobody has seen. */
  newStatus: '2348030000201',
  /** The framework's 500; the top-up is made all the same. */
  serverError: '2348030000500',
} as const;

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
  /** The next API calls answered with Reloadly's 401 whose errorCode is null. */
  nullCodeRejections = 0;
  /** Report pages answered without `content` (a shape we cannot read). */
  unreadableReports = false;
  /** Top-ups made, by customIdentifier, as the status and report calls find them. */
  topups = new Map<string, { transactionId: number; status: string; answer: Record<string, unknown> }>();
  private nextTransactionId = 7_000_001;
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
    this.nullCodeRejections = 0;
    this.unreadableReports = false;
    this.topups.clear();
    this.nextTransactionId = 7_000_001;
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
    if (this.nullCodeRejections > 0) {
      this.nullCodeRejections--;
      this.expiredTokens.add(token);
      return reply(401, { ...NULL_CODE_UNAUTHORIZED, path: pathname });
    }

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
        case BUNDLE_PHONE:
          return reply(200, BUNDLE_OPERATOR);
        case PIN_PHONE:
          return reply(200, PIN_OPERATOR);
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

    const promotions = /^\/promotions\/country-codes\/([A-Z]{2})$/.exec(pathname);
    if (method === 'GET' && promotions) {
      if (promotions[1] === 'SV') return reply(200, [DOCUMENTED_PROMOTION]);
      if (promotions[1] === 'NG') return reply(200, NIGERIA_PROMOTIONS_PAGE);
      if (promotions[1] === 'CO') return reply(200, []);
      return envelope(404, 'PROMOTION_NOT_FOUND', 'No promotions found');
    }

    if (method === 'POST' && pathname === '/topups') {
      const topup = body as { operatorId?: number; amount?: number; customIdentifier?: string; recipientPhone?: { number?: string } };
      const number = topup.recipientPhone?.number ?? '';
      if (number === TOPUP_NUMBERS.invalid) return reply(400, INVALID_PHONE_ERROR);
      if (number === TOPUP_NUMBERS.documented) return reply(200, TOPUP_ANSWER);
      const customIdentifier = topup.customIdentifier ?? '';
      if (this.topups.has(customIdentifier)) return envelope(400, 'CUSTOM_IDENTIFIER_ALREADY_USED', 'Custom identifier already used');
      const transactionId = this.nextTransactionId++;
      const isPin = topup.operatorId === PIN_OPERATOR.operatorId;
      const answer: Record<string, unknown> = {
        ...recordedTopupAnswer({
          transactionId,
          customIdentifier,
          recipientPhone: number,
          operatorId: topup.operatorId ?? 0,
          operatorName: isPin ? PIN_OPERATOR.name : 'MTN Nigeria',
          amount: topup.amount ?? 0,
        }),
        ...(isPin
          ? {
              pinDetail: {
                serial: 558111,
                info1: 'DIAL *611',
                info2: 'DIAL *611',
                info3: 'DIAL *611',
                value: null,
                code: 773709733097662,
                ivr: '1-888-888-8888',
                validity: '30 days',
              },
            }
          : {}),
      };
      this.topups.set(customIdentifier, { transactionId, status: 'SUCCESSFUL', answer });
      if (number === TOPUP_NUMBERS.unreadable) return reply(200, { accepted: true });
      if (number === TOPUP_NUMBERS.newStatus) return reply(200, { ...answer, status: 'PENDING_OPERATOR' });
      if (number === TOPUP_NUMBERS.serverError)
        return reply(500, {
          timestamp: '2021-06-14T10:22:31.000+00:00',
          status: 500,
          error: 'Internal Server Error',
          message: 'No message available',
          path: pathname,
        });
      return reply(200, answer);
    }

    const status = /^\/topups\/([^/]+)\/status$/.exec(pathname);
    if (method === 'GET' && status) {
      const transaction = JSON.parse(TOPUP_ANSWER) as Record<string, unknown>;
      const made = [...this.topups.values()].find((topup) => String(topup.transactionId) === status[1]);
      if (made) return reply(200, { code: null, message: null, status: made.status, transaction: { ...made.answer, status: made.status } });
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

    if (method === 'GET' && pathname === '/accounts/balance') {
      return reply(200, { balance: 2004.50532, currencyCode: 'USD', currencyName: 'US Dollar', updatedAt: '2021-12-06 13:13:39' });
    }
    if (method === 'GET' && pathname === '/topups/reports/transactions') {
      const customIdentifier = searchParams.get('customIdentifier');
      const transaction = JSON.parse(TOPUP_ANSWER) as Record<string, unknown>;
      // A page as Reloadly recorded it: its entries carry no `status`.
      const page = (content: unknown[]) =>
        reply(200, {
          content,
          pageable: { sort: { sorted: false, unsorted: true, empty: true }, pageNumber: 0, pageSize: 20, offset: 0, paged: true, unpaged: false },
          totalElements: content.length,
          totalPages: 1,
          last: true,
          number: 0,
          size: 20,
          sort: { sorted: false, unsorted: true, empty: true },
          numberOfElements: content.length,
          first: true,
          empty: content.length === 0,
        });
      if (this.unreadableReports) return reply(200, { items: [] });
      const made = customIdentifier === null ? undefined : this.topups.get(customIdentifier);
      if (made) return page([made.answer]);
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

    return reply(404, {
      timestamp: '2022-01-06T18:37:10.000+00:00',
      status: 404,
      error: 'Not Found',
      message: 'No message available',
      path: pathname,
    });
  }
}
