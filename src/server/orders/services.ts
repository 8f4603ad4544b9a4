import type { DeclineAlertThresholds } from '../../shared/api/admin-overview';
import type { WalletGauge } from '../topups/wallet-gauge';
import type { DestinationSwitches } from '../catalog/destination-switches';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../payments/provider';
import type { OperatorDirectory, TopupDelivery } from '../topups/provider';
import type { PinVault } from './pin-vault';
import type { ServiceLimitsSource } from './service-limits';

/** Where order code writes what an operator must know (a capture that keeps failing, a dispute). */
export interface OrderLog {
  info(detail: Record<string, unknown>, message: string): void;
  warn(detail: Record<string, unknown>, message: string): void;
  error(detail: Record<string, unknown>, message: string): void;
}

/** Everything the order code talks to; tests replace the providers and the clock. */
export interface OrderServices {
  db: Database;
  payments: PaymentProvider;
  topups: TopupDelivery;
  /** The operators customers may buy: the provider's, with the catalogue's switches applied (catalog/served-operators.ts). */
  operators: OperatorDirectory;
  /** The catalogue's switches: checkout and fulfilment refuse a destination they switch off or block. */
  destinations: DestinationSwitches;
  now: () => Date;
  log: OrderLog;
  /** The daily spending cap, the wait between two top-ups of a number and the checkout attempts, as admins set them. */
  limits: ServiceLimitsSource;
  /** Seals the PINs of PIN products before they are stored. */
  pinVault: PinVault;
  /** Under this balance (in the wallet's currency) of the top-up provider's wallet, every top-up logs a warning. */
  lowWalletBalance: number | null;
  /** When the last hour's declines raise the alert (the overview and the metrics). */
  declineAlert: DeclineAlertThresholds;
  /**
   * The top-up wallet's last known balance, in this instance's memory (alerts/wallet-balance.ts): a checkout the wallet
   * cannot pay is refused before any card is held. Without it, no checkout is refused for the wallet.
   */
  wallet?: WalletGauge;
}

export const silentLog: OrderLog = { info() {}, warn() {}, error() {} };
