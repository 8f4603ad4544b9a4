import type { Database } from '../../db/client';
import type { TopupProvider } from '../provider';
import { createSandboxOperatorDirectory } from './operator-directory';
import { createSandboxPromotions } from './promotions';
import { createSandboxTopupDelivery } from './topup-delivery';

/** The whole sandbox top-up provider: operators from the catalog tables, top-ups stored in sandbox_topups, dated promotions. */
export function createSandboxTopupProvider(db: Database, options: { now?: () => Date } = {}): TopupProvider {
  return { ...createSandboxOperatorDirectory(db), ...createSandboxTopupDelivery(db, options), ...createSandboxPromotions(db, options) };
}
