import { z } from 'zod';
import type { DenominationType } from './catalog';

/**
 * The operations console's catalogue (/api/admin/catalogue/*): which destinations and operators customers may buy.
 * Every route is behind requireAdmin. A country is served when its switch is on and it is not on the blocked list
 * (BLOCKED_DESTINATIONS, set at start and never switched on from the console); an operator is served when its
 * country is and its own switch is on. The switches apply on top of what the top-up provider offers.
 */

/** Where the operators come from: the sandbox catalogue in our database, or Reloadly's API. */
export const TOPUP_PROVIDERS = ['sandbox', 'reloadly'] as const;
export type TopupProviderName = (typeof TOPUP_PROVIDERS)[number];

/** How a country stands: served, switched off by an admin, or on the blocked list (whatever its switch says). */
export const CATALOGUE_COUNTRY_STATUSES = ['enabled', 'disabled', 'blocked'] as const;
export type CatalogueCountryStatus = (typeof CATALOGUE_COUNTRY_STATUSES)[number];

/** A country's ISO 3166 alpha-2 code, in any case and with spaces around it; read as the upper-case code. */
export const isoCodeSchema = z
  .string('iso must be a 2-letter ISO country code')
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'iso must be a 2-letter ISO country code')
  .transform((code) => code.toUpperCase());

/** GET /api/admin/catalogue/countries — every destination matching both filters, by name. */
export const adminCatalogueCountriesQuerySchema = z.object({
  /** Part of the name in any case, or the ISO code. */
  q: z
    .string()
    .trim()
    .max(100, 'q must be at most 100 characters')
    .refine((value) => !value.includes('\u0000'), 'q must not contain a NUL character')
    .optional(),
  status: z.enum(CATALOGUE_COUNTRY_STATUSES, 'status must be enabled, disabled or blocked').optional(),
});
export type AdminCatalogueCountriesQuery = z.input<typeof adminCatalogueCountriesQuerySchema>;

export const adminCatalogueCountryParamsSchema = z.object({ iso: isoCodeSchema });

export const adminCatalogueOperatorParamsSchema = z.object({
  iso: isoCodeSchema,
  operatorId: z.coerce
    .number('operatorId must be an operator id')
    .int('operatorId must be an operator id')
    .positive('operatorId must be an operator id')
    .max(2_147_483_647, 'operatorId must be an operator id'),
});

export interface AdminCatalogueCountry {
  isoName: string;
  name: string;
  /** Digits only, e.g. ["234"]. */
  callingCodes: string[];
  currencyCode: string;
  status: CatalogueCountryStatus;
  /** The admin switch as stored; a blocked country stays unserved whatever it says. */
  enabled: boolean;
  /** On BLOCKED_DESTINATIONS: cannot be enabled from the console. */
  blocked: boolean;
  /** Why and since when an admin switched it off; null while it is on. */
  disabledReason: string | null;
  disabledAt: string | null;
}

export interface AdminCatalogueCountriesResponse {
  success: true;
  provider: TopupProviderName;
  countries: AdminCatalogueCountry[];
  /** Every destination by status, whatever the filters. */
  counts: Record<CatalogueCountryStatus, number>;
}

/** One operator as the provider lists it, with the console's switch. Amounts are in the sender currency (USD). */
export interface AdminCatalogueOperator {
  operatorId: number;
  name: string;
  denominationType: DenominationType;
  /** RANGE bounds; null for FIXED. */
  minAmount: number | null;
  maxAmount: number | null;
  /** The amounts a FIXED operator accepts, and what each delivers in the destination currency ([] for plans). */
  fixedAmounts: number[];
  localFixedAmounts: number[];
  /** What each amount of a bundle or data plan buys, keyed by the amount with two decimals. */
  amountDescriptions: Record<string, string>;
  /** Destination-currency units per sender-currency unit, as the provider prices it; null when it gives none. */
  fxRate: number | null;
  senderCurrencyCode: string;
  destinationCurrencyCode: string;
  bundle: boolean;
  data: boolean;
  pin: boolean;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: string | null;
}

/**
 * Why a country page has no operator list: the provider does not serve the country (`not_supported`), or it could not
 * be asked now (`unavailable`, e.g. Reloadly unreachable).
 */
export type CatalogueOperatorsProblem = 'not_supported' | 'unavailable';

/** GET /api/admin/catalogue/countries/:iso */
export interface AdminCatalogueCountryResponse {
  success: true;
  provider: TopupProviderName;
  country: AdminCatalogueCountry;
  operators: AdminCatalogueOperator[];
  operatorsProblem: CatalogueOperatorsProblem | null;
}

/** POST /api/admin/catalogue/countries/:iso/enable | disable with AdminReasonBody. */
export const CATALOGUE_SWITCH_ACTIONS = ['enable', 'disable'] as const;
export type CatalogueSwitchAction = (typeof CATALOGUE_SWITCH_ACTIONS)[number];

export interface AdminCatalogueCountryActionResponse {
  success: true;
  country: AdminCatalogueCountry;
}

/** POST /api/admin/catalogue/countries/:iso/operators/:operatorId/enable | disable with AdminReasonBody. */
export interface AdminCatalogueOperatorActionResponse {
  success: true;
  operator: AdminCatalogueOperator;
}
