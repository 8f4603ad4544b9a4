import { createRequire } from 'node:module';
import countryToCurrency from 'country-to-currency';
import isoCountries from 'i18n-iso-countries';
import { type CountryCode, getCountries, getCountryCallingCode, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import mobileExamples from 'libphonenumber-js/mobile/examples';
import type { DenominationType } from '../../shared/api/catalog';
import { readCarrierPrefixes } from './carrier-data';
import { denominationsFor } from './denominations';
import { USD_FX_RATES } from './fx-snapshot';
import { sandboxCommissionPercent } from './operator-commission';

// Loaded through require because Node needs an import attribute for JSON, which the server bundle does not keep.
isoCountries.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/en.json'));

export interface CatalogCountry {
  isoName: string;
  name: string;
  currencyCode: string;
  callingCodes: string[];
  enabled: boolean;
}

export interface CatalogOperator {
  countryIso: string;
  name: string;
  denominationType: DenominationType;
  minAmountCents: number | null;
  maxAmountCents: number | null;
  amountsCents: number[];
  destinationCurrencyCode: string;
  /** Destination-currency units per USD, as the decimal string the numeric column stores. */
  fxRate: string;
  bundle?: boolean;
  data?: boolean;
  pin?: boolean;
  amountDescriptions?: Record<string, string>;
  /** The sandbox's commission on this operator, in percent, as the numeric column stores it (operator-commission.ts). */
  commissionPercent: string;
}

export interface CatalogPrefix {
  countryIso: string;
  /** National-number prefix, without the calling code. */
  prefix: string;
  operatorName: string;
}

export interface Catalog {
  countries: CatalogCountry[];
  operators: CatalogOperator[];
  prefixes: CatalogPrefix[];
}

/**
 * The sandbox destination catalog: every ISO 3166 country that libphonenumber-js knows, with the operators of
 * Google's carrier prefix data. Deterministic: the same installed data always gives the same catalog.
 */
/** The names people search for, where the ISO English name is a formal one ("Islamic Republic of Iran"). */
const COMMON_NAMES: Record<string, string> = {
  BN: 'Brunei',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  IR: 'Iran',
  LA: 'Laos',
  MD: 'Moldova',
  MK: 'North Macedonia',
  PS: 'Palestine',
  RU: 'Russia',
  SY: 'Syria',
  TW: 'Taiwan',
  TZ: 'Tanzania',
  US: 'United States',
  VA: 'Vatican City',
};

export function buildCatalog(): Catalog {
  const knownIsoCodes = new Set(Object.keys(isoCountries.getAlpha2Codes()));
  const countryCodes = getCountries()
    .filter((iso) => knownIsoCodes.has(iso))
    .sort();

  const countriesByCallingCode = new Map<string, CountryCode[]>();
  for (const iso of countryCodes) {
    const callingCode = getCountryCallingCode(iso);
    countriesByCallingCode.set(callingCode, [...(countriesByCallingCode.get(callingCode) ?? []), iso]);
  }

  const prefixes: CatalogPrefix[] = [];
  for (const [callingCode, carrierPrefixes] of readCarrierPrefixes()) {
    const candidates = countriesByCallingCode.get(callingCode) ?? [];
    for (const [prefix, carrierName] of carrierPrefixes) {
      const operatorName = carrierName.trim();
      if (!operatorName) continue;
      const countryIso = candidates.length === 1 ? candidates[0] : countryOfPrefix(prefix, candidates);
      if (countryIso) prefixes.push({ countryIso, prefix, operatorName });
    }
  }
  prefixes.sort((a, b) => compareText(a.countryIso, b.countryIso) || compareText(a.prefix, b.prefix));

  const operatorNamesByCountry = new Map<string, Set<string>>();
  for (const { countryIso, operatorName } of prefixes) {
    const names = operatorNamesByCountry.get(countryIso) ?? new Set<string>();
    names.add(operatorName);
    operatorNamesByCountry.set(countryIso, names);
  }

  const countries: CatalogCountry[] = countryCodes
    .map((iso) => {
      const currencyCode = (countryToCurrency as Record<string, string | undefined>)[iso] ?? 'USD';
      const hasOperator = operatorNamesByCountry.has(iso);
      return {
        isoName: iso,
        name: COMMON_NAMES[iso] ?? isoCountries.getName(iso, 'en') ?? iso,
        currencyCode,
        callingCodes: [getCountryCallingCode(iso)],
        enabled: hasOperator && USD_FX_RATES[currencyCode] !== undefined,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || compareText(a.isoName, b.isoName));

  const operators: CatalogOperator[] = [];
  for (const country of [...countries].sort((a, b) => compareText(a.isoName, b.isoName))) {
    const fxRate = USD_FX_RATES[country.currencyCode];
    const names = operatorNamesByCountry.get(country.isoName);
    if (fxRate === undefined || !names) continue;
    for (const name of [...names].sort(compareText)) {
      operators.push({
        countryIso: country.isoName,
        name,
        ...denominationsFor(country.isoName, name),
        destinationCurrencyCode: country.currencyCode,
        fxRate: String(fxRate),
        commissionPercent: sandboxCommissionPercent(country.isoName, name).toFixed(2),
      });
    }
  }

  const servedCountries = new Set(operators.map((operator) => operator.countryIso));
  return { countries, operators, prefixes: prefixes.filter((row) => servedCountries.has(row.countryIso)) };
}

/**
 * Products that are not airtime, so that a fresh sandbox shows them (docs/sandbox-topups.md): a data bundle in Haiti
 * whose amounts buy described plans, and a PIN product in the United Kingdom. Each is detected for its own number
 * range, longer than any carrier prefix of its country so that it wins the longest-prefix match.
 */
export const SPECIAL_PRODUCTS: readonly (Omit<CatalogOperator, 'destinationCurrencyCode' | 'fxRate' | 'commissionPercent'> & {
  prefix: string;
  fxRate?: string;
})[] = [
  {
    countryIso: 'HT',
    name: 'Digicel Haiti Data Bundles',
    prefix: '37999',
    denominationType: 'FIXED',
    minAmountCents: null,
    maxAmountCents: null,
    amountsCents: [500, 1000, 2000],
    bundle: true,
    data: true,
    // Reloadly gives bundles a rate of 1: there is no money to convert.
    fxRate: '1',
    amountDescriptions: {
      '5.00': 'Small Plan - 2GB, 7 Days',
      '10.00': 'Medium Plan - 6GB, 15 Days',
      '20.00': 'Large Plan - 15GB, 30 Days',
    },
  },
  {
    countryIso: 'GB',
    name: 'EE PIN England',
    prefix: '730499',
    denominationType: 'FIXED',
    minAmountCents: null,
    maxAmountCents: null,
    amountsCents: [500, 1000, 2000],
    pin: true,
  },
];

/** The special products of the countries given (those served with a known rate), with their prefixes. */
export function specialProducts(countries: Pick<CatalogCountry, 'isoName' | 'currencyCode' | 'enabled'>[]): {
  operators: CatalogOperator[];
  prefixes: CatalogPrefix[];
} {
  const operators: CatalogOperator[] = [];
  const prefixes: CatalogPrefix[] = [];
  for (const { prefix, fxRate, ...product } of SPECIAL_PRODUCTS) {
    const country = countries.find((candidate) => candidate.isoName === product.countryIso);
    const rate = fxRate ?? (country ? USD_FX_RATES[country.currencyCode] : undefined);
    if (!country?.enabled || rate === undefined) continue;
    operators.push({
      ...product,
      destinationCurrencyCode: country.currencyCode,
      fxRate: String(rate),
      commissionPercent: sandboxCommissionPercent(product.countryIso, product.name).toFixed(2),
    });
    prefixes.push({ countryIso: product.countryIso, prefix, operatorName: product.name });
  }
  return { operators, prefixes };
}

const exampleNationalNumbers = new Map<CountryCode, string | undefined>();

function exampleMobileNationalNumber(iso: CountryCode): string | undefined {
  if (!exampleNationalNumbers.has(iso)) exampleNationalNumbers.set(iso, getExampleNumber(iso, mobileExamples)?.nationalNumber);
  return exampleNationalNumbers.get(iso);
}

/**
 * Which of the countries sharing a calling code a carrier prefix belongs to: the prefix completed with the digits
 * of each candidate's example mobile number must be a valid number of that very country.
 */
function countryOfPrefix(prefix: string, candidates: CountryCode[]): CountryCode | undefined {
  return candidates.find((iso) => {
    const example = exampleMobileNationalNumber(iso);
    if (!example) return false;
    const parsed = parsePhoneNumberFromString(prefix + example.slice(prefix.length), iso);
    return parsed?.country === iso && parsed.isValid();
  });
}

/** Code-point order, independent of the locale the process runs in. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
