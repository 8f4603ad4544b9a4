import type { OperatorInfo } from '@shared/api/catalog';
import { STORAGE_KEYS } from '@shared/constants';
import type { TopUpPrice } from '@shared/pricing';
import { clearPendingAction, isFresh } from '@/lib/pending-action';
import { safeStorage } from '@/lib/storage';
import type { AmountOption } from './amounts';
import type { SelectedCountry } from './country-selection';

/** What is saved before sign-in so the top-up can resume afterwards (SPEC §3, the second form). */
export interface PendingTopUpData {
  selectedCountry: SelectedCountry;
  phoneNumber: string;
  operatorInfo: OperatorInfo;
  selectedAmount: number;
  localAmount: number | null;
  fee: number;
  standardFee: number;
  totalChargeAmount: number;
  senderCurrencyCode: string;
  destinationCurrencyCode: string;
  timestamp: number;
}

export interface PendingAuthAction {
  type: 'topup';
  data: PendingTopUpData;
  timestamp: number;
}

const dollars = (cents: number) => cents / 100;

export function buildPendingTopUp(input: {
  country: SelectedCountry;
  phone: string;
  operator: OperatorInfo;
  amount: AmountOption;
  price: TopUpPrice;
  now: number;
}): PendingTopUpData {
  const { country, phone, operator, amount, price, now } = input;
  return {
    selectedCountry: country,
    phoneNumber: phone,
    operatorInfo: operator,
    selectedAmount: dollars(amount.usdCents),
    localAmount: amount.localAmount,
    fee: dollars(price.percentageFeeCents),
    standardFee: dollars(price.standardFeeCents),
    totalChargeAmount: dollars(price.totalCents),
    senderCurrencyCode: operator.senderCurrencyCode,
    destinationCurrencyCode: operator.destinationCurrencyCode,
    timestamp: now,
  };
}

/** Stores the top-up and the action to resume, for after sign-in (SPEC §4). */
export function savePendingTopUp(data: PendingTopUpData) {
  const action: PendingAuthAction = { type: 'topup', data, timestamp: data.timestamp };
  safeStorage.set(STORAGE_KEYS.pendingTransactionData, JSON.stringify(data));
  safeStorage.set(STORAGE_KEYS.pendingAuthAction, JSON.stringify(action));
}

/** The saved top-up, if it is still fresh and is the one the URL names (after sign-in: ?restore=summary). */
export function readPendingTopUp(match: { country: string; phone: string }, now: number): PendingTopUpData | null {
  let data: PendingTopUpData | null = null;
  try {
    data = JSON.parse(safeStorage.get(STORAGE_KEYS.pendingTransactionData) ?? 'null') as PendingTopUpData | null;
  } catch {
    data = null;
  }
  if (!data || !isFresh(data.timestamp, now)) {
    clearPendingAction();
    return null;
  }
  const matches = data.selectedCountry?.code === match.country && data.phoneNumber === match.phone && Boolean(data.operatorInfo);
  return matches ? data : null;
}
