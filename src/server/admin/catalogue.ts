import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminCatalogueCountry,
  adminCatalogueCountriesQuerySchema,
  AdminCatalogueOperator,
  CatalogueCountryStatus,
  CatalogueOperatorsProblem,
} from '../../shared/api/admin-catalogue';
import type { ApiMessageKey } from '../../shared/api/messages';
import type { Catalogue } from '../catalog/catalogue';
import type { Database } from '../db/client';
import { countries, disabledOperators } from '../db/schema';
import { DomainError } from '../domain-error';
import { TopupProviderError, type OperatorInfo } from '../topups/provider';
import { recordAdminAction, type AdminActor } from '../audit/audit-log';

type CountryRow = typeof countries.$inferSelect;
type DisabledOperatorRow = typeof disabledOperators.$inferSelect;

/** One switch an admin turns, with their reason. */
export interface CatalogueSwitchRequest {
  actor: AdminActor;
  /** Upper-case ISO code (the route's schema normalises it). */
  iso: string;
  enabled: boolean;
  reason: string;
  now: Date;
}

const conflict = (code: string, key: ApiMessageKey, details: Record<string, unknown>) => new DomainError('conflict', code, { key }, { details });
const countryNotFound = () => new DomainError('not_found', 'CATALOGUE_COUNTRY_NOT_FOUND', { key: 'apiErrors.catalogueCountryNotFound' });
const operatorNotFound = () => new DomainError('not_found', 'CATALOGUE_OPERATOR_NOT_FOUND', { key: 'apiErrors.catalogueOperatorNotFound' });
const blockedDestination = () => conflict('DESTINATION_BLOCKED', 'apiErrors.destinationBlocked', { blocked: true });

function statusOf(row: CountryRow, blocked: ReadonlySet<string>): CatalogueCountryStatus {
  if (blocked.has(row.isoName)) return 'blocked';
  return row.enabled ? 'enabled' : 'disabled';
}

