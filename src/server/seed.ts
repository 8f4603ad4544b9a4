import { DEFAULT_AIRTIME_FEE, DEFAULT_STANDARD_FEE } from '../shared/constants';
import { seedCatalog } from './catalog/seed-catalog';
import type { Database } from './db/client';
import { priceConfig } from './db/schema';

/** Loads the data a new installation starts with. Idempotent: existing rows are left as they are. */
export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(priceConfig)
    .values([
      { key: 'airtime_fee', value: String(DEFAULT_AIRTIME_FEE) },
      { key: 'standard_fee', value: String(DEFAULT_STANDARD_FEE) },
    ])
    .onConflictDoNothing();
  await seedCatalog(db);
}
