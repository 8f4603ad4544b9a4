import { inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { countries, operatorPrefixes, operators } from '../db/schema';
import { buildCatalog, SPECIAL_PRODUCTS, specialProducts } from './build-catalog';
import { sandboxCommissionPercent } from './operator-commission';

/** Rows per INSERT: few statements keep PGlite fast, and 1000 rows stay far below PostgreSQL's parameter limit. */
const INSERT_CHUNK_SIZE = 1000;
/** Arbitrary constant that serialises catalog seeding when several servers start against one PostgreSQL. */
const CATALOG_SEED_LOCK_ID = 727_002;

/**
 * Loads the destination catalog into an empty database, in one transaction (nothing once countries exist), then adds
 * the sandbox's special products (bundles, PINs) where they are missing, so older data directories gain them too.
 */
export async function seedCatalog(db: Database): Promise<void> {
  if (!(await hasCountries(db))) await seedCountriesAndOperators(db);
  await seedSpecialProducts(db);
  await fillMissingCommissions(db);
}

/** Gives the operators of a catalogue seeded before commissions were kept the sandbox's commission. */
async function fillMissingCommissions(db: Database): Promise<void> {
  const missing = await db
    .select({ id: operators.id, countryIso: operators.countryIso, name: operators.name })
    .from(operators)
    .where(isNull(operators.commissionPercent));
  for (const rows of chunks(missing)) {
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::integer, ${sandboxCommissionPercent(row.countryIso, row.name).toFixed(2)}::numeric)`),
      sql`, `,
    );
    await db.execute(sql`update ${operators} set commission_percent = filled.percent
      from (values ${values}) as filled(id, percent)
      where ${operators.id} = filled.id and ${operators.commissionPercent} is null`);
  }
}

async function seedCountriesAndOperators(db: Database): Promise<void> {
  const catalog = buildCatalog();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CATALOG_SEED_LOCK_ID})`);
    // Another server may have seeded while this one built the catalog.
    if (await hasCountries(tx)) return;
    for (const rows of chunks(catalog.countries)) await tx.insert(countries).values(rows);
    const operatorIds = new Map<string, number>();
    for (const rows of chunks(catalog.operators)) {
      const inserted = await tx
        .insert(operators)
        .values(rows)
        .returning({ id: operators.id, countryIso: operators.countryIso, name: operators.name });
      for (const row of inserted) operatorIds.set(operatorKey(row.countryIso, row.name), row.id);
    }
    const prefixRows = catalog.prefixes.map(({ countryIso, prefix, operatorName }) => {
      const operatorId = operatorIds.get(operatorKey(countryIso, operatorName));
      if (operatorId === undefined) throw new Error(`Catalog prefix ${countryIso} ${prefix} names an unknown operator "${operatorName}"`);
      return { countryIso, prefix, operatorId };
    });
    for (const rows of chunks(prefixRows)) await tx.insert(operatorPrefixes).values(rows);
  });
}

/** Adds each special product and its prefix unless already there; several servers may run this at once. */
async function seedSpecialProducts(db: Database): Promise<void> {
  const isoCodes = [...new Set(SPECIAL_PRODUCTS.map((product) => product.countryIso))];
  const rows = await db.select().from(countries).where(inArray(countries.isoName, isoCodes));
  const special = specialProducts(rows);
  if (special.operators.length === 0) return;
  await db
    .insert(operators)
    .values(special.operators)
    .onConflictDoNothing({ target: [operators.countryIso, operators.name] });
  const stored = await db
    .select({ id: operators.id, countryIso: operators.countryIso, name: operators.name })
    .from(operators)
    .where(
      inArray(
        operators.name,
        special.operators.map((operator) => operator.name),
      ),
    );
  const ids = new Map(stored.map((row) => [operatorKey(row.countryIso, row.name), row.id]));
  const prefixRows = special.prefixes.flatMap(({ countryIso, prefix, operatorName }) => {
    const operatorId = ids.get(operatorKey(countryIso, operatorName));
    return operatorId === undefined ? [] : [{ countryIso, prefix, operatorId }];
  });
  await db.insert(operatorPrefixes).values(prefixRows).onConflictDoNothing();
}

async function hasCountries(db: Pick<Database, 'select'>): Promise<boolean> {
  const rows = await db.select({ id: countries.id }).from(countries).limit(1);
  return rows.length > 0;
}

function operatorKey(countryIso: string, name: string): string {
  return `${countryIso}\u0000${name}`;
}

function* chunks<T>(rows: T[]): Generator<T[]> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK_SIZE) yield rows.slice(start, start + INSERT_CHUNK_SIZE);
}