function toCountry(row: CountryRow, blocked: ReadonlySet<string>): AdminCatalogueCountry {
  return {
    isoName: row.isoName,
    name: row.name,
    callingCodes: row.callingCodes,
    currencyCode: row.currencyCode,
    status: statusOf(row, blocked),
    enabled: row.enabled,
    blocked: blocked.has(row.isoName),
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

function toOperator(operator: OperatorInfo, disabled: DisabledOperatorRow | undefined): AdminCatalogueOperator {
  return {
    operatorId: operator.operatorId,
    name: operator.name,
    denominationType: operator.denominationType,
    minAmount: operator.minAmount,
    maxAmount: operator.maxAmount,
    fixedAmounts: operator.fixedAmounts,
    localFixedAmounts: operator.localFixedAmounts,
    amountDescriptions: operator.amountDescriptions,
    fxRate: operator.fxRate,
    senderCurrencyCode: operator.senderCurrencyCode,
    destinationCurrencyCode: operator.destinationCurrencyCode,
    bundle: operator.bundle,
    data: operator.data,
    pin: operator.pin,
    enabled: disabled === undefined,
    disabledReason: disabled?.reason ?? null,
    disabledAt: disabled?.disabledAt.toISOString() ?? null,
  };
}

/** Lower case without accents, so "cote" finds "Côte d'Ivoire". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * GET /api/admin/catalogue/countries: every destination by name, with its status, narrowed to part of its name (any
 * case, accents ignored) or its ISO code (listed first), and to one status. The counts are of every destination.
 */
export async function listCatalogueCountries(db: Database, catalogue: Catalogue, query: z.output<typeof adminCatalogueCountriesQuerySchema>) {
  const { blocked } = catalogue.switches;
  const rows = await db.select().from(countries).orderBy(asc(countries.name), asc(countries.isoName));
  const all = rows.map((row) => toCountry(row, blocked));
  const counts: Record<CatalogueCountryStatus, number> = { enabled: 0, disabled: 0, blocked: 0 };
  for (const country of all) counts[country.status]++;
  const search = query.q ? folded(query.q) : '';
  const matches = all.filter(
    (country) =>
      (!search || folded(country.name).includes(search) || country.isoName.toLowerCase() === search) &&
      (!query.status || country.status === query.status),
  );
  // "ng" is Nigeria's code before it is part of Hong Kong's name.
  const byCode = matches.filter((country) => country.isoName.toLowerCase() === search);
  return { countries: [...byCode, ...matches.filter((country) => !byCode.includes(country))], counts };
}

async function countryRow(db: Database, iso: string): Promise<CountryRow> {
  const [row] = await db.select().from(countries).where(eq(countries.isoName, iso));
  if (!row) throw countryNotFound();
  return row;
}

/** The provider's operators for a country, or why there are none to show. */
async function providerOperatorsOf(
  catalogue: Catalogue,
  iso: string,
): Promise<{ operators: OperatorInfo[]; problem: CatalogueOperatorsProblem | null }> {
  try {
    return { operators: await catalogue.providerOperators.operatorsByCountry(iso), problem: null };
  } catch (error) {
    if (!(error instanceof TopupProviderError)) throw error;
    return { operators: [], problem: error.retryable ? 'unavailable' : 'not_supported' };
  }
}

async function disabledRowsOf(db: Database, catalogue: Catalogue, operatorIds: number[]): Promise<Map<number, DisabledOperatorRow>> {
  if (operatorIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(disabledOperators)
    .where(and(eq(disabledOperators.provider, catalogue.switches.provider), inArray(disabledOperators.operatorId, operatorIds)));
  return new Map(rows.map((row) => [row.operatorId, row]));
}

/** GET /api/admin/catalogue/countries/:iso: the country and the provider's operators there, each with its switch. */
export async function catalogueCountryPage(db: Database, catalogue: Catalogue, iso: string) {
  const row = await countryRow(db, iso);
  const { operators, problem } = await providerOperatorsOf(catalogue, iso);
  const disabled = await disabledRowsOf(
    db,
    catalogue,
    operators.map((operator) => operator.operatorId),
  );
  return {
    country: toCountry(row, catalogue.switches.blocked),
    operators: operators.map((operator) => toOperator(operator, disabled.get(operator.operatorId))),
    operatorsProblem: problem,
  };
}

/** The switch's state as the audit log keeps it before and after. */
const countrySwitch = (row: CountryRow) => ({
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: row.disabledAt?.toISOString() ?? null,
});

/**
 * Turns a country on or off, with its audit row in the same transaction, then drops this server's copies of the
 * switches so the change applies here at once (other servers follow within seconds). A blocked destination is never
 * turned on (409 DESTINATION_BLOCKED), whatever spelling of its code the request used; a switch already in the asked
 * position is a 409 too, so a second admin's click is not recorded as a change.
 */
export async function setCountryEnabled(db: Database, catalogue: Catalogue, request: CatalogueSwitchRequest): Promise<AdminCatalogueCountry> {
  const { blocked } = catalogue.switches;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(countries).where(eq(countries.isoName, request.iso)).for('update');
    if (!row) throw countryNotFound();
    if (request.enabled && blocked.has(row.isoName)) throw blockedDestination();
    if (row.enabled === request.enabled) {
      throw request.enabled
        ? conflict('COUNTRY_ALREADY_ENABLED', 'apiErrors.countryAlreadyEnabled', { enabled: true })
        : conflict('COUNTRY_ALREADY_DISABLED', 'apiErrors.countryAlreadyDisabled', { enabled: false });
    }
    const [changed] = await tx
      .update(countries)
      .set(
        request.enabled
          ? { enabled: true, disabledReason: null, disabledAt: null }
          : { enabled: false, disabledReason: request.reason, disabledAt: request.now },
      )
      .where(eq(countries.id, row.id))
      .returning();
    await recordAdminAction(tx, {
      actor: request.actor,
      action: request.enabled ? 'country.enable' : 'country.disable',
      targetType: 'country',
      targetId: row.isoName,
      reason: request.reason,
      before: countrySwitch(row),
      after: countrySwitch(changed!),
      now: request.now,
    });
    return changed!;
  });
  catalogue.dropCaches();
  return toCountry(updated, blocked);
}

/**
 * Turns one of the provider's operators on or off in a country, with its audit row in the same transaction. The
 * operator must be one the provider lists there now (404 otherwise); in a blocked destination none is turned on.
 */
export async function setOperatorEnabled(
  db: Database,
  catalogue: Catalogue,
  request: CatalogueSwitchRequest & { operatorId: number },
): Promise<AdminCatalogueOperator> {
  const { provider, blocked } = catalogue.switches;
  const country = await countryRow(db, request.iso);
  if (request.enabled && blocked.has(country.isoName)) throw blockedDestination();
  const { operators, problem } = await providerOperatorsOf(catalogue, country.isoName);
  if (problem === 'unavailable') throw new DomainError('unavailable', 'UPSTREAM_UNAVAILABLE', { key: 'topup.result.errors.serviceUnavailable' });
  const operator = operators.find((candidate) => candidate.operatorId === request.operatorId);
  if (!operator) throw operatorNotFound();

  const facts = { countryIso: country.isoName, operatorName: operator.name };
  const disabledRow = await db.transaction(async (tx) => {
    let before: Record<string, unknown>;
    let after: Record<string, unknown>;
    let stored: DisabledOperatorRow | undefined;
    if (request.enabled) {
      const [removed] = await tx
        .delete(disabledOperators)
        .where(and(eq(disabledOperators.provider, provider), eq(disabledOperators.operatorId, operator.operatorId)))
        .returning();
      if (!removed) throw conflict('OPERATOR_ALREADY_ENABLED', 'apiErrors.operatorAlreadyEnabled', { enabled: true });
      before = { enabled: false, disabledReason: removed.reason, disabledAt: removed.disabledAt.toISOString() };
      after = { enabled: true, disabledReason: null, disabledAt: null };
    } else {
      [stored] = await tx
        .insert(disabledOperators)
        .values({
          provider,
          operatorId: operator.operatorId,
          countryIso: country.isoName,
          operatorName: operator.name,
          reason: request.reason,
          disabledAt: request.now,
        })
        .onConflictDoNothing()
        .returning();
      if (!stored) throw conflict('OPERATOR_ALREADY_DISABLED', 'apiErrors.operatorAlreadyDisabled', { enabled: false });
      before = { enabled: true, disabledReason: null, disabledAt: null };
      after = { enabled: false, disabledReason: stored.reason, disabledAt: stored.disabledAt.toISOString() };
    }
    await recordAdminAction(tx, {
      actor: request.actor,
      action: request.enabled ? 'operator.enable' : 'operator.disable',
      targetType: 'operator',
      targetId: `${provider}:${operator.operatorId}`,
      reason: request.reason,
      before: { ...before, ...facts },
      after: { ...after, ...facts },
      now: request.now,
    });
    return stored;
  });
  catalogue.dropCaches();
  return toOperator(operator, disabledRow);
}
