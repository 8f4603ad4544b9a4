import { priceTopUp, type FeeConfig, type TopUpPrice } from './pricing';

/**
 * What one top-up leaves us, before it is sold (docs/decisions/053-fee-rules-per-corridor.md): the customer's price
 * (the checkout's own formula), less what the top-up provider takes from the wallet (the amount less the operator's
 * commission) and the card processor's fee (Stripe's published US card price, 2.9 % + $0.30). Shared by the console's
 * preview, the rule check of the console and the checkout's refusal to sell at a loss.
 */

/** Stripe's published US card price: 2.9 % (in hundredths of a percent) + 30 cents a charge. */
export const CARD_PROCESSING_FEE = { percentHundredths: 290, fixedCents: 30 } as const;

export interface TopUpMargin {
  price: TopUpPrice;
  /** What the provider's wallet pays: the amount less the commission. */
  providerCostCents: number;
  processorFeeCents: number;
  /** price − provider cost − processor fee; below 0 is a sale at a loss. */
  marginCents: number;
}

/** `cents × hundredths / 10 000`, rounded half up, in integers. */
const hundredthsOf = (cents: number, hundredths: number) => Math.floor((cents * hundredths + 5_000) / 10_000);

/** A commission as written ("7.5", 7.5) in hundredths of a percent (750); null when it is not a percentage 0–100. */
export function commissionHundredths(commissionPercent: number | string | null | undefined): number | null {
  if (commissionPercent === null || commissionPercent === undefined || commissionPercent === '') return null;
  const value = Number(commissionPercent);
  return Number.isFinite(value) && value >= 0 && value <= 100 ? Math.round(value * 100) : null;
}

/** The card processor's fee on a charge of `totalCents`. */
export const processorFeeCents = (totalCents: number) =>
  hundredthsOf(totalCents, CARD_PROCESSING_FEE.percentHundredths) + CARD_PROCESSING_FEE.fixedCents;

/** The margin of a top-up of `amountCents` sold with `fees` on an operator whose commission is `commission` (hundredths of a percent). */
export function marginOf(amountCents: number, fees: FeeConfig, commission: number): TopUpMargin {
  const price = priceTopUp(amountCents, fees);
  const providerCostCents = amountCents - hundredthsOf(amountCents, commission);
  const processor = processorFeeCents(price.totalCents);
  return { price, providerCostCents, processorFeeCents: processor, marginCents: price.totalCents - providerCostCents - processor };
}

/** The first of `amountsCents` that would sell below cost, with its figures; null when every one leaves a margin ≥ 0. */
export function firstLoss(amountsCents: readonly number[], fees: FeeConfig, commission: number): (TopUpMargin & { amountCents: number }) | null {
  for (const amountCents of amountsCents) {
    const margin = marginOf(amountCents, fees, commission);
    if (margin.marginCents < 0) return { ...margin, amountCents };
  }
  return null;
}
