import { z } from 'zod';

/** GET /api/countries — one destination (docs/product.md §3 Country). `flag` is the URL of the self-hosted flag image. */
export interface Country {
  id: number;
  name: string;
  iso_name: string;
  flag: string;
  enabled: boolean;
  /** Calling codes as digits (e.g. ["234"]). Older data may send a JSON string of the array. */
  calling_codes: string[] | string;
}

export type DenominationType = 'FIXED' | 'RANGE';

/** GET /api/reloadly/operator-detect/{phone}/{countryIsoCode} → { success: true, data } (docs/product.md §3 Operator info). */
export interface OperatorInfo {
  operatorId: number;
  name: string;
  denominationType: DenominationType;
  /** Sender-currency bounds of a RANGE operator; null for FIXED. */
  minAmount: number | null;
  maxAmount: number | null;
  /** Sender-currency (USD) amounts to offer. */
  suggestedAmounts: number[];
  /** Sender amount (as a string key, e.g. "10") → amount delivered in the destination currency. */
  suggestedAmountsMap: Record<string, number>;
  /** Sender-currency amounts a FIXED operator accepts; [] for RANGE. */
  fixedAmounts: number[];
  /** The same FIXED amounts in the destination currency; [] for bundles and data plans, which have none. */
  localFixedAmounts: number[];
  /** What each amount buys, keyed by the sender amount with two decimals ("5.00": "Small Plan - 2GB, 7 Days"). */
  amountDescriptions: Record<string, string>;
  /** A bundle or data plan: the recipient gets a plan, not an amount of local currency. */
  bundle: boolean;
  data: boolean;
  /** A PIN product: the top-up gives a PIN the recipient redeems. */
  pin: boolean;
  /** Destination-currency units per sender-currency unit, when known (used to preview custom RANGE amounts). */
  fxRate: number | null;
  senderCurrencyCode: string;
  destinationCurrencyCode: string;
  country: { name: string; isoName: string };
  logoUrl: string | null;
}

export interface OperatorDetectResponse {
  success: true;
  data: OperatorInfo;
}

/** GET /api/price-config (docs/product.md §3: either value may be a number or a numeric string). */
export interface PriceConfigResponse {
  airtime_fee: number | string;
  standard_fee: number | string;
}

/**
 * GET /api/price-config's query: with both, the fees of that operator's checkout (its fee rule, its country's, else the
 * global fee); without, the global fee.
 */
export const priceConfigQuerySchema = z.object({
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((code) => code.toUpperCase())
    .optional(),
  operatorId: z.coerce
    .number('operatorId must be a whole number')
    .int('operatorId must be a whole number')
    .positive('operatorId must be a whole number')
    .optional(),
});

/** GET /api/price-config/defaults */
export interface PriceConfigDefaultsResponse {
  DEFAULT_AIRTIME_FEE: number;
  DEFAULT_STANDARD_FEE: number;
}

/** Path parameters of operator detection; messages are translation keys (see api/message-texts.ts, "validation"). */
export const operatorDetectParamsSchema = z.object({
  phone: z.string().regex(/^\d{1,20}$/, 'validation.phoneDigits'),
  countryIsoCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'validation.countryCode')
    .transform((code) => code.toUpperCase()),
});

/**
 * GET /api/operators/:countryIsoCode — the operators a customer may choose in a country (the provider's list with the
 * catalogue's switches applied), for when detection finds none or finds the wrong one (ADR 055).
 */
export const operatorListParamsSchema = operatorDetectParamsSchema.pick({ countryIsoCode: true });

export interface OperatorListResponse {
  success: true;
  operators: OperatorInfo[];
}
