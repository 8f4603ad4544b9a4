import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orders } from '../db/schema';
import { TEST_DATABASE_KINDS } from '../testing/databases';
import { orderLedger, paidOrder } from '../testing/orders';
import { createReloadlyProvider } from '../topups/reloadly/client';
import { FakeReloadly, TOPUP_NUMBERS } from '../../../tests/fakes/reloadly';
import { createFulfilment, PENDING_LOOKUPS, RESEND_AFTER_MS } from './fulfilment';
import { reconcileDueOrders } from './reconciler';
import { countingPayments, useFulfilmentDatabase } from '../testing/fulfilment';

describe.each(TEST_DATABASE_KINDS)('fulfilment with the Reloadly adapter on %s', (kind) => {
  const database = useFulfilmentDatabase(kind);
  const { setup } = database;

  describe('with the Reloadly adapter', () => {
    const reloadly = new FakeReloadly();
    beforeAll(() => reloadly.start());
    beforeEach(() => reloadly.reset());
    afterAll(() => reloadly.stop());

    async function withReloadly() {
      const kit = await setup();
      kit.services.topups = createReloadlyProvider({
        clientId: 'id',
        clientSecret: 'secret',
        sandbox: true,
        apiUrl: reloadly.baseUrl,
        authUrl: reloadly.baseUrl,
      });
      return { ...kit, fulfilment: createFulfilment(kit.services) };
    }
    const topupPosts = () => reloadly.apiRequests.filter((request) => request.method === 'POST' && request.url === '/topups');

    it('an answer without a status (as Reloadly recorded them) is followed up and captured, never released', async () => {
      const { services, userId, fulfilment } = await withReloadly();
      const counting = countingPayments(services.payments);
      const followed = createFulfilment({ ...services, payments: counting.payments });
      const { orderId } = await paidOrder(services, { userId });
      const pending = await followed.fulfil(orderId, 'browser');
      expect(pending).toMatchObject({ status: 'delivery_pending', topupTransactionId: '7000001', operatorTransactionId: 'OP-7000001' });
      expect(counting.calls.cancel).toBe(0);
      const order = await fulfilment.refresh(orderId);
      expect(order).toMatchObject({ status: 'completed', walletBalanceAfter: '115.8100', walletCurrencyCode: 'USD', providerDiscount: '0.3100' });
      expect(topupPosts()).toHaveLength(1);
      expect((await orderLedger(database.db, orderId)).intent!.status).toBe('succeeded');
    });

    it.each([
      ['a 200 it cannot read', TOPUP_NUMBERS.unreadable],
      ['a status value it does not know', TOPUP_NUMBERS.newStatus],
      ['a 500', TOPUP_NUMBERS.serverError],
    ])('after %s the top-up is looked up by its identifier and captured, never released or sent twice', async (_case, phone) => {
      const { services, userId, fulfilment, advance } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      await database.db.update(orders).set({ recipientPhone: phone }).where(eq(orders.id, orderId));
      expect((await fulfilment.fulfil(orderId, 'browser')).status).toBe('delivery_pending');
      for (let round = 0; round < 3; round++) {
        advance(PENDING_LOOKUPS.afterSendMs[0]!);
        await reconcileDueOrders(services, fulfilment);
      }
      const { order, intent } = await orderLedger(database.db, orderId);
      expect(order.status).toBe('completed');
      expect(intent!.status).toBe('succeeded');
      expect(topupPosts()).toHaveLength(1);
    });

    it('a report page it cannot read is retried, never taken for "not sent"', async () => {
      const { services, userId, fulfilment, advance } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      await database.db.update(orders).set({ recipientPhone: TOPUP_NUMBERS.unreadable }).where(eq(orders.id, orderId));
      await fulfilment.fulfil(orderId, 'browser');
      reloadly.unreadableReports = true;
      for (let round = 0; round < 3; round++) {
        advance(RESEND_AFTER_MS);
        await reconcileDueOrders(services, fulfilment);
      }
      expect(topupPosts()).toHaveLength(1);
      expect((await orderLedger(database.db, orderId)).order.status).toBe('delivery_pending');
      reloadly.unreadableReports = false;
      advance(RESEND_AFTER_MS * 4);
      await reconcileDueOrders(services, fulfilment);
      advance(PENDING_LOOKUPS.thenEveryMs);
      await reconcileDueOrders(services, fulfilment);
      expect((await orderLedger(database.db, orderId)).order.status).toBe('completed');
      expect(topupPosts()).toHaveLength(1);
    });

    it('warns when the wallet falls under the low balance', async () => {
      const { services, userId } = await withReloadly();
      const warnings: string[] = [];
      const fulfilment = createFulfilment({
        ...services,
        lowWalletBalance: 200,
        log: { ...services.log, warn: (_detail, message) => warnings.push(message) },
      });
      const { orderId } = await paidOrder(services, { userId });
      await fulfilment.fulfil(orderId, 'browser');
      expect(warnings).toContain('the top-up wallet balance is low');
    });

    it('TOKEN_EXPIRED during the top-up: a new token, one delivery, then the capture', async () => {
      const { services, userId, fulfilment } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      await services.topups.findTopupByCustomIdentifier('warm-up');
      reloadly.expireIssuedTokens();
      await fulfilment.fulfil(orderId, 'browser');
      const order = await fulfilment.refresh(orderId);
      expect(order.status).toBe('completed');
      expect(reloadly.tokenRequests).toHaveLength(2);
      expect(topupPosts()).toHaveLength(2);
      expect((topupPosts()[1]!.body as { customIdentifier: string }).customIdentifier).toBe(order.customIdentifier);
      expect((await orderLedger(database.db, orderId)).intent!.status).toBe('succeeded');
    });

    it('a token that keeps expiring never leads to a capture', async () => {
      const { services, userId, fulfilment, advance } = await withReloadly();
      const { orderId } = await paidOrder(services, { userId });
      reloadly.expireEveryToken = true;
      await fulfilment.fulfil(orderId, 'browser');
      for (let round = 0; round < 4; round++) {
        advance(RESEND_AFTER_MS);
        await reconcileDueOrders(services, fulfilment);
      }
      const { order, intent } = await orderLedger(database.db, orderId);
      expect(intent!.status).not.toBe('succeeded');
      expect(['delivery_pending', 'canceled']).toContain(order.status);
    });
  });
});
