import type { Country, OperatorInfo } from '@shared/api/catalog';
import { STORAGE_KEYS } from '@shared/constants';
import { toCents, type TopUpPrice } from '@shared/pricing';
import { clearPendingAction, isFresh } from '@/lib/pending-action';
import { safeStorage } from '@/lib/storage';
import { amountOption, type AmountOption } from './amounts';
import type { SelectedCountry } from './country-selection';
import { isOperatorInfo, recipientIn, withListDefaults } from './restore-params';
import type { RestoredRecipient, RestoredTopUp } from './restored-top-up';

/** What is saved before sign-in so the top-up can resume afterwards (docs/product.md §3, the second form). */
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
  /** Once the customer reaches the payment form: the order being paid, so a reload or 'Try again' finds it. */
  checkout?: SavedCheckout;
}

export interface SavedCheckout {
  orderKey: string;
  orderId: string;
  paymentIntentId: string;
  /** Set once the payment is authorised: from then on only the order's own status tells how the top-up ended. */
  authorised: boolean;
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

/** Stores the top-up and the action to resume, for after sign-in (docs/product.md §4). */
export function savePendingTopUp(data: PendingTopUpData) {
  const action: PendingAuthAction = { type: 'topup', data, timestamp: data.timestamp };
  safeStorage.set(STORAGE_KEYS.pendingTransactionData, JSON.stringify(data));
  safeStorage.set(STORAGE_KEYS.pendingAuthAction, JSON.stringify(action));
}

/** Keeps the top-up of a signed-in customer's checkout, with its order, while it is paid (no action to resume). */
export function saveCheckout(data: PendingTopUpData & { checkout: SavedCheckout }) {
  safeStorage.set(STORAGE_KEYS.pendingTransactionData, JSON.stringify(data));
}

function parseSavedTopUp(now: number): Partial<PendingTopUpData> | null {
  let data: unknown;
  try {
    data = JSON.parse(safeStorage.get(STORAGE_KEYS.pendingTransactionData) ?? 'null');
  } catch {
    return null;
  }
  const topUp = typeof data === 'object' && data !== null ? (data as Partial<PendingTopUpData>) : null;
  return topUp && isFresh(topUp.timestamp, now) ? topUp : null;
}

/** Whether a fresh top-up is saved, changing nothing (an expired one is reported at sign-in, docs/product.md §4). */
export function peekSavedTopUp(now: number): boolean {
  return parseSavedTopUp(now) !== null;
}

/** The saved top-up (complete or not) while it is fresh; stale or unreadable data is cleared (docs/product.md §4). */
export function readSavedTopUp(now: number): Partial<PendingTopUpData> | null {
  const data = parseSavedTopUp(now);
  if (!data) clearPendingAction();
  return data;
}

/** The saved top-up, if it is still fresh and is the one the URL names (after sign-in: ?restore=summary). */
export function readPendingTopUp(match: { country: string; phone: string }, now: number): PendingTopUpData | null {
  const data = readSavedTopUp(now);
  const matches = data?.selectedCountry?.code === match.country && data.phoneNumber === match.phone && Boolean(data.operatorInfo);
  return matches ? (data as PendingTopUpData) : null;
}

function savedCheckoutOf(data: Partial<PendingTopUpData> | null): SavedCheckout | null {
  const checkout = data?.checkout;
  const valid =
    typeof checkout === 'object' &&
    checkout !== null &&
    typeof checkout.orderKey === 'string' &&
    typeof checkout.orderId === 'string' &&
    typeof checkout.paymentIntentId === 'string';
  return valid ? checkout : null;
}

/** The saved top-up whose checkout is paid with this payment intent (a return from a redirect payment). */
export function savedTopUpPaidWith(paymentIntentId: string, now: number): (Partial<PendingTopUpData> & { checkout: SavedCheckout }) | null {
  const data = parseSavedTopUp(now);
  const checkout = savedCheckoutOf(data);
  return data && checkout?.paymentIntentId === paymentIntentId ? { ...data, checkout } : null;
}

/** Notes that the saved checkout's payment is authorised: a reload now follows its order instead of asking to pay. */
export function markPaymentAuthorised(paymentIntentId: string, now: number) {
  const data = savedTopUpPaidWith(paymentIntentId, now);
  if (data) safeStorage.set(STORAGE_KEYS.pendingTransactionData, JSON.stringify({ ...data, checkout: { ...data.checkout, authorised: true } }));
}

/** What a signed-in customer's saved top-up opens on (docs/product.md §4, §2 'Restoring your payment'). */
export type SavedRestore =
  /** The payment was authorised: the result screen follows the order until the server says how it ended. */
  | { kind: 'follow'; topUp: RestoredTopUp; checkout: SavedCheckout }
  /** Complete: straight to the summary (the review), keeping any checkout already started. */
  | { kind: 'review'; topUp: RestoredTopUp }
  /** Incomplete: the form filled with what was saved. */
  | { kind: 'recipient'; recipient: RestoredRecipient };

export function restoreFromSaved(data: Partial<PendingTopUpData>, countries: readonly Country[]): SavedRestore | null {
  const recipient = recipientIn(countries, data.selectedCountry?.code ?? '', data.phoneNumber ?? '');
  if (!recipient) return null;
  const operator = isOperatorInfo(data.operatorInfo) ? withListDefaults(data.operatorInfo) : undefined;
  const amountCents = typeof data.selectedAmount === 'number' && data.selectedAmount > 0 ? toCents(data.selectedAmount) : undefined;
  if (!operator || !recipient.phone || amountCents === undefined) {
    return {
      kind: 'recipient',
      recipient: { ...recipient, ...(operator ? { operator } : {}), ...(amountCents !== undefined ? { amountCents } : {}) },
    };
  }
  const checkout = savedCheckoutOf(data);
  const topUp: RestoredTopUp = {
    ...recipient,
    operator,
    amount: amountOption(operator, amountCents),
    orderKey: checkout?.orderKey ?? null,
  };
  return checkout?.authorised ? { kind: 'follow', topUp, checkout } : { kind: 'review', topUp };
}
