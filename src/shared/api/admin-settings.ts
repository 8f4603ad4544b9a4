import { z } from 'zod';
import type { AdminPage } from './admin';
import { ADMIN_REASON_MAX_LENGTH } from './admin';
import { undisguised } from './free-text';
import type { ApiMessageKey, MessageParams } from './messages';

/**
 * The settings admins change in the operations console while the product runs: the fees (Pricing) and the limits on
 * spending and checkouts (Limits). Each group carries a `version`; an edit names the version it was made on and is
 * refused (409 SETTINGS_CONFLICT, with the current values in `details.current`) when someone saved another meanwhile.
 *
 * Money travels as 2-decimal USD strings and the percentage fee as a percentage string ("3.50" is 3.5 %), as typed.
 * A value the rules below refuse is a 400 naming the field, whose message gives the range.
 */

/** How a number an admin types is checked: its range (inclusive) and how many decimals it may have. */
export interface SettingRule {
  min: number;
  max: number;
  decimals: 0 | 2;
  /** The refusal's translation key; its {{min}} and {{max}} are filled from `rangeParams`. */
  messageKey: ApiMessageKey;
  /** How the range reads in the message: '$' before money. */
  unit: 'usd' | 'percent' | 'count';
}

export const SETTING_RULES = {
  /** The percentage fee, as a percentage of the amount (the price config keeps it as a fraction). */
  airtimeFeePercent: { min: 0, max: 25, decimals: 2, messageKey: 'apiErrors.airtimeFeeInvalid', unit: 'percent' },
  /** The fixed fee per top-up, USD. */
  standardFee: { min: 0, max: 10, decimals: 2, messageKey: 'apiErrors.standardFeeInvalid', unit: 'usd' },
  /** The most one customer may spend in any 24 hours, USD. */
  dailySpendLimit: { min: 1, max: 10_000, decimals: 2, messageKey: 'apiErrors.dailySpendLimitInvalid', unit: 'usd' },
  /**
   * Minutes before a number may be topped up again. Operators refuse a second top-up within 2 minutes themselves
   * (Reloadly's PHONE_RECENTLY_RECHARGED), so a shorter wait would only let through payments bound to be released.
   */
  recipientCooldownMinutes: { min: 2, max: 1440, decimals: 0, messageKey: 'apiErrors.recipientCooldownInvalid', unit: 'count' },
  /** Checkout starts (payment intents asked for) per customer in one minute. */
  checkoutAttemptsPerMinute: { min: 1, max: 60, decimals: 0, messageKey: 'apiErrors.checkoutAttemptsInvalid', unit: 'count' },
  // The business alerts' thresholds (shared/api/admin-alerts.ts).
  /** Under this balance of the top-up wallet (USD) the wallet is low; 0 raises nothing. */
  lowBalance: { min: 0, max: 1_000_000, decimals: 2, messageKey: 'apiErrors.lowBalanceInvalid', unit: 'usd' },
  /** An operator with at least this many failed top-ups in the window… */
  operatorFailures: { min: 1, max: 1000, decimals: 0, messageKey: 'apiErrors.alertCountInvalid', unit: 'count' },
  /** …and at least this percent of its top-ups failed… */
  operatorFailedPercent: { min: 1, max: 100, decimals: 0, messageKey: 'apiErrors.alertPercentInvalid', unit: 'count' },
  /** …over this many minutes is failing. */
  operatorMinutes: { min: 5, max: 240, decimals: 0, messageKey: 'apiErrors.alertMinutesInvalid', unit: 'count' },
  /** The last hour's decline rate above this percent… */
  declinePercent: { min: 1, max: 100, decimals: 0, messageKey: 'apiErrors.alertPercentInvalid', unit: 'count' },
  /** …of at least this many payment attempts raises the alert. */
  declineMinPayments: { min: 1, max: 100_000, decimals: 0, messageKey: 'apiErrors.alertCountInvalid', unit: 'count' },
  /** The hour of the day (UTC) from which yesterday's settlement is e-mailed to admins (ADR 071). */
  settlementEmailHour: { min: 0, max: 23, decimals: 0, messageKey: 'apiErrors.alertCountInvalid', unit: 'count' },
  // Refer a friend (shared/api/referrals.ts, ADR 070).
  /** Off a referred friend's first top-up, USD. */
  friendDiscount: { min: 0, max: 100, decimals: 2, messageKey: 'apiErrors.friendDiscountInvalid', unit: 'usd' },
  /** The referrer's credit once that top-up is past the dispute window, USD. */
  referrerCredit: { min: 0, max: 100, decimals: 2, messageKey: 'apiErrors.referrerCreditInvalid', unit: 'usd' },
  /** Days a first top-up waits, completed, before its referrer is rewarded: how long a card dispute may come. */
  disputeWindowDays: { min: 0, max: 365, decimals: 0, messageKey: 'apiErrors.disputeWindowInvalid', unit: 'count' },
} as const satisfies Record<string, SettingRule>;
export type SettingName = keyof typeof SETTING_RULES;

/** The values a refusal's {{min}} and {{max}} read: "$0.00" and "$10.00", or "0" and "25". */
export function rangeParams(rule: SettingRule): MessageParams {
  const show = (value: number) => (rule.unit === 'usd' ? `$${value.toFixed(2)}` : String(value));
  return { min: show(rule.min), max: show(rule.max) };
}

/**
 * A value as typed (or sent as a JSON number) in hundredths when the rule takes 2 decimals, else as the whole number;
 * null when it is not a plain decimal number within the rule. Read from the text, so 0.1 + 0.2 never enters.
 */
