import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { PaymentIntentStatus } from '../../src/server/payments/stripe/vocabulary';
import { FakeStripeDisputes } from './stripe-disputes';
import { FakeStripeCustomers } from './stripe-customers';

/**
 * A local stand-in for the part of Stripe's API the payment adapter uses (PaymentIntents with manual capture, and
 * refunds of captured ones),
 * answering with Stripe's payloads, status codes, error envelopes and idempotency rules, and recording every request.
 * The contract tests and the checkout tests run the real `stripe` SDK against it.
 */

export const FAKE_STRIPE_SECRET_KEY = 'sk_test_51FakeStripeSecretKeyForLocalTests';
export const FAKE_STRIPE_PUBLISHABLE_KEY = 'pk_test_51FakeStripePublishableKeyForLocalTests';
export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_fake_stripe_webhook_secret';

/** The fake keeps Stripe's own statuses. */
export type FakeIntentStatus = PaymentIntentStatus;

export interface StripeErrorBody {
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  payment_intent?: FakePaymentIntent;
}

/** A PaymentIntent as Stripe's API writes it, reduced to the fields this application reads or sends. */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  cancellation_reason: string | null;
  canceled_at: number | null;
  capture_method: string;
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: StripeErrorBody | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  receipt_email: string | null;
  status: FakeIntentStatus;
  /** The Customer the intent is for (saving a card, or paying with a saved one). */
  customer?: string | null;
  setup_future_usage?: string | null;
}

/**
 * What a charge says the payer paid with (Stripe's `payment_method_details`, reduced): a card's brand and last four
 * digits, or a wallet such as Cash App Pay.
 */
export type FakePaymentMethodDetails =
  | {
      type: 'card';
      card: {
        brand: string;
        last4: string;
        funding: string;
        country: string;
        exp_month?: number;
        exp_year?: number;
        fingerprint?: string;
        three_d_secure?: { result: string; version: string } | null;
      };
    }
  | { type: 'cashapp'; cashapp: { buyer_id: string; cashtag: string } };

/** Stripe's test card 4242 4242 4242 4242, as a charge describes it. */
export const VISA_4242: FakePaymentMethodDetails = {
  type: 'card',
  card: { brand: 'visa', last4: '4242', funding: 'credit', country: 'US', exp_month: 12, exp_year: 2034, fingerprint: 'Xt5EWLLDS7FJjR1c' },
};

/** A Refund as Stripe's API writes it, reduced to the fields this application reads or sends. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  failure_reason: string | null;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
}

export interface RecordedStripeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string | undefined;
  /** The form-encoded body decoded the way Stripe reads it: `metadata[orderId]` → `{ metadata: { orderId } }`. */
  body: Record<string, unknown>;
}

/** What the next call gets instead of a normal answer: a Stripe error answer, no answer at all, or a severed socket. */
export type StripeFault = { kind: 'error'; status: number; error: StripeErrorBody } | { kind: 'hang' } | { kind: 'close' };

export const API_ERROR_FAULT: StripeFault = {
  kind: 'error',
  status: 500,
  error: { type: 'api_error', message: 'An unknown error occurred while processing your request.' },
};

export const RATE_LIMIT_FAULT: StripeFault = {
  kind: 'error',
  status: 429,
  error: {
    type: 'invalid_request_error',
    code: 'rate_limit',
    message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
  },
};

export const INSUFFICIENT_FUNDS_ERROR: StripeErrorBody = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  doc_url: 'https://stripe.com/docs/error-codes/card-declined',
};

