/* What the sandbox payment provider charges: Stripe's published US prices (docs/decisions/050-cost-and-margin-on-every-order.md). */

/** 2.9 % + 30¢ of each captured card charge. */
export function cardProcessingFeeCents(capturedCents: number): number {
  return Math.round(capturedCents * 0.029) + 30;
}

/** The fee for a disputed charge. */
export const SANDBOX_DISPUTE_FEE_CENTS = 1500;
