import { PENDING_DATA_TTL_MS, STORAGE_KEYS } from '@shared/constants';
import { safeStorage } from './storage';

/**
 * What a visitor asked for before signing in (docs/product.md §4): the action to resume (`pendingAuthAction`) and, for a top-up,
 * its data (`pendingTransactionData`). Both expire after 30 minutes. The data's shape belongs to the top-up flow; this
 * module only needs to know whether it is complete.
 */
export interface PendingTopUpSummary {
  selectedCountry?: { code?: string };
  phoneNumber?: string;
  selectedAmount?: number;
  timestamp?: number;
}

export type AfterSignIn =
  { kind: 'none' } | { kind: 'expired' } | { kind: 'broken' } | { kind: 'dropped' } | { kind: 'restore'; path: string } | { kind: 'incomplete' };

function readJson(key: string): unknown {
  const text = safeStorage.get(key);
  if (text === null) return undefined;
  return JSON.parse(text);
}

export function clearPendingAction() {
  safeStorage.remove(STORAGE_KEYS.pendingTransactionData);
  safeStorage.remove(STORAGE_KEYS.pendingAuthAction);
}

export function isFresh(timestamp: unknown, now: number): boolean {
  return typeof timestamp === 'number' && now - timestamp <= PENDING_DATA_TTL_MS;
}

/** Decides where a newly signed-in user goes, consuming the pending action. `now` is injectable for tests. */
export function resumeAfterSignIn(now: number = Date.now()): AfterSignIn {
  let action: { type?: unknown; data?: PendingTopUpSummary; timestamp?: unknown } | undefined;
  try {
    action = readJson(STORAGE_KEYS.pendingAuthAction) as typeof action;
  } catch {
    clearPendingAction();
    return { kind: 'broken' };
  }
  if (!action) return { kind: 'none' };
  safeStorage.remove(STORAGE_KEYS.pendingAuthAction);
  if (!isFresh(action.timestamp, now)) {
    clearPendingAction();
    return { kind: 'expired' };
  }
  if (action.type !== 'topup') {
    clearPendingAction();
    return { kind: 'dropped' };
  }
  const data = action.data;
  const country = data?.selectedCountry?.code;
  if (!data || !country || !data.phoneNumber || !data.selectedAmount) return { kind: 'incomplete' };
  const query = new URLSearchParams({ restore: 'summary', country, phone: data.phoneNumber });
  return { kind: 'restore', path: `/?${query.toString()}` };
}
