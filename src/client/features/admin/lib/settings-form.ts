import { z } from 'zod';
import { ADMIN_REASON_MAX_LENGTH } from '@shared/api/admin';
import { rangeParams, readSetting, SETTING_RULES, SETTINGS_CONFLICT, type SettingName } from '@shared/api/admin-settings';
import type { MessageParams } from '@shared/api/messages';
import { ApiRequestError } from '@/lib/api-client';

/** A settings form's values as typed: every setting and the reason, as text. */
export type SettingsFormValues<N extends SettingName> = Record<N | 'reason', string>;

/**
 * The form's checks: each setting by the rule the server applies (shared/api/admin-settings.ts), and the reason as
 * the console asks for every action's. Messages are translation keys; `messageParams` gives their values.
 */
export function settingsFormSchema<N extends SettingName>(names: readonly N[]) {
  const settings = Object.fromEntries(
    names.map((name) => [name, z.string().refine((value) => readSetting(value, SETTING_RULES[name]) !== null, SETTING_RULES[name].messageKey)]),
  ) as Record<N, z.ZodString>;
  return z.object({
    ...settings,
    reason: z.string().trim().min(1, 'admin.action.reasonRequired').max(ADMIN_REASON_MAX_LENGTH, 'admin.action.reasonTooLong'),
  });
}

/** The values of a field's message: its range, or the reason's length. */
export function messageParams(field: SettingName | 'reason'): MessageParams {
  return field === 'reason' ? { max: ADMIN_REASON_MAX_LENGTH } : rangeParams(SETTING_RULES[field]);
}

/** A save refused because someone saved another version meanwhile: the group as it is now (409 SETTINGS_CONFLICT). */
export function settingsConflictOf<T extends { version: number }>(error: unknown): T | null {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || error.code !== SETTINGS_CONFLICT) return null;
  const current = error.details?.current;
  return typeof current === 'object' && current !== null && typeof (current as { version?: unknown }).version === 'number' ? (current as T) : null;
}

/** The field a refused save names, when the form has it (a 400 the browser's checks let through). */
export function refusedField<N extends string>(error: unknown, fields: readonly N[]): N | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400 || !error.field) return null;
  return (fields as readonly string[]).includes(error.field) ? (error.field as N) : null;
}
