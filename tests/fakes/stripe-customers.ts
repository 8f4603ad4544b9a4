import { rejected, randomId, succeeded, type Answer, type FakePaymentIntent } from './stripe';

/** Stripe lets an intent's customer, setup_future_usage and payment_method be changed only while it is unpaid. */
const UPDATABLE = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

/**
 * The fake's Customers, CustomerSessions and PaymentMethod detach, and the update of an unpaid PaymentIntent: the part
 * of Stripe's API that saved cards use (ADR 063), answering with Stripe's payloads and errors.
 */
export class FakeStripeCustomers {
  readonly created = new Map<string, { email: string | null; metadata: Record<string, unknown> }>();
  /** PaymentMethod id → the customer it is attached to. */
  readonly attached = new Map<string, string>();
  readonly detached = new Set<string>();

  constructor(private readonly intentById: (id: string) => FakePaymentIntent | undefined) {}

  reset() {
    this.created.clear();
    this.attached.clear();
    this.detached.clear();
  }

  /** What confirming an intent made with setup_future_usage does to its card. */
  attach(paymentMethod: string, customer: string) {
    this.attached.set(paymentMethod, customer);
  }

  /** The answer to a request this part serves; undefined for the others. */
  route(method: string, path: string, body: Record<string, unknown>): Answer | undefined {
    if (method !== 'POST') return undefined;
    if (path === '/v1/customers') return this.createCustomer(body);
    if (path === '/v1/customer_sessions') return this.createSession(body);
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path)?.[1];
    if (detach !== undefined) return this.detach(decodeURIComponent(detach));
    const update = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
    if (update !== undefined) return this.updateIntent(decodeURIComponent(update), body);
    return undefined;
  }

  private createCustomer(body: Record<string, unknown>): Answer {
    const id = `cus_${randomId()}`;
    const email = typeof body.email === 'string' ? body.email : null;
    const metadata = (body.metadata ?? {}) as Record<string, unknown>;
    this.created.set(id, { email, metadata });
    return { status: 200, payload: { id, object: 'customer', email, metadata }, keep: true };
  }

  private createSession(body: Record<string, unknown>): Answer {
    const customer = String(body.customer ?? '');
    if (!this.created.has(customer)) return noSuch('customer', customer);
    return {
      status: 200,
      payload: { object: 'customer_session', client_secret: `cuss_secret_${randomId()}`, customer, components: body.components, livemode: false },
      keep: true,
    };
  }

  private detach(id: string): Answer {
    const customer = this.attached.get(id);
    if (!customer) {
      return rejected(400, {
        type: 'invalid_request_error',
        message: `The payment method you provided is not attached to a customer so detachment is impossible.`,
      });
    }
    this.attached.delete(id);
    this.detached.add(id);
    return { status: 200, payload: { id, object: 'payment_method', type: 'card', customer: null }, keep: true };
  }

  private updateIntent(id: string, body: Record<string, unknown>): Answer {
    const intent = this.intentById(id);
    if (!intent) return noSuch('payment_intent', id);
    if (!UPDATABLE.includes(intent.status)) {
      return rejected(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `This PaymentIntent's setup_future_usage could not be updated because it has a status of ${intent.status}.`,
      });
    }
    if (typeof body.payment_method === 'string' && this.attached.get(body.payment_method) !== body.customer) {
      return noSuch('payment_method', body.payment_method);
    }
    if (typeof body.customer === 'string') intent.customer = body.customer;
    if (typeof body.setup_future_usage === 'string') intent.setup_future_usage = body.setup_future_usage === '' ? null : body.setup_future_usage;
    if (typeof body.payment_method === 'string') intent.payment_method = body.payment_method;
    return succeeded(intent);
  }
}

function noSuch(kind: string, id: string): Answer {
  return rejected(400, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'` });
}
