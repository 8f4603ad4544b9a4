import { z } from 'zod';
import { reasonSchema, SETTING_RULES, settingField, versionSchema, type SettingsChangeStamp } from './admin-settings';
import type { ReferralRefusal, ReferralStatus } from '../referral';
import { promoCodeCheckBodySchema } from './promo-codes';

/*
 * Refer a friend (docs/decisions/070-refer-a-friend.md): the customer's own (GET /api/referrals/me), the review's price
 * (POST /api/referrals/price), the console's settings and a customer's referrals. Money in integer USD cents.
 */

/** GET /api/referrals/me: the customer's link, the friends who joined by it, the credit left and what it gives. */
export interface MyReferralsResponse {
  success: true;
  code: string;
  /** The link to share, absolute (`<public url>/?ref=<code>`). */
  link: string;
  friendsJoined: number;
  friendsRewarded: number;
  creditCents: number;
  friendDiscountCents: number;
  referrerCreditCents: number;
}

/** POST /api/referrals/price: the top-up the review shows (the fields checkout prices with), as a code's check has them. */
export const referralPriceBodySchema = promoCodeCheckBodySchema.omit({ code: true });
export type ReferralPriceBody = z.input<typeof referralPriceBodySchema>;

/** The server's price with the welcome discount and the credit (2-decimal USD strings); checkout charges `totalAmount`. */
export interface ReferralPriceResponse {
  success: true;
  amount: string;
  fee: string;
  /** The friend's welcome discount, "0.00" without one. */
  welcomeDiscount: string;
  /** The referral credit used, "0.00" without. */
  credit: string;
  totalAmount: string;
}

/** The console's referral settings, versioned like the other runtime settings (409 SETTINGS_CONFLICT on a stale save). */
export interface ReferralSettings extends SettingsChangeStamp {
  version: number;
  friendDiscountCents: number;
  referrerCreditCents: number;
  disputeWindowDays: number;
}

/** PUT /api/admin/referral-settings: amounts as typed ("3.00", read as cents), the window in whole days. */
export const adminReferralSettingsBodySchema = z.object({
  friendDiscount: settingField(SETTING_RULES.friendDiscount),
  referrerCredit: settingField(SETTING_RULES.referrerCredit),
  disputeWindowDays: settingField(SETTING_RULES.disputeWindowDays),
  version: versionSchema,
  reason: reasonSchema,
});
export type AdminReferralSettingsBody = z.input<typeof adminReferralSettingsBodySchema>;

export interface ReferralSettingsResponse {
  success: true;
  settings: ReferralSettings;
}

/** One referral as the console's customer page shows it, from either side. */
export interface AdminReferral {
  id: number;
  /** referrer: this customer referred the other; friend: the other referred this customer. */
  role: 'referrer' | 'friend';
  otherUserId: string;
  otherEmail: string | null;
  status: ReferralStatus;
  refusedReason: ReferralRefusal | null;
  createdAt: string;
  decidedAt: string | null;
}

/** The customer's referrals and credit, on the console's customer page. */
export interface AdminCustomerReferrals {
  code: string | null;
  creditCents: number;
  grantedCents: number;
  referrals: AdminReferral[];
}
