import { z } from 'zod';
import { reasonSchema, settingField, SETTING_RULES, versionSchema, type SettingsChangeStamp } from './admin-settings';

/*
 * Business alerts (docs/decisions/061-business-alerts-raised-once-and-cleared.md): what needs a person that is no single
 * order's. Raised once per crossing by the server's checks (every minute), cleared when the condition clears or by an
 * admin with a note. Their thresholds are console settings (GET/PUT /api/admin/alert-settings), versioned like the limits,
 * with the morning settlement e-mail's switch and hour (ADR 071).
 */

export const ALERT_KINDS = ['wallet_low', 'wallet_difference', 'operator_failing', 'decline_rate'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What each kind's check saw when it raised the alert. */
export interface AlertDetails {
  /** wallet_low: the balance read and the threshold, in the wallet's currency / USD. */
  balance?: number;
  currencyCode?: string;
  threshold?: string;
  /** wallet_difference: the difference's kind, amount in USD cents, and the orders it concerns. */
  differenceKind?: 'unexplained' | 'order_debit';
  amountCents?: number;
  orderId?: string;
  previousOrderId?: string | null;
  day?: string;
  /** operator_failing: the operator, its failures and top-ups sent in the window, and whether it was switched off. */
  countryIso?: string;
  operatorId?: number;
  operatorName?: string;
  failed?: number;
  sent?: number;
  switchedOff?: boolean;
  /** decline_rate: the last hour's declines over payment attempts, and the threshold in percent. */
  declines?: number;
  payments?: number;
  ratePercent?: number;
}

export interface BusinessAlert {
  id: number;
  kind: AlertKind;
  key: string;
  details: AlertDetails;
  raisedAt: string;
}

/** GET /api/admin/alerts — the open alerts, newest first (each kind's check keeps them few). */
export interface AdminAlertsResponse {
  success: true;
  alerts: BusinessAlert[];
}

/** POST /api/admin/alerts/:id/resolve — an admin closes an open alert, saying why (audited). */
export const adminAlertResolveBodySchema = z.object({ note: reasonSchema });
export type AdminAlertResolveBody = z.input<typeof adminAlertResolveBodySchema>;

export interface AdminAlertResolveResponse {
  success: true;
  alert: BusinessAlert & { resolvedAt: string; resolutionNote: string };
}

// ---------------------------------------------------------------------------------------------------------------------
// The alerts' settings

/** The thresholds' rules (kept with the other settings' in SETTING_RULES, so the console's settings form checks them). */
export const ALERT_SETTING_RULES = {
  lowBalance: SETTING_RULES.lowBalance,
  operatorFailures: SETTING_RULES.operatorFailures,
  operatorFailedPercent: SETTING_RULES.operatorFailedPercent,
  operatorMinutes: SETTING_RULES.operatorMinutes,
  declinePercent: SETTING_RULES.declinePercent,
  declineMinPayments: SETTING_RULES.declineMinPayments,
  settlementEmailHour: SETTING_RULES.settlementEmailHour,
} as const;

/** The alerts' thresholds as the console shows and edits them. */
export interface AlertValues {
  /** USD, "500.00"; "0.00" raises nothing. */
  lowBalance: string;
  operatorFailures: number;
  operatorFailedPercent: number;
  operatorMinutes: number;
  /** Whether an operator found failing is switched off in the catalogue by the server (audited as the system). */
  switchOffFailingOperators: boolean;
  declinePercent: number;
  declineMinPayments: number;
  /** Whether every admin is e-mailed yesterday's settlement each morning (ADR 071)… */
  settlementEmail: boolean;
  /** …once the day reaches this hour, UTC (0–23). */
  settlementEmailHour: number;
}

export interface AlertSettings extends AlertValues, SettingsChangeStamp {
  /** 0 while the defaults apply; each save adds one. */
  version: number;
}

/** GET /api/admin/alert-settings — the thresholds in force, and the defaults (RELOADLY_LOW_BALANCE_USD, DECLINE_ALERT_*). */
export interface AdminAlertSettingsResponse {
  success: true;
  settings: AlertSettings;
  defaults: AlertValues;
}

/** PUT /api/admin/alert-settings — every threshold, the version they were edited on, and why. */
export const adminAlertSettingsBodySchema = z.object({
  version: versionSchema,
  lowBalance: settingField(ALERT_SETTING_RULES.lowBalance),
  operatorFailures: settingField(ALERT_SETTING_RULES.operatorFailures),
  operatorFailedPercent: settingField(ALERT_SETTING_RULES.operatorFailedPercent),
  operatorMinutes: settingField(ALERT_SETTING_RULES.operatorMinutes),
  switchOffFailingOperators: z.boolean('switchOffFailingOperators must be true or false'),
  declinePercent: settingField(ALERT_SETTING_RULES.declinePercent),
  declineMinPayments: settingField(ALERT_SETTING_RULES.declineMinPayments),
  settlementEmail: z.boolean('settlementEmail must be true or false'),
  settlementEmailHour: settingField(ALERT_SETTING_RULES.settlementEmailHour),
  reason: reasonSchema,
});
export type AdminAlertSettingsBody = z.input<typeof adminAlertSettingsBodySchema>;

export interface AdminAlertSettingsUpdateResponse {
  success: true;
  settings: AlertSettings;
}
