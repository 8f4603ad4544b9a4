import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  alertSettings,
  businessAlerts,
  feeRuleChanges,
  feeRules,
  priceConfigChanges,
  promoCodes,
  referralSettings,
  riskBlocklist,
  riskSettings,
  serviceLimits,
} from '../db/schema';
import type { PersonalDataTable } from './personal-data-table';

/**
 * The settings admins change name who changed them: a former admin's rows keep their id and lose their address (the
 * histories are append-only otherwise). The blocklist's entries themselves — a number, a card's fingerprint, a domain,
 * an address range — are kept to prevent fraud, whoever asks.
 */
function authorAddressErased(table: string, rows: PgTable, idColumn: PgColumn, emailKey: string): PersonalDataTable {
  return {
    table,
    erase: async (tx, subject) =>
      void (await tx
        .update(rows)
        .set({ [emailKey]: subject.placeholderEmail })
        .where(eq(idColumn, subject.userId))),
  };
}

export const SETTINGS_AUTHORS: readonly PersonalDataTable[] = [
  authorAddressErased('price_config_changes', priceConfigChanges, priceConfigChanges.actorId, 'actorEmail'),
  authorAddressErased('fee_rule_changes', feeRuleChanges, feeRuleChanges.actorId, 'actorEmail'),
  authorAddressErased('fee_rules', feeRules, feeRules.updatedById, 'updatedByEmail'),
  authorAddressErased('risk_settings', riskSettings, riskSettings.updatedById, 'updatedByEmail'),
  authorAddressErased('risk_blocklist', riskBlocklist, riskBlocklist.createdById, 'createdByEmail'),
  authorAddressErased('service_limits', serviceLimits, serviceLimits.updatedById, 'updatedByEmail'),
  authorAddressErased('alert_settings', alertSettings, alertSettings.updatedById, 'updatedByEmail'),
  authorAddressErased('promo_codes', promoCodes, promoCodes.updatedById, 'updatedByEmail'),
  authorAddressErased('referral_settings', referralSettings, referralSettings.updatedById, 'updatedByEmail'),
  // A business alert names the admin who resolved it, never a customer.
  authorAddressErased('business_alerts', businessAlerts, businessAlerts.resolvedById, 'resolvedByEmail'),
];
