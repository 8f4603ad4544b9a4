import { useEffect, useRef } from 'react';
import { toCents } from '@shared/pricing';
import { useCountries } from './api/get-countries';
import { recipientIn } from './lib/restore-params';
import type { RestoredRecipient } from './lib/restored-top-up';

/** A number to start the flow from: its country (ISO code), its digits, and an amount to choose when it is sold. */
export interface Prefill {
  countryCode: string;
  phone: string;
  /** A USD amount ("10.00"); chosen once the operator is detected, if it sells it. */
  amount?: string | null;
}

/**
 * The recipient step as the customer would have filled it: the country chosen (when it can still be) and the number
 * typed; the amount waits for the operator, as a saved one does. Null when the country cannot be chosen now.
 */
export function prefilledRecipient(prefill: Prefill, countries: Parameters<typeof recipientIn>[0]): RestoredRecipient | null {
  const recipient = recipientIn(countries, prefill.countryCode, prefill.phone);
  if (!recipient) return null;
  return prefill.amount ? { ...recipient, amountCents: toCents(prefill.amount) } : recipient;
}

/** Fills the flow once from `prefill` (a request link, ADR 022), as soon as the country list is there. */
export function usePrefill(prefill: Prefill | undefined, restoreRecipient: (recipient: RestoredRecipient) => void) {
  const { data: countries } = useCountries();
  const applied = useRef(false);
  useEffect(() => {
    if (!prefill || !countries || applied.current) return;
    applied.current = true;
    const recipient = prefilledRecipient(prefill, countries);
    if (recipient) restoreRecipient(recipient);
  }, [prefill, countries, restoreRecipient]);
}
