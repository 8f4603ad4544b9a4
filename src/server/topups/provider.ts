/** What the server needs from an airtime top-up provider (Reloadly in production, the sandbox otherwise). */

import type { OperatorInfo } from '../../shared/api/catalog';

export type { DenominationType, OperatorInfo } from '../../shared/api/catalog';

export type TopupStatus = 'SUCCESSFUL' | 'PROCESSING' | 'REFUNDED' | 'FAILED';

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
  status: TopupStatus;
  transactionId: string | null;
  operatorName: string | null;
  requestedAmount: number | null;
  requestedAmountCurrencyCode: string | null;
  deliveredAmount: number | null;
  deliveredAmountCurrencyCode: string | null;
  transactionDate: string | null;
  customIdentifier: string | null;
  recipientPhone: string | null;
}

/** Which operators serve a country and which one serves a number. */
export interface OperatorDirectory {
  /** The operator serving `phone` (national or international digits) in the country `countryIso` (ISO 3166 alpha-2). */
  detectOperator(phone: string, countryIso: string): Promise<OperatorInfo>;
  operatorsByCountry(countryIso: string): Promise<OperatorInfo[]>;
}

/** Sending top-ups and learning their outcome. */
export interface TopupDelivery {
  /**
   * Sends the top-up once. When it throws a retryable error the outcome is unknown: look it up with
   * findTopupByCustomIdentifier before sending again, because the provider may have delivered it.
   */
  sendTopup(request: TopupRequest): Promise<TopupResult>;
  /** The current status of a transaction; null when the provider does not know the transaction. */
  topupStatus(transactionId: string): Promise<TopupResult | null>;
  /** The top-up sent with this identifier; null when the provider has none. */
  findTopupByCustomIdentifier(customIdentifier: string): Promise<TopupResult | null>;
}

export interface TopupProvider extends OperatorDirectory, TopupDelivery {}

/**
 * A failed provider call. `code` is the provider's error code (e.g. INVALID_RECIPIENT_PHONE) or one of ours:
 * COULD_NOT_AUTO_DETECT_OPERATOR, UPSTREAM_UNAVAILABLE (network failure or timeout), UPSTREAM_ERROR (an error
 * without a code), UPSTREAM_INVALID_RESPONSE (an answer we could not read), NOT_FOUND.
 * `status` is the provider's HTTP status, or 502 when there was no usable answer.
 * `retryable` says the same call may succeed later (network failure, timeout, 5xx, 429).
 */
export class TopupProviderError extends Error {
  override name = 'TopupProviderError';
  readonly code: string;
  readonly status: number;
  readonly retryable: boolean;

  constructor(message: string, options: { code: string; status: number; retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = options.code;
    this.status = options.status;
    this.retryable = options.retryable;
  }
}
