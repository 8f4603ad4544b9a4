import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminReferralSettingsBodySchema,
  referralPriceBodySchema,
  type AdminCustomerReferrals,
  type MyReferralsResponse,
  type ReferralPriceResponse,
  type ReferralSettingsResponse,
} from '../../shared/api/referrals';
import { formatUsd } from '../../shared/pricing';
import {
  normaliseReferralCode,
  REFERRAL_COOKIE,
  REFERRAL_COOKIE_MAX_AGE_S,
  referralPath,
  type ReferralRefusal,
  type ReferralStatus,
} from '../../shared/referral';
import { assertCustomerExists } from '../admin/customers';
import type { AdminActor } from '../audit/audit-log';
import type { Guards } from '../auth/guards';
import { priceWithReferral, readReferralOffer } from '../orders/referral-pricing';
import { reviewListPrice } from '../orders/review-price';
import type { OrderServices } from '../orders/services';
import { customerReferrals, ensureReferralCode, referralCounts } from '../referrals/codes';
import { readReferralSettings, updateReferralSettings } from '../referrals/settings';
import { parseWith } from './errors';

/*
 * Refer a friend (docs/decisions/070-refer-a-friend.md): the link that carries a code to sign-up, the customer's own
 * figures, the review's price, and the console's settings and a customer's referrals.
 */

const customerParamsSchema = z.object({ id: z.string().trim().min(1, 'id is required').max(200, 'id must be at most 200 characters') });
const actorOf = (request: FastifyRequest): AdminActor => ({ id: request.account!.id, email: request.account!.email });

export function registerReferralRoutes(
  app: FastifyInstance,
  { services, guards, publicUrl }: { services: OrderServices; guards: Guards; publicUrl: string },
) {
  const { db, now } = services;

  // A page opened with ?ref=<code> (the link customers share is /?ref=<code>; /r/ is the request links'): the code is kept
  // in a cookie the sign-up reads (auth/auth.ts). A malformed code sets nothing; the page is served as ever.
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' || !request.url.includes('ref=') || request.url.startsWith('/api/')) return;
    const typed = new URL(request.url, 'http://localhost').searchParams.get('ref');
    const code = typed ? normaliseReferralCode(typed) : null;
    if (!code) return;
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header('set-cookie', `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${REFERRAL_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`);
  });

  app.get('/api/referrals/me', { preHandler: guards.requireUser }, async (request): Promise<MyReferralsResponse> => {
    const userId = request.account!.id;
    const code = await ensureReferralCode(db, userId, now());
    const [counts, offer, settings] = await Promise.all([referralCounts(db, userId), readReferralOffer(db, userId), readReferralSettings(db)]);
    return {
      success: true,
      code,
      link: new URL(referralPath(code), publicUrl).toString(),
      friendsJoined: counts.joined,
      friendsRewarded: counts.rewarded,
      creditCents: offer.creditCents,
      friendDiscountCents: settings.friendDiscountCents,
      referrerCreditCents: settings.referrerCreditCents,
    };
  });

  // The review's price without a code: the welcome discount and the credit, as checkout will price them.
  app.post('/api/referrals/price', { preHandler: guards.requireUser }, async (request): Promise<ReferralPriceResponse> => {
    const body = parseWith(referralPriceBodySchema, request.body);
    const price = priceWithReferral(await reviewListPrice(services, body), undefined, await readReferralOffer(db, request.account!.id));
    return {
      success: true,
      amount: formatUsd(price.amountCents),
      fee: formatUsd(price.serviceFeeCents),
      welcomeDiscount: formatUsd(price.offerCents),
      credit: formatUsd(price.creditUsedCents),
      totalAmount: formatUsd(price.totalCents),
    };
  });
}

/** The console's: the settings (versioned, audited) and a customer's referrals and credit. */
export function registerAdminReferralRoutes(admin: FastifyInstance, { db, now }: { db: OrderServices['db']; now: () => Date }) {
  admin.get('/referral-settings', async (): Promise<ReferralSettingsResponse> => ({ success: true, settings: await readReferralSettings(db) }));

  admin.put('/referral-settings', async (request): Promise<ReferralSettingsResponse> => {
    const body = parseWith(adminReferralSettingsBodySchema, request.body);
    return { success: true, settings: await updateReferralSettings(db, { ...body, actor: actorOf(request), now: now() }) };
  });

  admin.get('/customers/:id/referrals', async (request): Promise<{ success: true; referrals: AdminCustomerReferrals }> => {
    const { id } = parseWith(customerParamsSchema, request.params);
    await assertCustomerExists(db, id);
    const [found, offer] = await Promise.all([customerReferrals(db, id), readReferralOffer(db, id)]);
    return {
      success: true,
      referrals: {
        code: found.code,
        creditCents: offer.creditCents,
        grantedCents: found.grantedCents,
        referrals: found.rows.map(({ referral, otherUserId, otherEmail }) => ({
          id: referral.id,
          role: referral.referrerId === id ? 'referrer' : 'friend',
          otherUserId,
          otherEmail,
          status: referral.status as ReferralStatus,
          refusedReason: referral.refusedReason as ReferralRefusal | null,
          createdAt: referral.createdAt.toISOString(),
          decidedAt: referral.decidedAt?.toISOString() ?? null,
        })),
      },
    };
  });
}