const CANCELABLE_STATUSES: FakeIntentStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const CAPTURE_METHODS = ['automatic', 'automatic_async', 'manual'];
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];
const REFUND_PARAMETERS = new Set(['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
const CREATE_PARAMETERS = new Set([
  'amount',
  'currency',
  'allowed_payment_method_types',
  'capture_method',
  'receipt_email',
  'metadata',
  'description',
  'payment_method_options',
  'expand',
  'customer',
  'setup_future_usage',
  'payment_method',
]);

export interface Answer {
  status: number;
  payload: unknown;
  /** Stripe keeps the result of a request that began executing, so its key replays it; validation failures are not kept. */
  keep: boolean;
}

interface KeptResult {
  method: string;
  path: string;
  body: string;
  status: number;
  payload: unknown;
}

/** Answers like Stripe's PaymentIntents API, keeps intents in memory and records every request it receives. */
export class FakeStripe {
  requests: RecordedStripeRequest[] = [];
  private intents = new Map<string, FakePaymentIntent>();
  refunds: FakeRefund[] = [];
  /** Disputes of the charges, opened by the tests (fakes/stripe-disputes.ts). */
  readonly disputes = new FakeStripeDisputes();
  /** Intents whose refunds fail, with the failure_reason they fail with. */
  private refundFailures = new Map<string, string>();
  /** What each charge was paid with, by charge id. */
  private chargeMethods = new Map<string, FakePaymentMethodDetails>();
  /** Intents authorised after 3-D Secure, with its result. */
  private threeDSecureResults = new Map<string, string>();
  private keptResults = new Map<string, KeptResult>();
  /** Customers, their sessions and their attached PaymentMethods (stripe-customers.ts). */
  readonly customers = new FakeStripeCustomers((id) => this.intents.get(id));
  private faults: StripeFault[] = [];
  private server: Server = createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      response.statusCode = 599;
      response.end(String(error));
    });
  });

  constructor(readonly secretKey: string = FAKE_STRIPE_SECRET_KEY) {}

  async start(): Promise<{ host: string; port: number }> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return { host: '127.0.0.1', port: (this.server.address() as AddressInfo).port };
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  reset() {
    this.requests = [];
    this.intents.clear();
    this.refunds = [];
    this.refundFailures.clear();
    this.threeDSecureResults.clear();
    this.keptResults.clear();
    this.faults = [];
    this.disputes.reset();
    this.customers.reset();
  }

  /** The next `times` requests get this fault, whatever they ask for. */
  failNext(fault: StripeFault, times = 1) {
    for (let count = 0; count < times; count += 1) this.faults.push(fault);
  }

  intent(id: string): FakePaymentIntent {
    return structuredClone(this.existingIntent(id));
  }

  get intentCount(): number {
    return this.intents.size;
  }

  /**
   * What confirming with a card (or wallet) that authorises does: the amount is held, waiting for capture. `paidWith`:
   * what the charge's payment_method_details say; `threeDSecure`: how the card's 3-D Secure ended, as its
   * payment_method_details.card.three_d_secure.result says.
   */
  authorise(
    id: string,
    { paidWith = VISA_4242, threeDSecure }: { paidWith?: FakePaymentMethodDetails; threeDSecure?: string } = {},
  ): FakePaymentIntent {
    const intent = this.existingIntent(id);
    const chargeId = `ch_${randomId()}`;
    this.chargeMethods.set(chargeId, paidWith);
    if (threeDSecure) this.threeDSecureResults.set(id, threeDSecure);
    const paymentMethod = intent.payment_method ?? `pm_${randomId()}`;
    // Stripe attaches the card of an intent made with setup_future_usage to its customer.
    if (intent.setup_future_usage && intent.customer) this.customers.attach(paymentMethod, intent.customer);
    Object.assign(intent, {
      status: 'requires_capture',
      amount_capturable: intent.amount,
      payment_method: paymentMethod,
      latest_charge: chargeId,
      last_payment_error: null,
    } satisfies Partial<FakePaymentIntent>);
    return this.intent(id);
  }

  /** What confirming with a declined card does: the intent asks for another payment method and keeps the error. */
  declinePayment(id: string, error: StripeErrorBody = INSUFFICIENT_FUNDS_ERROR): FakePaymentIntent {
    const intent = this.existingIntent(id);
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: error,
    } satisfies Partial<FakePaymentIntent>);
    return this.intent(id);
  }

  /** What Stripe does to an authorisation nobody captured within 7 days. */
  expireAuthorisation(id: string): FakePaymentIntent {
    const intent = this.existingIntent(id);
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: 'expired',
      canceled_at: nowInSeconds(),
    } satisfies Partial<FakePaymentIntent>);
    return this.intent(id);
  }

  /**
   * What paying with Stripe's test card 4000 0000 0000 5126 does: refunds of the payment fail. Stripe fails them a
   * moment after making them; the fake answers the failed refund at once, as the sandbox does.
   */
  failRefundsOf(id: string, failureReason = 'expired_or_canceled_card') {
    this.existingIntent(id);
    this.refundFailures.set(id, failureReason);
  }

  setStatus(id: string, status: FakeIntentStatus): FakePaymentIntent {
    this.existingIntent(id).status = status;
    return this.intent(id);
  }

  private existingIntent(id: string): FakePaymentIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`FakeStripe has no PaymentIntent ${id}`);
    return intent;
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? '';
    const url = new URL(request.url ?? '', 'http://stripe.test');
    const { pathname: path } = url;
    // A GET's parameters come in its query (the SDK writes expand: ['x'] as expand[0]=x).
    const expand = [...url.searchParams].filter(([name]) => name === 'expand' || name.startsWith('expand[')).map(([, value]) => value);
    const idempotencyKey = headerValue(request.headers['idempotency-key']);
    const body = parseForm(Buffer.concat(chunks).toString('utf8'));
    this.requests.push({ method, path, headers: request.headers, idempotencyKey, body });
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${randomId()}`,
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
        ...headers,
      });
      response.end(JSON.stringify(payload));
    };

    const fault = this.faults.shift();
    if (fault?.kind === 'close') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'hang') {
      // No answer until the client gives up and closes the connection.
      await new Promise<void>((resolve) => response.once('close', () => resolve()));
      return;
    }

    if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
      return reply(401, {
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${maskKey(request.headers.authorization)}` },
      });
    }

    const kept = idempotencyKey && method === 'POST' ? this.keptResults.get(idempotencyKey) : undefined;
    if (kept) {
      if (kept.method !== method || kept.path !== path || kept.body !== JSON.stringify(body)) {
        return reply(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with. ' +
              `Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      return reply(kept.status, kept.payload, { 'Idempotent-Replayed': 'true' });
    }

    const routed: Answer =
      fault?.kind === 'error' ? { status: fault.status, payload: { error: fault.error }, keep: true } : this.route(method, path, body, expand);
    const answer = asksForChargeFee(request.url ?? '', body) ? withChargeFee(routed) : routed;
    if (answer.keep && idempotencyKey && method === 'POST') {
      this.keptResults.set(idempotencyKey, { method, path, body: JSON.stringify(body), status: answer.status, payload: answer.payload });
    }
    return reply(answer.status, answer.payload);
  }

  private route(method: string, path: string, body: Record<string, unknown>, expand: string[] = []): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return this.createIntent(body);
    if (method === 'POST' && path === '/v1/refunds') return this.createRefund(body);
    const disputeAnswer = this.disputes.route(method, path, body);
    if (disputeAnswer) return disputeAnswer;
    const customerAnswer = this.customers.route(method, path, body);
    if (customerAnswer) return customerAnswer;
    const chargeId = /^\/v1\/charges\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && chargeId !== undefined) return this.charge(decodeURIComponent(chargeId));
    const [, encodedId, action] = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path) ?? [];
    if (encodedId === undefined) return unrecognisedUrl(method, path);
    const id = decodeURIComponent(encodedId);
    const intent = this.intents.get(id);
    if (!intent) {
      return rejected(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
        doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
      });
    }
    const expanded = (answer: Answer) => this.expandCharge(answer, method === 'GET' ? expand : body.expand);
    if (method === 'GET' && action === undefined) return expanded(succeeded(intent));
    if (method === 'POST' && action === 'capture') return expanded(this.captureIntent(intent, body));
    if (method === 'POST' && action === 'cancel') return expanded(this.cancelIntent(intent, body));
    return unrecognisedUrl(method, path);
  }

  /** An intent answered with `expand: ['latest_charge']`: the charge object in place of its id. */
  private expandCharge(answer: Answer, expand: unknown): Answer {
    const payload = answer.payload as { object?: string; latest_charge?: unknown };
    // Expanding the charge's balance transaction expands the charge too, as Stripe does.
    const asked = Array.isArray(expand) && (expand.includes('latest_charge') || expand.includes(CHARGE_FEE));
    if (!asked || answer.status !== 200 || payload.object !== 'payment_intent' || typeof payload.latest_charge !== 'string') return answer;
    return { ...answer, payload: { ...payload, latest_charge: this.charge(payload.latest_charge).payload } };
  }

  /** A charge, as much of it as says which intent it belongs to, what paid it and how its 3-D Secure ended. */
  private charge(id: string): Answer {
    const intent = [...this.intents.values()].find((candidate) => candidate.latest_charge === id);
    if (!intent) {
      return rejected(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such charge: '${id}'` });
    }
    return {
      status: 200,
      payload: {
        id,
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        payment_method_details: this.paymentMethodDetails(id, intent.id),
      },
      keep: true,
    };
  }

  private paymentMethodDetails(chargeId: string, intentId: string): FakePaymentMethodDetails | null {
    const details = this.chargeMethods.get(chargeId);
    const result = this.threeDSecureResults.get(intentId);
    if (!details || details.type !== 'card' || !result) return details ?? null;
    return { ...details, card: { ...details.card, three_d_secure: { result, version: '2.2.0' } } };
  }

  private createIntent(body: Record<string, unknown>): Answer {
    const unknown = Object.keys(body).find((name) => !CREATE_PARAMETERS.has(name));
    if (unknown) return invalidParameter(unknown, 'parameter_unknown', `Received unknown parameter: ${unknown}`);
    if (body.amount === undefined) return invalidParameter('amount', 'parameter_missing', 'Missing required param: amount.');
    if (typeof body.amount !== 'string' || !/^\d+$/.test(body.amount)) {
      return invalidParameter('amount', 'parameter_invalid_integer', `Invalid integer: ${String(body.amount)}`);
    }
    if (typeof body.currency !== 'string') return invalidParameter('currency', 'parameter_missing', 'Missing required param: currency.');
    const amount = Number(body.amount);
    if (body.currency === 'usd' && amount < 50) return invalidParameter('amount', 'amount_too_small', 'Amount must be at least $0.50 usd');
    const captureMethod = typeof body.capture_method === 'string' ? body.capture_method : 'automatic_async';
    if (!CAPTURE_METHODS.includes(captureMethod)) {
      return invalidParameter(
        'capture_method',
        'parameter_invalid_string',
        'Invalid capture_method: must be one of automatic, automatic_async, or manual',
      );
    }
    const paymentMethodTypes = Array.isArray(body.allowed_payment_method_types) ? body.allowed_payment_method_types.map(String) : ['card'];
    const id = `pi_${randomId()}`;
    const intent: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      allowed_payment_method_types: paymentMethodTypes,
      payment_method_types: paymentMethodTypes,
      cancellation_reason: null,
      canceled_at: null,
      capture_method: captureMethod,
      client_secret: `${id}_secret_${randomId()}`,
      confirmation_method: 'automatic',
      created: nowInSeconds(),
      currency: body.currency,
      description: typeof body.description === 'string' ? body.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: stringRecord(body.metadata),
      payment_method: typeof body.payment_method === 'string' ? body.payment_method : null,
      receipt_email: typeof body.receipt_email === 'string' ? body.receipt_email : null,
      status: 'requires_payment_method',
      customer: typeof body.customer === 'string' ? body.customer : null,
      setup_future_usage: typeof body.setup_future_usage === 'string' ? body.setup_future_usage : null,
    };
    this.intents.set(id, intent);
    return succeeded(intent);
  }

  private captureIntent(intent: FakePaymentIntent, body: Record<string, unknown>): Answer {
    if (intent.status !== 'requires_capture') {
      return unexpectedState(
        intent,
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. ` +
          'Only a PaymentIntent with one of the following statuses may be captured: requires_capture.',
      );
    }
    const amountToCapture = body.amount_to_capture === undefined ? intent.amount_capturable : Number(body.amount_to_capture);
    if (!Number.isInteger(amountToCapture) || amountToCapture < 1 || amountToCapture > intent.amount_capturable) {
      return invalidParameter(
        'amount_to_capture',
        'parameter_invalid_integer',
        'The amount to capture must be a positive integer no greater than the amount capturable.',
      );
    }
    Object.assign(intent, {
      status: 'succeeded',
      amount_received: amountToCapture,
      amount_capturable: 0,
    } satisfies Partial<FakePaymentIntent>);
    return succeeded(intent);
  }

  /** A refund of a captured PaymentIntent (by `payment_intent`), never more than is left of what was captured. */
  private createRefund(body: Record<string, unknown>): Answer {
    const unknown = Object.keys(body).find((name) => !REFUND_PARAMETERS.has(name));
    if (unknown) return invalidParameter(unknown, 'parameter_unknown', `Received unknown parameter: ${unknown}`);
    if (typeof body.payment_intent !== 'string') {
      return invalidParameter('payment_intent', 'parameter_missing', 'Missing required param: payment_intent.');
    }
    if (body.reason !== undefined && (typeof body.reason !== 'string' || !REFUND_REASONS.includes(body.reason))) {
      return invalidParameter('reason', 'parameter_invalid_string', 'Invalid reason: must be one of duplicate, fraudulent, or requested_by_customer');
    }
    const intent = this.intents.get(body.payment_intent);
    if (!intent) {
      return rejected(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${body.payment_intent}'`,
      });
    }
    if (intent.status !== 'succeeded' || !intent.latest_charge) {
      return rejected(
        400,
        { type: 'invalid_request_error', message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` },
        true,
      );
    }
    const refunded = this.refunds
      .filter((refund) => refund.payment_intent === intent.id && refund.status !== 'failed' && refund.status !== 'canceled')
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0) {
      return rejected(
        400,
        { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${intent.latest_charge} has already been refunded.` },
        true,
      );
    }
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 1) return invalidParameter('amount', 'parameter_invalid_integer', 'Invalid positive integer');
    if (amount > left) {
      const what = refunded === 0 ? 'charge amount' : 'unrefunded amount on charge';
      return rejected(
        400,
        {
          type: 'invalid_request_error',
          code: 'amount_too_large',
          param: 'amount',
          message: `Refund amount ($${dollars(amount)}) is greater than ${what} ($${dollars(left)})`,
        },
        true,
      );
    }
    const failureReason = this.refundFailures.get(intent.id) ?? null;
    const refund: FakeRefund = {
      id: `re_${randomId()}`,
      object: 'refund',
      amount,
      charge: intent.latest_charge,
      created: nowInSeconds(),
      currency: intent.currency,
      failure_reason: failureReason,
      metadata: stringRecord(body.metadata),
      payment_intent: intent.id,
      reason: typeof body.reason === 'string' ? body.reason : null,
      status: failureReason ? 'failed' : 'succeeded',
    };
    this.refunds.push(refund);
    return { status: 200, payload: structuredClone(refund), keep: true };
  }

  private cancelIntent(intent: FakePaymentIntent, body: Record<string, unknown>): Answer {
    const reason = body.cancellation_reason;
    if (reason !== undefined && (typeof reason !== 'string' || !CANCELLATION_REASONS.includes(reason))) {
      return invalidParameter(
        'cancellation_reason',
        'parameter_invalid_string',
        'Invalid cancellation_reason: must be one of duplicate, fraudulent, requested_by_customer, or abandoned',
      );
    }
    if (!CANCELABLE_STATUSES.includes(intent.status)) {
      return unexpectedState(
        intent,
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. ` +
          `Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE_STATUSES.join(', ')}.`,
      );
    }
    Object.assign(intent, {
      status: 'canceled',
      amount_capturable: 0,
      cancellation_reason: typeof reason === 'string' ? reason : null,
      canceled_at: nowInSeconds(),
    } satisfies Partial<FakePaymentIntent>);
    return succeeded(intent);
  }
}

/** A webhook event as Stripe sends it, carrying `object` (a PaymentIntent, a Charge or a Dispute) as `data.object`. */
export function stripeEvent(type: string, object: object) {
  return {
    id: `evt_${randomId()}`,
    object: 'event',
    api_version: '2026-09-30.endive',
    created: nowInSeconds(),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The raw body and `Stripe-Signature` header Stripe would send for `event`; `timestamp` in seconds defaults to now. */
export function signWebhook(event: object, secret: string = FAKE_STRIPE_WEBHOOK_SECRET, timestamp?: number) {
  const payload = JSON.stringify(event);
  return { rawBody: Buffer.from(payload), signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

const CHARGE_FEE = 'latest_charge.balance_transaction';

/** Whether the request expands the intent's charge and its balance transaction (in the query of a GET, the body of a POST). */
function asksForChargeFee(url: string, body: Record<string, unknown>): boolean {
  const query = parseForm(new URL(url, 'http://stripe.test').search.slice(1));
  return [query.expand, body.expand].some((expand) => Array.isArray(expand) && expand.includes(CHARGE_FEE));
}

/**
 * An intent's answer with its charge expanded, as Stripe expands it: the charge's balance transaction, once the charge is
 * captured, carries Stripe's US card fee (2.9 % + 30¢); before that it has none.
 */
function withChargeFee(answer: Answer): Answer {
  const intent = answer.payload as
    (Omit<Partial<FakePaymentIntent>, 'latest_charge'> & { latest_charge?: string | Record<string, unknown> | null }) | null;
  if (answer.status !== 200 || intent?.object !== 'payment_intent' || !intent.latest_charge) return answer;
  // The charge as the answer has it (expanded already when `latest_charge` was asked for too), or its id alone.
  const expanded = typeof intent.latest_charge === 'string' ? null : intent.latest_charge;
  const chargeId = expanded ? String(expanded.id) : (intent.latest_charge as string);
  const captured = intent.status === 'succeeded' ? intent.amount_received! : 0;
  const fee = Math.round(captured * 0.029) + 30;
  const balanceTransaction = captured
    ? {
        id: `txn_${chargeId.slice(3)}`,
        object: 'balance_transaction',
        amount: captured,
        fee,
        net: captured - fee,
        currency: intent.currency,
      }
    : null;
  const charge = { ...(expanded ?? { id: chargeId, object: 'charge', payment_intent: intent.id }), balance_transaction: balanceTransaction };
  return { ...answer, payload: { ...intent, latest_charge: charge } };
}

export function succeeded(intent: FakePaymentIntent): Answer {
  return { status: 200, payload: structuredClone(intent), keep: true };
}

export function rejected(status: number, error: StripeErrorBody, keep = false): Answer {
  return { status, payload: { error }, keep };
}

function unrecognisedUrl(method: string, path: string): Answer {
  return rejected(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). ` + 'Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
  });
}

function invalidParameter(param: string, code: string, message: string): Answer {
  const docUrl = `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;
  return rejected(400, { type: 'invalid_request_error', code, param, message, doc_url: docUrl });
}

function unexpectedState(intent: FakePaymentIntent, message: string): Answer {
  return rejected(
    400,
    {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message,
      doc_url: 'https://stripe.com/docs/error-codes/payment-intent-unexpected-state',
      payment_intent: structuredClone(intent),
    },
    true,
  );
}

/** Decodes Stripe's form encoding (`a[b]=1&list[0]=x`) into nested objects and arrays of strings. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const [name, ...path] = key.replace(/\]/g, '').split('[');
    let container: Record<string, unknown> = root;
    let field = name!;
    for (const segment of path) {
      container[field] ??= /^\d+$/.test(segment) ? [] : {};
      container = container[field] as Record<string, unknown>;
      field = segment;
    }
    container[field] = value;
  }
  return root;
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]));
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function maskKey(authorization: string | undefined): string {
  const key = (authorization ?? '').replace(/^Bearer /, '');
  return `${key.slice(0, 8)}****${key.slice(-4)}`;
}

export function randomId(): string {
  return randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
}

function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
