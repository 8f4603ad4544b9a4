import { acceptedPayments } from '../../shared/accepted-payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  createPaymentIntentBodySchema,
  topupBodySchema,
  type OrderDetailResponse,
  type OrderListResponse,
  type OrderPinResponse,
  type PaymentConfigResponse,
  type TopupResponse,
} from '../../shared/api/orders';
import { deliveryReportBodySchema, type DeliveryReportResponse } from '../../shared/api/delivery-reports';
import type { Merchant, ReceiptResponse } from '../../shared/api/receipts';
import type { Guards } from '../auth/guards';
import type { AttemptCounts } from '../db/attempt-counts';
import { DomainError } from '../domain-error';
import { startCheckout } from '../orders/checkout';
import { canonicalAddress } from './client-address';
import { findUserDeliveryReport, latestDeliveryReports, reportDelivery, toDeliveryReportView } from '../orders/delivery-reports';
import { PaymentNotAuthorisedError, type Fulfilment } from '../orders/fulfilment';
import { handlePaymentEvent } from '../orders/payment-events';
import type { OrderServices } from '../orders/services';
import { toReceipt } from '../orders/receipt-view';
import { justAuthorisedClaim, orderMatchingTopupRequest } from '../orders/topup-request-match';
import type { Order } from '../orders/state-machine';
import { countryFacts, findUserOrder, hasPin, listOrderViews, toOrderView, toTopupResponse, type CountryFacts } from '../orders/views';
import { PaymentProviderError } from '../payments/provider';
import { parseWith } from './errors';
import { checkoutsPerUser, limitsToEnforce, REQUEST_LIMITS } from '../request-limits';

/** A PROCESSING top-up is asked about again when the result screen polls and the last answer is older than this. */
const REFRESH_AFTER_MS = 2000;
/** Orders the detail call settles when asked: a pending delivery, or an unpaid order whose payment may be authorised. */
const needsRefresh = (order: Order) => order.status === 'delivery_pending' || (order.status === 'created' && order.paymentId !== null);

/** Where payment providers send their webhook events; the alias is the address Stripe was first given. */
export const PAYMENT_WEBHOOK_PATH = '/api/webhooks/payments';
export const PAYMENT_WEBHOOK_ALIAS = '/api/webhooks/stripe';

const orderIdSchema = z.object({ id: z.uuid('Order not found') });
const orderNotFound = () => new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.orderNotFound' });
const reportIdSchema = z.object({ id: z.uuid() });

/**
 * Runs the calls given one key one after the other, in the order they came, and calls with other keys side by side.
 * A key is forgotten once its last call ends.
 */
function oneAtATimePerKey() {
  const last = new Map<string, Promise<void>>();
  return async function oneAtATime<T>(key: string, run: () => Promise<T>): Promise<T> {
    const previous = last.get(key);
    let finished!: () => void;
    const mine = new Promise<void>((resolve) => (finished = resolve));
    last.set(key, mine);
    try {
      await previous;
      return await run();
    } finally {
      finished();
      if (last.get(key) === mine) last.delete(key);
    }
  };
}

interface OrderRouteDeps {
  services: OrderServices;
  fulfilment: Fulfilment;
  guards: Guards;
  counts: AttemptCounts;
  /** Who sells: every receipt names it (config.merchant). */
  merchant: Merchant;
}

