import { SETTINGS_CONFLICT } from '../shared/api/admin-settings';
import { DomainError } from './domain-error';

/** A save made on an older version of a settings group: refused with the values in force, which the console shows. */
export const settingsConflict = (current: Record<string, unknown>) =>
  new DomainError('conflict', SETTINGS_CONFLICT, { key: 'apiErrors.settingsChanged' }, { details: { current } });
