/*
 * The top-up wallet's last known balance in this instance's memory
 * (docs/decisions/062-a-wallet-read-every-quarter-hour-and-checkouts-it-cannot-pay.md): the business checks read and
 * record the provider's balance (alerts/wallet-balance.ts), the checkout compares each order's cost with it.
 */

/** A balance as read or reported, in the wallet's currency and (when known) in USD cents. */
export interface WalletReading {
  balance: number;
  currencyCode: string;
  usdCents: number | null;
  readAt: Date;
}

/**
 * The last balance this instance knows, in memory: the checkout compares each order's provider cost with it without a
 * statement of its own. The checks refresh it every minute from the last reading (any instance's), and a top-up this
 * instance sends refreshes it with the balance the provider answered.
 */
export interface WalletGauge {
  current(): WalletReading | null;
  note(reading: WalletReading): void;
}

export function createWalletGauge(): WalletGauge {
  let last: WalletReading | null = null;
  return {
    current: () => last,
    note(reading) {
      if (!last || reading.readAt.getTime() >= last.readAt.getTime()) last = reading;
    },
  };
}
