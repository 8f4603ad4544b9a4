import { z } from 'zod';
import { reasonSchema, settingField, SETTING_RULES, versionSchema, type SettingsChangeStamp } from './admin-settings';

/**
 * Fee rules per corridor (docs/decisions/053-fee-rules-per-corridor.md): a country's rule, or one operator's, overrides
 * the global fee of the Pricing page; checkout applies the most specific one (operator, then country, then global).
 * The rules are one settings group with one `version`: a save or removal names the version it was made on, and is
 * refused (409 SETTINGS_CONFLICT) when someone changed a rule meanwhile. Fees are written as on the Pricing page.
 */

/** One rule in force. `operatorId` null: the rule covers the whole country. */
export interface FeeRule extends SettingsChangeStamp {
  countryCode: string;
  operatorId: number | null;
  operatorName: string | null;
  /** "3.00" is 3 % of the amount. */
  airtimeFeePercent: string;
  /** USD per top-up, "0.33". */
  standardFee: string;
}

/** GET /api/admin/pricing/rules — every rule, by country then operator (the country's own rule first). */
export interface AdminFeeRulesResponse {
  success: true;
  /** 0 until an admin first saves a rule; each save or removal adds one. */
  version: number;
  rules: FeeRule[];
}

const countryCodeSchema = z
  .string('validation.countryCode')
  .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
  .transform((code) => code.toUpperCase());
const operatorIdSchema = z
  .number('operatorId must be a whole number')
  .int('operatorId must be a whole number')
  .positive('operatorId must be a whole number')
  .nullish()
  .transform((id) => id ?? null);

/** Which rule a request is about: a country's (no operatorId), or one of its operators'. */
const ruleScopeSchema = z.object({ countryCode: countryCodeSchema, operatorId: operatorIdSchema });

/** PUT /api/admin/pricing/rules — sets (adds or replaces) one rule. */
export const adminFeeRuleBodySchema = ruleScopeSchema.extend({
  version: versionSchema,
  airtimeFeePercent: settingField(SETTING_RULES.airtimeFeePercent),
  standardFee: settingField(SETTING_RULES.standardFee),
  reason: reasonSchema,
});
export type AdminFeeRuleBody = z.input<typeof adminFeeRuleBodySchema>;

/** DELETE /api/admin/pricing/rules — removes one rule: that country or operator is priced by the next rule out again. */
export const adminFeeRuleRemovalSchema = ruleScopeSchema.extend({ version: versionSchema, reason: reasonSchema });
export type AdminFeeRuleRemoval = z.input<typeof adminFeeRuleRemovalSchema>;

/** PUT and DELETE answers: the rules as they are after the change. */
export type AdminFeeRulesUpdateResponse = AdminFeeRulesResponse;

/** GET /api/admin/pricing/rules/operators?countryCode=NG — what the rule editor previews a country's rules with. */
export const adminFeeRuleOperatorsQuerySchema = z.object({ countryCode: countryCodeSchema });

/** One operator of a country, with what prices and costs it: the amounts it sells and the provider's commission. */
export interface FeeRuleOperator {
  operatorId: number;
  name: string;
  /** USD cents the preview and the below-cost check price: every FIXED amount, or a RANGE operator's bounds. */
  amountsCents: number[];
  /** The provider's commission on this operator, percent ("7.50"); what a top-up costs us is the amount less it. */
  commissionPercent: string;
}

export interface AdminFeeRuleOperatorsResponse {
  success: true;
  countryCode: string;
  operators: FeeRuleOperator[];
}
