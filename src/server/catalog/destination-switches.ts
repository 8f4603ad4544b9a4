import { eq } from 'drizzle-orm';
import type { TopupProviderName } from '../../shared/api/admin-catalogue';
import type { Database } from '../db/client';
import { countries, disabledOperators } from '../db/schema';
import { DomainError } from '../domain-error';

/**
 * How old the copy of the switches a server acts on may be. The server where an admin turns a switch drops its copy at
 * once; every other server on the same database sees the change within this time, without a restart.
 */
export const CATALOGUE_CACHE_MS = 2_000;

/** What stops a top-up to a destination: its country (unknown, switched off or blocked), or its operator (switched off). */
export type DestinationRefusal = 'country' | 'operator';

/**
 * The catalogue's switches as every path that sells or delivers a top-up reads them: the countries list, operator
 * detection, checkout and fulfilment. Read from the tables at most every CATALOGUE_CACHE_MS, by one query pair shared
 * by every caller waiting for it.
 */
export interface DestinationSwitches {
  /** Whose operator ids the operator switches are (the sandbox's or Reloadly's). */
  readonly provider: TopupProviderName;
  /** BLOCKED_DESTINATIONS: never served, whatever their switch says. */
  readonly blocked: ReadonlySet<string>;
  /** Why a top-up to this country (and operator, when given) is refused now; null when it is served. */
  refusal(countryIso: string, operatorId?: number): Promise<DestinationRefusal | null>;
  /** The provider's operators an admin switched off. */
  disabledOperatorIds(): Promise<ReadonlySet<number>>;
  /**
   * Forgets the copy, so the next question reads the tables: called by this server after an admin's change, and the
   * hook for a message from another server once one is sent.
   */
  drop(): void;
}

interface Snapshot {
  /** Every known country's switch, by upper-case ISO code. */
  countries: ReadonlyMap<string, boolean>;
  disabledOperators: ReadonlySet<number>;
  readAt: number;
}

export function createDestinationSwitches(
  db: Database,
  options: { provider: TopupProviderName; blocked: readonly string[]; now?: () => number },
): DestinationSwitches {
  const now = options.now ?? Date.now;
  const blocked: ReadonlySet<string> = new Set(options.blocked.map((code) => code.toUpperCase()));
  let current: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  // Bumped by drop(): a read that started before it does not become the copy after it.
  let generation = 0;

  async function load(): Promise<Snapshot> {
    const startedIn = generation;
    const readAt = now();
    const countryRows = await db.select({ isoName: countries.isoName, enabled: countries.enabled }).from(countries);
    const operatorRows = await db
      .select({ operatorId: disabledOperators.operatorId })
      .from(disabledOperators)
      .where(eq(disabledOperators.provider, options.provider));
    const snapshot: Snapshot = {
      countries: new Map(countryRows.map((row) => [row.isoName.toUpperCase(), row.enabled])),
      disabledOperators: new Set(operatorRows.map((row) => row.operatorId)),
      readAt,
    };
    if (startedIn === generation) current = snapshot;
    return snapshot;
  }

  function snapshot(): Promise<Snapshot> {
    if (current && now() - current.readAt < CATALOGUE_CACHE_MS) return Promise.resolve(current);
    if (!loading) {
      const started = load().finally(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  }

  return {
    provider: options.provider,
    blocked,
    async refusal(countryIso, operatorId) {
      const iso = countryIso.toUpperCase();
      const switches = await snapshot();
      if (blocked.has(iso) || switches.countries.get(iso) !== true) return 'country';
      if (operatorId !== undefined && switches.disabledOperators.has(operatorId)) return 'operator';
      return null;
    },
    async disabledOperatorIds() {
      return (await snapshot()).disabledOperators;
    },
    drop() {
      generation++;
      current = undefined;
      loading = undefined;
    },
  };
}

/**
 * Refuses a top-up to a destination that is not served, as the customer reads it: an unserved country exactly as
 * docs/product.md §5 says ('This country is currently not available for service.', whether it is switched off,
 * blocked or unknown), a switched-off operator as not available. `fields` names the request's fields, when there are.
 */
export async function refuseUnservedDestination(
  switches: DestinationSwitches,
  countryIso: string,
  operatorId?: number,
  fields: { country?: string; operator?: string } = {},
): Promise<void> {
  const refusal = await switches.refusal(countryIso, operatorId);
  if (refusal === 'country') {
    throw new DomainError('invalid', 'COUNTRY_NOT_SUPPORTED', { key: 'topup.errors.unavailable' }, fields.country ? { field: fields.country } : {});
  }
  if (refusal === 'operator') {
    throw new DomainError(
      'invalid',
      'OPERATOR_UNAVAILABLE',
      { key: 'apiErrors.operatorUnavailable' },
      fields.operator ? { field: fields.operator } : {},
    );
  }
}