/** docs/product.md §7 create-payment-intent and topup, the order history, and the payment provider's webhook. */
export function registerOrderRoutes(app: FastifyInstance, { services, fulfilment, guards, counts, merchant }: OrderRouteDeps) {
  const { db, payments } = services;
  const { requireUser } = guards;

  app.get('/api/payment-config', async () => {
    return {
      provider: payments.kind,
      publishableKey: payments.publishableKey,
      testMode: payments.testMode,
      accepts: acceptedPayments(payments.kind),
    } satisfies PaymentConfigResponse;
  });

  const oneCheckoutPerKey = oneAtATimePerKey();

  app.post('/api/create-payment-intent', { preHandler: requireUser }, async (request) => {
    const body = parseWith(createPaymentIntentBodySchema, request.body);
    const account = request.account!;
    // Calls with one order key are one checkout: a retry sent while the first call is under way waits for it, then finds
    // its order and is not counted against the limits (on this instance; on another one it counts, as before).
    return oneCheckoutPerKey(`${account.id}:${body.orderKey}`, async () => {
      const { checkoutAttemptsPerMinute } = await services.limits.current();
      const requestLimits = limitsToEnforce(counts, [
        [checkoutsPerUser(checkoutAttemptsPerMinute), account.id],
        [REQUEST_LIMITS.checkoutsPerAddress, request.ip],
      ]);
      return startCheckout(services, {
        userId: account.id,
        accountEmail: account.email,
        blockedAt: account.blockedAt,
        body,
        requestLimits,
        clientAddress: canonicalAddress(request.ip),
      });
    });
  });

  app.post('/api/reloadly/topup', { preHandler: requireUser }, async (request): Promise<TopupResponse> => {
    const body = parseWith(topupBodySchema, request.body);
    const userId = request.account!.id;
    let order: Order | undefined;
    let country: CountryFacts | undefined;
    try {
      // The usual call, right after the payment was authorised: claimed and delivered without reading the order first.
      const claim = await justAuthorisedClaim(db, userId, body);
      const delivered = claim && (await fulfilment.fulfilJustAuthorised(claim));
      if (delivered) return toTopupResponse(delivered, await countryFacts(db, delivered.countryIso));
      ({ order, country } = await orderMatchingTopupRequest(db, userId, body));
      return toTopupResponse(await fulfilment.fulfil(order.id, 'browser', order), country);
    } catch (error) {
      // A payment still being confirmed by its provider (processing): nothing is sent yet. The order answers
      // PROCESSING and the result screen follows it; the webhook, or else the reconciler, delivers it once authorised.
      // Any other payment not authorised is a DomainError of its own (409 PAYMENT_NOT_AUTHORISED) and goes out as such.
      if (error instanceof PaymentNotAuthorisedError && error.paymentStatus === 'processing' && order && country)
        return toTopupResponse(order, country);
      if (error instanceof PaymentProviderError) {
        request.log.error({ err: error, orderId: order?.id }, 'payment provider failed during fulfilment');
        throw new DomainError('upstream', 'PAYMENT_PROVIDER_ERROR', { key: 'payment.messages.api_error' });
      }
      throw error;
    }
  });

  app.get('/api/orders', { preHandler: requireUser }, async (request): Promise<OrderListResponse> => {
    return { success: true, orders: await listOrderViews(db, request.account!.id, services.now()) };
  });

  app.get('/api/orders/:id', { preHandler: requireUser }, async (request): Promise<OrderDetailResponse> => {
    const { id } = parseOrderId(request.params);
    let order = await findUserOrder(db, request.account!.id, { id });
    if (!order) throw orderNotFound();
    if (needsRefresh(order) && services.now().getTime() - order.updatedAt.getTime() >= REFRESH_AFTER_MS) {
      try {
        order = await fulfilment.refresh(order.id);
      } catch (error) {
        request.log.warn({ err: error, orderId: id }, 'could not refresh a pending top-up');
      }
    }
    const country = await countryFacts(db, order.countryIso);
    const reports = await latestDeliveryReports(db, [order.id]);
    const view = toOrderView(order, country, { latest: reports.get(order.id) ?? null, now: services.now() });
    return { success: true, order: view, result: toTopupResponse(order, country) };
  });

  // "It didn't arrive" (ADR 023): the customer's report on their own completed top-up, and its state.
  app.post('/api/orders/:id/delivery-report', { preHandler: requireUser }, async (request, reply): Promise<DeliveryReportResponse> => {
    const { id } = parseOrderId(request.params);
    const { message } = parseWith(deliveryReportBodySchema, request.body);
    const report = await reportDelivery(db, { userId: request.account!.id, orderId: id, message: message ?? null }, services.now());
    request.log.info({ orderId: id, reportId: report.id }, 'delivery reported as not arrived');
    reply.code(201);
    return { success: true, report: toDeliveryReportView(report) };
  });

  app.get('/api/delivery-reports/:id', { preHandler: requireUser }, async (request): Promise<DeliveryReportResponse> => {
    const parsed = reportIdSchema.safeParse(request.params);
    if (!parsed.success) throw new DomainError('not_found', 'DELIVERY_REPORT_NOT_FOUND', { key: 'apiErrors.deliveryReportNotFound' });
    return { success: true, report: toDeliveryReportView(await findUserDeliveryReport(db, request.account!.id, parsed.data.id)) };
  });

  // The printable receipt page; as the history, it shows the order as recorded (the detail call settles a pending one).
  app.get('/api/orders/:id/receipt', { preHandler: requireUser }, async (request): Promise<ReceiptResponse> => {
    const { id } = parseOrderId(request.params);
    const order = await findUserOrder(db, request.account!.id, { id });
    if (!order) throw orderNotFound();
    return { success: true, receipt: toReceipt(order, await countryFacts(db, order.countryIso)), merchant };
  });

  // The PIN is money in another form: only its owner reads it, on request, and no cache keeps it.
  app.get('/api/orders/:id/pin', { preHandler: requireUser }, async (request, reply): Promise<OrderPinResponse> => {
    const { id } = parseOrderId(request.params);
    const order = await findUserOrder(db, request.account!.id, { id });
    if (!order) throw orderNotFound();
    if (!hasPin(order)) throw new DomainError('not_found', 'PIN_NOT_FOUND', { key: 'apiErrors.pinNotFound' });
    reply.header('Cache-Control', 'no-store');
    request.log.info({ orderId: order.id }, 'PIN shown to its owner');
    return { success: true, pin: services.pinVault.open(order.pinDetailEncrypted!) };
  });

  // The signature covers the exact bytes the provider sent, so these routes keep the raw body instead of parsed JSON.
  // /api/webhooks/stripe is the address Stripe's dashboards were given before the neutral one: both are one handler.
  app.register(async (webhooks) => {
    webhooks.removeContentTypeParser('application/json');
    webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhooks.post<{ Body: Buffer }>(PAYMENT_WEBHOOK_PATH, paymentWebhook);
    webhooks.post<{ Body: Buffer }>(PAYMENT_WEBHOOK_ALIAS, paymentWebhook);
  });

  /** A payment provider's webhook: verified by its signature, then handed to the order code as a neutral event. */
  async function paymentWebhook(request: FastifyRequest<{ Body: Buffer }>) {
    const signature = request.headers[payments.webhookSignatureHeader];
    let event;
    try {
      event = payments.verifyWebhookEvent(request.body, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      const message = error instanceof PaymentProviderError ? error.message : 'Webhook signature verification failed';
      throw new DomainError('invalid', 'WEBHOOK_SIGNATURE_INVALID', { text: message });
    }
    await handlePaymentEvent(services, fulfilment, event);
    return { received: true };
  }
}

function parseOrderId(params: unknown) {
  const result = orderIdSchema.safeParse(params);
  if (!result.success) throw orderNotFound();
  return result.data;
}
