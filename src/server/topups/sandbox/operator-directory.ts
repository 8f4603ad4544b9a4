import { eq } from 'drizzle-orm';
import { type CountryCode, Metadata, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { toOperatorInfo } from './operator-info';
import type { Database } from '../../db/client';
import { countries, operatorPrefixes, operators } from '../../db/schema';
import { type OperatorDirectory, type ProviderOperator, TopupProviderError } from '../provider';

type CountryRow = typeof countries.$inferSelect;

/** One country's operators, loaded once: detection then needs no database query. */
interface CountryOperators {
  country: CountryRow;
  /** Ordered by name. */
  operators: ProviderOperator[];
  operatorsByPrefix: Map<string, ProviderOperator>;
  longestPrefix: number;
}

/** How long a country's operators are kept before the tables are read again. */
const CACHE_TTL_MS = 60_000;

/**
 * The sandbox provider's operator directory, backed by the catalog tables. A country's row, operators and
 * prefixes are read on first use and kept in memory for a minute, so detection normally needs no query. Like Reloadly,
 * it lists what it offers whatever the catalogue's switches say (the console shows a switched-off country's operators);
 * catalog/served-operators.ts applies the switches in front of it.
 */
export function createSandboxOperatorDirectory(db: Database, now: () => number = Date.now): OperatorDirectory {
  const loaded = new Map<string, { entry: Promise<CountryOperators>; expiresAt: number }>();

  function countryOperators(countryIso: string): Promise<CountryOperators> {
    const iso = countryIso.toUpperCase();
    const cached = loaded.get(iso);
    if (cached && cached.expiresAt > now()) return cached.entry;
    const entry = loadCountryOperators(db, iso);
    const slot = { entry, expiresAt: now() + CACHE_TTL_MS };
    // A failed load (a country without operators, a database error) is not kept, so a later call reads again.
    entry.catch(() => {
      if (loaded.get(iso) === slot) loaded.delete(iso);
    });
    loaded.set(iso, slot);
    return entry;
  }

  return {
    async detectOperator(phone, countryIso) {
      const catalog = await countryOperators(countryIso);
      const nationalNumber = nationalSignificantNumber(phone, catalog.country) ?? '';
      for (let length = Math.min(catalog.longestPrefix, nationalNumber.length); length > 0; length--) {
        const operator = catalog.operatorsByPrefix.get(nationalNumber.slice(0, length));
        if (operator) return operator;
      }
      throw new TopupProviderError('Could not auto detect operator for given phone number', {
        code: 'COULD_NOT_AUTO_DETECT_OPERATOR',
        status: 404,
        retryable: false,
      });
    },

    async operatorsByCountry(countryIso) {
      return (await countryOperators(countryIso)).operators;
    },
  };
}

async function loadCountryOperators(db: Database, iso: string): Promise<CountryOperators> {
  const [country] = await db.select().from(countries).where(eq(countries.isoName, iso));
  const rows = country
    ? await db
        .select({ operator: operators, prefix: operatorPrefixes.prefix })
        .from(operators)
        .leftJoin(operatorPrefixes, eq(operatorPrefixes.operatorId, operators.id))
        .where(eq(operators.countryIso, iso))
    : [];
  // As Reloadly answers for a country it has no operators in.
  if (!country || rows.length === 0) {
    throw new TopupProviderError('This country is not served.', { code: 'COUNTRY_NOT_SUPPORTED', status: 400, retryable: false });
  }

  const byId = new Map<number, ProviderOperator>();
  const operatorsByPrefix = new Map<string, ProviderOperator>();
  let longestPrefix = 0;
  for (const { operator, prefix } of rows) {
    let info = byId.get(operator.id);
    if (!info) {
      info = toOperatorInfo(operator, country);
      byId.set(operator.id, info);
    }
    if (prefix !== null) {
      operatorsByPrefix.set(prefix, info);
      longestPrefix = Math.max(longestPrefix, prefix.length);
    }
  }
  const sorted = [...byId.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.operatorId - b.operatorId));
  return { country, operators: sorted, operatorsByPrefix, longestPrefix };
}

/**
 * The national significant number of `phone` (national or international digits, any punctuation): a leading
 * calling code is dropped when the number is too long to be national, and a trunk prefix such as Nigeria's 0 is
 * removed by parsing. Undefined when the digits cannot be a number of the country.
 */
export function nationalSignificantNumber(phone: string, country: Pick<CountryRow, 'isoName' | 'callingCodes'>): string | undefined {
  let digits = phone.replace(/\D/g, '');
  const callingCode = country.callingCodes[0];
  if (callingCode && digits.startsWith(callingCode) && digits.length > maxNationalLength(country.isoName)) {
    digits = digits.slice(callingCode.length);
  }
  return parsePhoneNumberFromString(digits, country.isoName as CountryCode)?.nationalNumber;
}

const metadata = new Metadata();
const maxNationalLengths = new Map<string, number>();

function maxNationalLength(iso: string): number {
  let length = maxNationalLengths.get(iso);
  if (length === undefined) {
    metadata.selectNumberingPlan(iso as CountryCode);
    length = Math.max(...(metadata.numberingPlan?.possibleLengths() ?? [0]));
    maxNationalLengths.set(iso, length);
  }
  return length;
}
