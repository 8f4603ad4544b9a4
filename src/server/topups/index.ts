import type { Config } from '../config';
import type { Database } from '../db/client';
import type { TopupProvider } from './provider';
import { createReloadlyProvider } from './reloadly/client';
import { createSandboxTopupProvider } from './sandbox';

/** Reloadly when its credentials are configured, else the sandbox provider in our own database. */
export function createTopupProvider(config: Config, db: Database): TopupProvider {
  if (config.reloadly) return createReloadlyProvider(config.reloadly);
  return createSandboxTopupProvider(db);
}
