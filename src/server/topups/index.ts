import type { Config } from '../config';
import type { Database } from '../db/client';
import type { OperatorDirectory } from './provider';
import { createReloadlyProvider } from './reloadly/client';
import { createSandboxOperatorDirectory } from './sandbox/operator-directory';

/** Reloadly when its credentials are configured, else the sandbox catalog in our own database. */
export function createOperatorDirectory(config: Config, db: Database): OperatorDirectory {
  if (config.reloadly) return createReloadlyProvider(config.reloadly);
  return createSandboxOperatorDirectory(db);
}
