import { useEffect, useRef } from 'react';

/**
 * "Fill the top-up flow with this recipient": a country and a national number, which the flow takes as if the
 * customer had chosen the country and typed the number, then detects the operator (features/topup/use-recipient-fill.ts).
 * Anything may ask for it (a saved recipient's 'Send again' on the home page, a link that opens the flow); a request
 * made before the flow is on screen waits for it.
 */
export interface RecipientFill {
  /** ISO 3166 alpha-2. */
  countryCode: string;
  /** National number; anything but digits is dropped. */
  phone: string;
}

let waiting: RecipientFill | null = null;
const listeners = new Set<() => void>();

export function requestRecipientFill(fill: RecipientFill): void {
  waiting = fill;
  for (const listener of listeners) listener();
}

/** The request waiting for the flow, taken (so it is filled once). */
function takeRecipientFill(): RecipientFill | null {
  const fill = waiting;
  waiting = null;
  return fill;
}

/** Hands each request to `onFill` once `ready` (the flow can take it), including one made before it mounted. */
export function useRecipientFillRequests(onFill: (fill: RecipientFill) => void, ready: boolean): void {
  const handler = useRef(onFill);
  useEffect(() => {
    handler.current = onFill;
  });
  useEffect(() => {
    if (!ready) return;
    const deliver = () => {
      const fill = takeRecipientFill();
      if (fill) handler.current(fill);
    };
    listeners.add(deliver);
    deliver();
    return () => {
      listeners.delete(deliver);
    };
  }, [ready]);
}
