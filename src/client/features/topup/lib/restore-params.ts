import type { Country, OperatorInfo } from '@shared/api/catalog';
import { digitsOnly } from '@shared/phone-rules';
import { toCents } from '@shared/pricing';
import { amountOption } from './amounts';
import { selectCountry } from './country-selection';
import type { AutoContinue, RestoredRecipient, RestoredTopUp } from './restored-top-up';

export function isOperatorInfo(value: unknown): value is OperatorInfo {
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

/** A URL written by an older version may leave out lists and flags; they are filled with their "none" values. */
export function withListDefaults(operator: OperatorInfo): OperatorInfo {
  return {
    ...operator,
    suggestedAmountsMap: operator.suggestedAmountsMap ?? {},
    fixedAmounts: operator.fixedAmounts ?? [],
    localFixedAmounts: operator.localFixedAmounts ?? [],
    amountDescriptions: operator.amountDescriptions ?? {},
    bundle: operator.bundle ?? false,
    data: operator.data ?? false,
    pin: operator.pin ?? false,
    fxRate: operator.fxRate ?? null,
  };
}

/**
 * A top-up carried in the URL (docs/product.md §2: `country`, `phone`, `amount`, `operatorInfo` as encoded JSON, `flag`), for when
 * the browser's saved copy is gone. Anything missing or malformed gives null, and the flow starts over.
 */
export function restoreFromParams(params: URLSearchParams, countries: readonly Country[]): RestoredTopUp | null {
  const phone = digitsOnly(params.get('phone') ?? '');
  const amountText = params.get('amount');
  const countryCode = (params.get('country') ?? '').toUpperCase();
  let parsed: unknown;
  try {
    parsed = JSON.parse(params.get('operatorInfo') ?? 'null');
  } catch {
    return null;
  }
  if (!phone || !amountText || !isOperatorInfo(parsed)) return null;
  const operator = withListDefaults(parsed);
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
  return {
    country: flag && flag.startsWith('/flags/') ? { ...selection.country, flag } : selection.country,
    phone,
    operator,
    amount: amountOption(operator, usdCents),
  };
}

/** The country and number of `?restore=summary&country=..&phone=..` without an amount; null when either is unusable. */
export function restoreRecipientFromParams(params: URLSearchParams, countries: readonly Country[]): RestoredRecipient | null {
  const phone = digitsOnly(params.get('phone') ?? '');
  return phone ? recipientIn(countries, params.get('country') ?? '', phone) : null;
}

/** A country (by its code) that can still be chosen, with a number (possibly empty); null when the country cannot. */
export function recipientIn(countries: readonly Country[], countryCode: string, phone: string): RestoredRecipient | null {
  const country = countries.find((candidate) => candidate.iso_name === countryCode.toUpperCase());
  const selection = country ? selectCountry(country) : null;
  return selection?.ok ? { country: selection.country, phone: digitsOnly(phone) } : null;
}

/**
 * docs/product.md §4 returns from sign-in: `post-auth=true&payment_intent_id=…` sends the top-up (the payment is already
 * authorised); `post-auth=true&step=steps.payment` asks for the payment intent (the saved checkout's own, when there
 * is one) and opens the payment form; anything else just shows the review.
 */
export function continueWithOf(params: URLSearchParams): AutoContinue | null {
  if (params.get('post-auth') !== 'true') return null;
  const paymentIntentId = params.get('payment_intent_id');
  if (paymentIntentId) return { kind: 'processTopup', paymentIntentId };
  return params.get('step') === 'steps.payment' ? { kind: 'createIntent' } : null;
}

/** Back to the payment form of the saved top-up, for the same recipient and amount (after a declined redirect payment). */
export function paymentRetryPath(countryCode: string, phone: string): string {
  return `/?${new URLSearchParams({ 'post-auth': 'true', step: 'steps.payment', country: countryCode, phone }).toString()}`;
}

/** The recipient step of the flow, filled with this number (after a failed top-up seen away from the flow). */
export function recipientRestorePath(countryCode: string, phone: string): string {
  return `/?${new URLSearchParams({ restore: 'summary', country: countryCode, phone }).toString()}`;
}
