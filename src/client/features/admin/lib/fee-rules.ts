import type { FeeRule } from '@shared/api/admin-fee-rules';
import { fractionOf, readSetting, SETTING_RULES } from '@shared/api/admin-settings';
import type { FeeConfig } from '@shared/pricing';

/** The fees as typed (or as a rule lists them), as the pricing code takes them; null while one is not a valid value. */
export function feesOf(airtimeFeePercent: string | undefined, standardFee: string | undefined): FeeConfig | null {
  const percent = readSetting(airtimeFeePercent, SETTING_RULES.airtimeFeePercent);
  const standardFeeCents = readSetting(standardFee, SETTING_RULES.standardFee);
  return percent === null || standardFeeCents === null ? null : { airtimeFee: fractionOf(percent), standardFeeCents };
}

/** The rule of exactly this scope (a country's when `operatorId` is null), if there is one. */
export const ruleOf = (rules: readonly FeeRule[], countryCode: string, operatorId: number | null) =>
  rules.find((rule) => rule.countryCode === countryCode && rule.operatorId === operatorId);

/** What checkout prices an operator with now: its rule, else its country's, else the global fees (as the server does). */
export function feesInForce(rules: readonly FeeRule[], global: FeeConfig, countryCode: string, operatorId: number): FeeConfig {
  const rule = ruleOf(rules, countryCode, operatorId) ?? ruleOf(rules, countryCode, null);
  return (rule && feesOf(rule.airtimeFeePercent, rule.standardFee)) ?? global;
}
