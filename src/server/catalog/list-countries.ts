import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import { flagUrl, type Country } from '../../shared/api/catalog';
import type { Database } from '../db/client';
import { countries } from '../db/schema';

/** How long one server keeps the serialised list before reading the table again (admins may enable countries). */
const CACHE_TTL_MS = 60_000;

export interface CountryListBody {
  json: Buffer;
  /** The same bytes compressed once, for browsers that accept them (all do). */
  gzip: Buffer;
  brotli: Buffer;
  etag: string;
}

export async function listCountries(db: Database): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.name));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    iso_name: row.isoName,
    flag: flagUrl(row.isoName),
    enabled: row.enabled,
    calling_codes: row.callingCodes,
  }));
}

/**
 * GET /api/countries is the hottest read of the product: the list is serialised and compressed once and served as
 * the same bytes (with an ETag) until the cache expires, instead of querying, serialising and compressing per request.
 */
export function createCountryListCache(db: Database, now: () => number = Date.now) {
  let cached: { body: CountryListBody; expiresAt: number } | undefined;
  let loading: Promise<CountryListBody> | undefined;

  async function load(): Promise<CountryListBody> {
    const json = Buffer.from(JSON.stringify(await listCountries(db)));
    const etag = `"${createHash('sha1').update(json).digest('base64url')}"`;
    const gzip = gzipSync(json, { level: 9 });
    const brotli = brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } });
    cached = { body: { json, gzip, brotli, etag }, expiresAt: now() + CACHE_TTL_MS };
    return cached.body;
  }

  return {
    get(): Promise<CountryListBody> {
      if (cached && cached.expiresAt > now()) return Promise.resolve(cached.body);
      loading ??= load().finally(() => (loading = undefined));
      return loading;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
