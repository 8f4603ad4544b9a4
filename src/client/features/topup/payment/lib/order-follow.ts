/**
 * How often the result screen reads an order that is not final yet, by how long it has followed it (docs/product.md
 * §9): often at first, then less often, and then every minute for as long as the page is open. It never gives up:
 * only the server's word ends 'Processing Top-up'.
 */
export const ORDER_FOLLOW_PACE = {
  steps: [
    { untilMs: 45 * 1000, everyMs: 2 * 1000 },
    { untilMs: 10 * 60 * 1000, everyMs: 15 * 1000 },
  ],
  thenEveryMs: 60 * 1000,
} as const;

/** From this long on, the screen says the top-up is still being checked and that the card is only charged on delivery. */
export const STILL_CHECKING_AFTER_MS = ORDER_FOLLOW_PACE.steps[0].untilMs;

/** The wait before the next read of an order followed for `followedForMs`. */
export function followIntervalMs(followedForMs: number): number {
  return ORDER_FOLLOW_PACE.steps.find((step) => followedForMs < step.untilMs)?.everyMs ?? ORDER_FOLLOW_PACE.thenEveryMs;
}
