/** What the server needs from an airtime top-up provider (Reloadly in production, the sandbox otherwise). */

import type { OperatorInfo } from '../../shared/api/catalog';
import type { PinDetail } from '../../shared/api/orders';
import type { OperatorPromotion } from '../../shared/api/promotions';

export type { DenominationType, OperatorInfo } from '../../shared/api/catalog';
export type { PinDetail } from '../../shared/api/orders';
export type { OperatorPromotion } from '../../shared/api/promotions';

export type TopupStatus = 'SUCCESSFUL' | 'PROCESSING' | 'REFUNDED' | 'FAILED';

/**
 * A top-up's status as the provider reported it. UNKNOWN: the provider took the top-up (it gave a transaction id)
 * but did not say what became of it — an answer without a status, or a status we do not know. It is followed like
 * PROCESSING, by asking for the transaction's status, and never read as a failure.
 */
export type ReportedTopupStatus = TopupStatus | 'UNKNOWN';

/** The provider's wallet after a top-up (Reloadly's balanceInfo). */
export interface WalletBalance {
  oldBalance: number | null;
  newBalance: number;
  currencyCode: string | null;
}

export interface TopupRequest {
  operatorId: number;
  /** In the sender currency. */
  amount: number;
  useLocalAmount: false;
  /** Unique forever per top-up: our order's identifier, used to look the outcome up after a lost answer. */
  customIdentifier: string;
  recipientPhone: { countryCode: string; number: string };
}

/**
 * A top-up as the provider reports it. The transaction fields are null when the provider gives a status without
 * a transaction (a REFUNDED status answer can do that).
 */
export interface TopupResult {
  status: ReportedTopupStatus;
  transactionId: string | null;
  /** The operator's own reference for the top-up, when the provider passes it on. */
  operatorTransactionId: string | null;
  operatorName: string | null;
  requestedAmount: number | null;
  requestedAmountCurrencyCode: string | null;
  deliveredAmount: number | null;
  deliveredAmountCurrencyCode: string | null;
  transactionDate: string | null;
  customIdentifier: string | null;
  recipientPhone: string | null;
  /** What the provider kept back from our wallet as its discount, in discountCurrencyCode. */
  discount: number | null;
  discountCurrencyCode: string | null;
  /** The provider's wallet after this top-up, when the answer says. */
  balance: WalletBalance | null;
  /** The PIN to redeem, for PIN products only. */
  pin: PinDetail | null;
}

/** A result with only a status, for answers that carry no transaction (a REFUNDED status answer can do that). */
export function bareTopupResult(status: ReportedTopupStatus): TopupResult {
  return {
    status,
    transactionId: null,
    operatorTransactionId: null,
    operatorName: null,
    requestedAmount: null,
    requestedAmountCurrencyCode: null,
    deliveredAmount: null,
    deliveredAmountCurrencyCode: null,
    transactionDate: null,
    customIdentifier: null,
    recipientPhone: null,
    discount: null,
    discountCurrencyCode: null,
    balance: null,
    pin: null,
  };
}

/**
 * An operator as the provider lists it, with what only the server may know: the commission the provider keeps back
 * from our wallet on its top-ups. Customers get `customerOperatorInfo` of it, never this.
 */
export interface ProviderOperator extends OperatorInfo {
  /** Percent of the amount (Reloadly's `commission`; the sandbox's documented one); null when the provider gives none. */
  commissionPercent: number | null;
}

/** The operator as customers may see it: everything but the server's own figures. */
export function customerOperatorInfo(operator: ProviderOperator): OperatorInfo {
  const { commissionPercent: _commission, ...info } = operator;
  return info;
}

/** Which operators serve a country and which one serves a number. */
export interface OperatorDirectory {
  /** The operator serving `phone` (national or international digits) in the country `countryIso` (ISO 3166 alpha-2). */
  detectOperator(phone: string, countryIso: string): Promise<ProviderOperator>;
  operatorsByCountry(countryIso: string): Promise<ProviderOperator[]>;
}

