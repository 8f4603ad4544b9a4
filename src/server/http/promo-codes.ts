import type { FastifyInstance } from 'fastify';
import { promoCodeCheckBodySchema, type PromoCodeCheckResponse } from '../../shared/api/promo-codes';
import { formatUsd } from '../../shared/pricing';
import type { Guards } from '../auth/guards';
import { applyPromoCode } from '../orders/promo-codes';
import { priceWithReferral, readReferralOffer } from '../orders/referral-pricing';
import { reviewListPrice } from '../orders/review-price';
import type { OrderServices } from '../orders/services';
import { parseWith } from './errors';

/**
 * POST /api/promo-codes/check (ADR 067): the review's Apply. The server prices the top-up as checkout will (the
 * corridor's fees, the code's terms for this customer) and answers the discounted price, or 400 with the reason.
 * Signed-in customers only: the review comes after sign-in, and a code's terms depend on the customer.
 */
export function registerPromoCodeRoutes(app: FastifyInstance, { services, guards }: { services: OrderServices; guards: Guards }) {
  app.post('/api/promo-codes/check', { preHandler: guards.requireUser }, async (request): Promise<PromoCodeCheckResponse> => {
    const body = parseWith(promoCodeCheckBodySchema, request.body);
    const userId = request.account!.id;
    const listPrice = await reviewListPrice(services, body);
    const { row, price: promoPrice } = await applyPromoCode(services.db, body.code, { userId, price: listPrice, now: services.now() });
    // Never with the welcome discount of refer a friend (refused when that is better); the credit comes after (ADR 070).
    const price = priceWithReferral(listPrice, promoPrice, await readReferralOffer(services.db, userId));
    return {
      success: true,
      code: row.code,
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      discount: formatUsd(price.offerCents),
      credit: formatUsd(price.creditUsedCents),
      totalAmount: formatUsd(price.totalCents),
    };
  });
}
