import type { Country, OperatorInfo } from '@shared/api/catalog';
import { digitsOnly } from '@shared/phone-rules';
import { toCents } from '@shared/pricing';
import { localAmountFor, type AmountOption } from './amounts';
import { selectCountry, type SelectedCountry } from './country-selection';

export interface RestoredTopUp {
  country: SelectedCountry;
  phone: string;
  operator: OperatorInfo;
  amount: AmountOption;
}

function isOperatorInfo(value: unknown): value is OperatorInfo {
  const operator = value as Partial<OperatorInfo> | null;
  return (
    typeof operator === 'object' &&
    operator !== null &&
    typeof operator.operatorId === 'number' &&
    typeof operator.name === 'string' &&
    (operator.denominationType === 'FIXED' || operator.denominationType === 'RANGE') &&
    Array.isArray(operator.suggestedAmounts) &&
    typeof operator.senderCurrencyCode === 'string' &&
    typeof operator.destinationCurrencyCode === 'string'
  );
}

/**
 * A top-up carried in the URL (SPEC §2: `country`, `phone`, `amount`, `operatorInfo` as encoded JSON, `flag`), for when
 * the browser's saved copy is gone. Anything missing or malformed gives null, and the flow starts over.
 */
export function restoreFromParams(params: URLSearchParams, countries: readonly Country[]): RestoredTopUp | null {
  const phone = digitsOnly(params.get('phone') ?? '');
  const amountText = params.get('amount');
  const countryCode = (params.get('country') ?? '').toUpperCase();
  let operator: unknown;
  try {
    operator = JSON.parse(params.get('operatorInfo') ?? 'null');
  } catch {
    return null;
  }
  if (!phone || !amountText || !isOperatorInfo(operator)) return null;
  const iso = countryCode || operator.country?.isoName?.toUpperCase();
  const country = countries.find((candidate) => candidate.iso_name === iso);
  if (!country) return null;
  const selection = selectCountry(country);
  if (!selection.ok) return null;
  let usdCents: number;
  try {
    usdCents = toCents(amountText);
  } catch {
    return null;
  }
  if (usdCents <= 0) return null;
  const flag = params.get('flag');
  const localAmount = operator.suggestedAmountsMap?.[amountText] ?? localAmountFor(usdCents, operator);
  return {
    country: flag && flag.startsWith('/flags/') ? { ...selection.country, flag } : selection.country,
    phone,
    operator,
    amount: { usdCents, localAmount },
  };
}