export function readSetting(value: unknown, rule: SettingRule): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  if (fraction.length > rule.decimals) return null;
  const scale = 10 ** rule.decimals;
  const units = Number(whole) * scale + Number(fraction.padEnd(rule.decimals, '0') || '0');
  return units >= rule.min * scale && units <= rule.max * scale ? units : null;
}

/** A setting's field in a request: the value as `readSetting` reads it, or the rule's message with its range. */
export function settingField(rule: SettingRule) {
  // A new object each time: zod takes its message over into the one it is given.
  const refusal = () => ({ message: rule.messageKey, params: rangeParams(rule) });
  return z
    .custom<string | number>((value) => typeof value === 'string' || typeof value === 'number', refusal())
    .transform((value, context) => {
      const units = readSetting(value, rule);
      if (units === null) {
        context.addIssue({ code: 'custom', ...refusal() });
        return z.NEVER;
      }
      return units;
    });
}

/** Hundredths as the 2-decimal text the console shows and the API answers: 350 → "3.50". */
export const hundredthsText = (units: number) => `${Math.floor(units / 100)}.${String(units % 100).padStart(2, '0')}`;

/** The price config's fraction (0.0325) as a percentage in hundredths (325, i.e. 3.25 %). */
export const percentHundredthsOf = (fraction: number) => Math.round(fraction * 10_000);

/** A percentage in hundredths (325) as the price config's fraction (0.0325), exactly: at most 4 decimals. */
export const fractionOf = (percentHundredths: number) => percentHundredths / 10_000;

export const versionSchema = z.number('version must be a whole number').int('version must be a whole number').min(0, 'version must be 0 or more');
export const reasonSchema = z
  .string('reason is required')
  .trim()
  .min(1, 'reason is required')
  .max(ADMIN_REASON_MAX_LENGTH, `reason must be at most ${ADMIN_REASON_MAX_LENGTH} characters`)
  .superRefine(undisguised('text'));

/** Who saved a version, and when; null for the values the installation started with. */
export interface SettingsChangeStamp {
  updatedAt: string | null;
  updatedByEmail: string | null;
}

// ---------------------------------------------------------------------------------------------------------------------
// Pricing

/** The fees in force: what GET /api/price-config answers, as the console shows and edits them. */
export interface PricingSettings extends SettingsChangeStamp {
  /** 0 until an admin first changes the fees; each change adds one. */
  version: number;
  /** "3.00" is 3 % of the amount. */
  airtimeFeePercent: string;
  /** USD per top-up, "0.33". */
  standardFee: string;
}

/** GET /api/admin/pricing */
export interface AdminPricingResponse {
  success: true;
  pricing: PricingSettings;
}

/** PUT /api/admin/pricing — the new fees, the version they were edited on, and why. */
export const adminPricingBodySchema = z.object({
  version: versionSchema,
  airtimeFeePercent: settingField(SETTING_RULES.airtimeFeePercent),
  standardFee: settingField(SETTING_RULES.standardFee),
  reason: reasonSchema,
});
export type AdminPricingBody = z.input<typeof adminPricingBodySchema>;

/** One past change of the fees (GET /api/admin/pricing/history, newest first). */
export interface PriceChange {
  version: number;
  airtimeFeePercent: string;
  standardFee: string;
  actorId: string;
  actorEmail: string;
  reason: string;
  createdAt: string;
}

export const adminPricingHistoryQuerySchema = z.object({
  cursor: z.string().trim().min(1).max(500).optional(),
  limit: z.coerce.number().int('limit must be a whole number').min(1, 'limit must be 1–100').max(100, 'limit must be 1–100').optional(),
});
export type AdminPricingHistoryQuery = z.input<typeof adminPricingHistoryQuerySchema>;

export interface AdminPricingHistoryResponse extends AdminPage {
  success: true;
  changes: PriceChange[];
}

// ---------------------------------------------------------------------------------------------------------------------
// Limits

/** The limits' values, as the console shows and edits them. */
export interface LimitValues {
  /** USD, "200.00". */
  dailySpendLimit: string;
  recipientCooldownMinutes: number;
  checkoutAttemptsPerMinute: number;
}

export interface LimitsSettings extends LimitValues, SettingsChangeStamp {
  /** 0 while the defaults apply (no admin has saved the limits yet); each save adds one. */
  version: number;
}

/** GET /api/admin/limits — the limits in force, and the defaults the server started with. */
export interface AdminLimitsResponse {
  success: true;
  limits: LimitsSettings;
  /** DAILY_SPEND_LIMIT_USD and the built-in values: what applies while `limits.version` is 0. */
  defaults: LimitValues;
}

/** PUT /api/admin/limits — all three limits, the version they were edited on, and why. */
export const adminLimitsBodySchema = z.object({
  version: versionSchema,
  dailySpendLimit: settingField(SETTING_RULES.dailySpendLimit),
  recipientCooldownMinutes: settingField(SETTING_RULES.recipientCooldownMinutes),
  checkoutAttemptsPerMinute: settingField(SETTING_RULES.checkoutAttemptsPerMinute),
  reason: reasonSchema,
});
export type AdminLimitsBody = z.input<typeof adminLimitsBodySchema>;

/** PUT answers: the group as saved. */
export interface AdminPricingUpdateResponse {
  success: true;
  pricing: PricingSettings;
}
export interface AdminLimitsUpdateResponse {
  success: true;
  limits: LimitsSettings;
}

/** The code of the 409 an edit made on an older version gets; `details.current` holds the group as it is now. */
export const SETTINGS_CONFLICT = 'SETTINGS_CONFLICT';