/** Sending top-ups and learning their outcome. */
export interface TopupDelivery {
  /**
   * Sends the top-up once. Unless it throws an error whose `notSent` is true, the provider may have taken it: look
   * the outcome up with findTopupByCustomIdentifier before sending again.
   */
  sendTopup(request: TopupRequest): Promise<TopupResult>;
  /** The current status of a transaction; null when the provider does not know the transaction. */
  topupStatus(transactionId: string): Promise<TopupResult | null>;
  /** The top-up sent with this identifier; null when the provider has none. */
  findTopupByCustomIdentifier(customIdentifier: string): Promise<TopupResult | null>;
  /** Our wallet's balance now (Reloadly's `GET /accounts/balance`); absent from fakes that do not keep one. */
  walletBalance?(): Promise<{ balance: number; currencyCode: string }>;
}

/**
 * The operators' promotions (Reloadly's `/promotions`): their texts as plain, capped text, their dates as instants.
 * Ended and future ones are listed too; which show is decided in front of it (shared/promotions.ts).
 */
export interface PromotionSource {
  promotionsByCountry(countryIso: string): Promise<OperatorPromotion[]>;
}

export interface TopupProvider extends OperatorDirectory, TopupDelivery, PromotionSource {}

/**
 * The error codes with which the provider refuses a top-up it did not make (Reloadly's codes, which the sandbox
 * uses too): the recipient, the operator, the amount, a limit or our wallet ruled it out before anything was sent.
 * Only a 4xx answer carrying one of these is a rejection that releases the customer's payment; any other failure
 * of a send — a 5xx, a timeout, an answer we cannot read, a bare 404, CUSTOM_IDENTIFIER_ALREADY_USED,
 * TOPUP_TRANSACTION_FAILED (the operator's refusal may come after the wallet was debited) — leaves the outcome
 * unknown, to be looked up. ADR 007 gives the reasons.
 */
export const NOT_SENT_ERROR_CODES: ReadonlySet<string> = new Set([
  'INVALID_RECIPIENT_PHONE',
  'INVALID_PHONE_NUMBER',
  'PHONE_RECENTLY_RECHARGED',
  'INSUFFICIENT_BALANCE',
  'COULD_NOT_AUTO_DETECT_OPERATOR',
  'COUNTRY_NOT_SUPPORTED',
  'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE',
  'OPERATOR_NOT_IN_SERVICE',
  'INVALID_AMOUNT_FOR_OPERATOR',
  'INVALID_AMOUNT',
  'FX_RATE_NOT_AVAILABLE',
  'MAX_DAILY_TRANSACTION_COUNT_REACHED',
  'MAX_DAILY_TRANSACTION_AMOUNT_REACHED',
  'TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT',
]);

/**
 * A failed provider call. `code` is the provider's error code (e.g. INVALID_RECIPIENT_PHONE) or one of ours:
 * COULD_NOT_AUTO_DETECT_OPERATOR, UPSTREAM_UNAVAILABLE (network failure or timeout), UPSTREAM_ERROR (an error
 * without a code), UPSTREAM_INVALID_RESPONSE (an answer we could not read), NOT_FOUND (a 404 outside the
 * provider's own error envelope: a wrong path or host).
 * `status` is the provider's HTTP status, or 502 when there was no usable answer.
 * `retryable` says the same call may succeed later (network failure, timeout, 5xx, 429, a bare 404).
 * `notSent` says the provider refused a top-up without making it (a 4xx with a code of NOT_SENT_ERROR_CODES).
 */
export class TopupProviderError extends Error {
  override name = 'TopupProviderError';
  readonly code: string;
  readonly status: number;
  readonly retryable: boolean;
  readonly notSent: boolean;

  constructor(message: string, options: { code: string; status: number; retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.retryable = options.retryable;
    this.notSent = options.status >= 400 && options.status < 500 && NOT_SENT_ERROR_CODES.has(options.code);
  }
}
