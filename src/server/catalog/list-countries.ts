import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { Country } from '../../shared/api/catalog';
import { flagUrl } from '../../shared/flags';
import type { Database } from '../db/client';
import { countries } from '../db/schema';
import { CATALOGUE_CACHE_MS } from './destination-switches';

export interface CountryListBody {
  json: Buffer;
  /** The same bytes compressed once, for browsers that accept them (all do). */
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

/** Every destination as GET /api/countries answers it: `enabled` is false for a country switched off or blocked. */
export async function listCountries(db: Database, blocked: ReadonlySet<string> = new Set()): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    iso_name: row.isoName,
    flag: flagUrl(row.isoName),
    enabled: row.enabled && !blocked.has(row.isoName.toUpperCase()),
    calling_codes: row.callingCodes,
  }));
}

export type CountryListCache = ReturnType<typeof createCountryListCache>;

/**
 * GET /api/countries is the hottest read of the product: the list is serialised and compressed once and served as
 * the same bytes (with an ETag) for as long as it does not change, instead of querying, serialising and compressing
 * per request. The table is read again at most every CATALOGUE_CACHE_MS (an admin may switch a country on any server),
 * and the compressed bodies are made again only when the list changed.
 */
export function createCountryListCache(db: Database, options: { blocked?: ReadonlySet<string>; now?: () => number; maxAgeMs?: number } = {}) {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? CATALOGUE_CACHE_MS;
  let cached: { body: CountryListBody; readAt: number } | undefined;
  let loading: Promise<CountryListBody> | undefined;
  let generation = 0;

  async function load(): Promise<CountryListBody> {
    const startedIn = generation;
    const readAt = now();
    const json = Buffer.from(JSON.stringify(await listCountries(db, options.blocked)));
    const body = cached?.body.json.equals(json) ? cached.body : compress(json);
    if (startedIn === generation) cached = { body, readAt };
    return body;
  }

  return {
    get(): Promise<CountryListBody> {
      if (cached && now() - cached.readAt < maxAgeMs) return Promise.resolve(cached.body);
      if (!loading) {
        const started = load().finally(() => {
          if (loading === started) loading = undefined;
        });
        loading = started;
      }
      return loading;
    },
    /** The next request reads the table again (the compressed bodies are kept if the list turns out the same). */
    invalidate() {
      generation++;
      if (cached) cached = { ...cached, readAt: Number.NEGATIVE_INFINITY };
      loading = undefined;
    },
  };
}

function compress(json: Buffer): CountryListBody {
  const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  const gzip = gzipSync(json, { level: 9 });
  const brotli = brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
  return { json, gzip, brotli, etag };
}
