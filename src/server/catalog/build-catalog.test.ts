import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, buildCatalog } from './build-catalog';
import { FIXED_AMOUNT_LADDER_CENTS, MIN_FIXED_AMOUNTS, RANGE_SUGGESTED_CENTS } from './denominations';
import { USD_FX_RATES } from './fx-snapshot';
import { SANDBOX_COMMISSION_MAX_PERCENT, SANDBOX_COMMISSION_MIN_PERCENT } from './operator-commission';

describe('buildCatalog', () => {
  let catalog: Catalog;
  const operatorNames = (iso: string) => catalog.operators.filter((operator) => operator.countryIso === iso).map((operator) => operator.name);
  const prefixesOf = (iso: string) => catalog.prefixes.filter((row) => row.countryIso === iso).map((row) => row.prefix);

  beforeAll(() => {
    catalog = buildCatalog();
  });

  it('serves more than 150 countries with at least 500 operators', () => {
    expect(catalog.countries.filter((country) => country.enabled).length).toBeGreaterThan(150);
    expect(catalog.operators.length).toBeGreaterThanOrEqual(500);
  });

  it("gives every operator a commission spread like Reloadly's, from 2 % to 13 %", () => {
    const percents = catalog.operators.map((operator) => Number(operator.commissionPercent));
    for (const percent of percents) {
      expect(percent).toBeGreaterThanOrEqual(SANDBOX_COMMISSION_MIN_PERCENT);
      expect(percent).toBeLessThanOrEqual(SANDBOX_COMMISSION_MAX_PERCENT);
      expect(Number.isInteger(percent * 4)).toBe(true);
    }
    expect(Math.min(...percents)).toBeLessThan(4);
    expect(Math.max(...percents)).toBeGreaterThan(11);
    expect(new Set(percents).size).toBeGreaterThan(30);
  });

  it('gives the same catalog on every build', () => {
    expect(buildCatalog()).toEqual(catalog);
  });

  it('lists countries sorted by name, each once, with digit calling codes', () => {
    const names = catalog.countries.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(new Set(catalog.countries.map((country) => country.isoName)).size).toBe(catalog.countries.length);
    for (const country of catalog.countries) expect(country.callingCodes).toEqual([expect.stringMatching(/^\d{1,3}$/)]);
  });

  it('enables exactly the countries that have an operator and an FX rate for their currency', () => {
    const served = new Set(catalog.operators.map((operator) => operator.countryIso));
    for (const country of catalog.countries) {
      expect({ iso: country.isoName, enabled: country.enabled }).toEqual({
        iso: country.isoName,
        enabled: served.has(country.isoName) && USD_FX_RATES[country.currencyCode] !== undefined,
      });
    }
  });

  it('keeps countries without carrier data, disabled', () => {
    expect(catalog.countries.find((country) => country.isoName === 'MX')).toMatchObject({
      name: 'Mexico',
      currencyCode: 'MXN',
      callingCodes: ['52'],
      enabled: false,
    });
  });

  it('prices every operator in its country currency at the snapshot rate', () => {
    const currencyOf = new Map(catalog.countries.map((country) => [country.isoName, country.currencyCode]));
    for (const operator of catalog.operators) {
      expect(operator.destinationCurrencyCode).toBe(currencyOf.get(operator.countryIso));
      expect(Number(operator.fxRate)).toBe(USD_FX_RATES[operator.destinationCurrencyCode]);
    }
  });

  it('gives about half the operators FIXED amounts from the ladder and the rest a 1–100 USD RANGE', () => {
    const fixed = catalog.operators.filter((operator) => operator.denominationType === 'FIXED');
    const range = catalog.operators.filter((operator) => operator.denominationType === 'RANGE');
    expect(fixed.length / catalog.operators.length).toBeGreaterThan(0.4);
    expect(range.length / catalog.operators.length).toBeGreaterThan(0.4);
    for (const operator of fixed) {
      expect(operator).toMatchObject({ minAmountCents: null, maxAmountCents: null });
      expect(operator.amountsCents.length).toBeGreaterThanOrEqual(MIN_FIXED_AMOUNTS);
      expect(operator.amountsCents).toEqual([...operator.amountsCents].sort((a, b) => a - b));
      for (const cents of operator.amountsCents) expect(FIXED_AMOUNT_LADDER_CENTS).toContain(cents);
    }
    for (const operator of range) expect(operator).toMatchObject({ minAmountCents: 100, maxAmountCents: 10000, amountsCents: RANGE_SUGGESTED_CENTS });
  });

  it('names each operator once per country, trimmed, and maps every prefix to one of them', () => {
    const keys = catalog.operators.map((operator) => `${operator.countryIso}:${operator.name}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const operator of catalog.operators) expect(operator.name).toBe(operator.name.trim());
    const known = new Set(keys);
    for (const row of catalog.prefixes) expect(known.has(`${row.countryIso}:${row.operatorName}`)).toBe(true);
    const prefixKeys = catalog.prefixes.map((row) => `${row.countryIso}:${row.prefix}`);
    expect(new Set(prefixKeys).size).toBe(prefixKeys.length);
  });

  it('has the Nigerian networks', () => {
    expect(operatorNames('NG')).toEqual(expect.arrayContaining(['MTN', 'Airtel', 'Glo', '9mobile']));
    expect(catalog.prefixes).toContainEqual({ countryIso: 'NG', prefix: '803', operatorName: 'MTN' });
  });

  it('serves Cuba, Ethiopia and India', () => {
    for (const iso of ['CU', 'ET', 'IN']) expect(catalog.countries.find((country) => country.isoName === iso)?.enabled).toBe(true);
  });

  it('splits calling code 1 by area code: Jamaican ranges go to Jamaica, not to the United States or Canada', () => {
    const isJamaicanAreaCode = (prefix: string) => /^(876|658)/.test(prefix);
    expect(operatorNames('JM').length).toBeGreaterThan(0);
    expect(prefixesOf('JM').length).toBeGreaterThan(0);
    expect(prefixesOf('JM').every(isJamaicanAreaCode)).toBe(true);
    expect([...prefixesOf('US'), ...prefixesOf('CA')].some(isJamaicanAreaCode)).toBe(false);
    expect(prefixesOf('BS').every((prefix) => prefix.startsWith('242'))).toBe(true);
  });

  it('splits calling codes 44 and 7 by the country whose numbers a prefix starts', () => {
    expect(catalog.prefixes).toContainEqual({ countryIso: 'GG', prefix: '7781', operatorName: 'Sure' });
    expect(catalog.prefixes).toContainEqual({ countryIso: 'JE', prefix: '7797', operatorName: 'JT' });
    expect(catalog.prefixes).toContainEqual({ countryIso: 'IM', prefix: '7624', operatorName: 'Manx Telecom' });
    expect(catalog.prefixes).toContainEqual({ countryIso: 'KZ', prefix: '701', operatorName: 'Kcell/Activ' });
    expect(operatorNames('GB')).toEqual(expect.arrayContaining(['EE', 'O2', 'Three', 'Vodafone']));
    expect(operatorNames('RU')).toEqual(expect.arrayContaining(['Beeline', 'MegaFon', 'MTS']));
  });
});
