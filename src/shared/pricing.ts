import { DEFAULT_AIRTIME_FEE, DEFAULT_STANDARD_FEE } from './constants';

/**
 * The fee formula (docs/product.md §9), in integer cents, shared by the browser and the server:
 * total = amount + round2(amount * airtime_fee) + standard_fee, rounding half up.
 */
export interface FeeConfig {
  /** Fraction of the amount, e.g. 0.03 for 3%. */
  airtimeFee: number;
  standardFeeCents: number;
}

export interface TopUpPrice {
  amountCents: number;
  percentageFeeCents: number;
  standardFeeCents: number;
  /** What the summary shows as "Service Fee": the percentage part plus the flat part. */
  serviceFeeCents: number;
  totalCents: number;
}

/** An exact non-negative decimal: units / 10^scale. */
interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL_PATTERN = /^\+?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * Reads a number or numeric string as the decimal it is written as, so 1.005 stays 1005/1000 instead of the
 * binary float just below it. `String(number)` gives the shortest text that round-trips, which is that decimal.
 */
function parseDecimal(value: number | string): Decimal | undefined {
  const text = String(value).trim();
  const match = DECIMAL_PATTERN.exec(text);
  if (!match || !Number.isFinite(Number(text))) return undefined;
  const [, whole = '', fraction = '', exponent = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const units = BigInt(whole + fraction);
  const scale = fraction.length - Number(exponent);
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

function toSafeNumber(value: bigint, what: string): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`${what} is too large: ${value}`);
  return result;
}

/** A USD amount (number or numeric string) in integer cents, rounding half up: 1.005 → 101. */
export function toCents(amount: number | string): number {
  const decimal = parseDecimal(amount);
  if (!decimal) throw new RangeError(`Not a non-negative finite amount: ${String(amount)}`);
  return toSafeNumber(divideRoundingHalfUp(decimal.units * 100n, 10n ** BigInt(decimal.scale)), 'Amount');
}

/** Cents as a plain USD amount with two decimals and no symbol: 123456 → "1234.56". */
export function formatUsd(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

function readAirtimeFee(raw: unknown): number | undefined {
  if (typeof raw !== 'number' && typeof raw !== 'string') return undefined;
  if (!parseDecimal(raw)) return undefined;
  const fee = Number(String(raw).trim());
  return fee <= 1 ? fee : undefined;
}

function readStandardFeeCents(raw: unknown): number | undefined {
  if (typeof raw !== 'number' && typeof raw !== 'string') return undefined;
  try {
    return toCents(raw);
  } catch {
    return undefined;
  }
}

/** The price config as the API sends it; anything missing or unusable falls back to the defaults. */
export function parseFeeConfig(raw: { airtime_fee?: unknown; standard_fee?: unknown } | null | undefined): FeeConfig {
  return {
    airtimeFee: readAirtimeFee(raw?.airtime_fee) ?? DEFAULT_AIRTIME_FEE,
    standardFeeCents: readStandardFeeCents(raw?.standard_fee) ?? toCents(DEFAULT_STANDARD_FEE),
  };
}

export function priceTopUp(amountCents: number, config: FeeConfig): TopUpPrice {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) {
    throw new RangeError(`Amount must be a non-negative whole number of cents: ${amountCents}`);
  }
  if (!Number.isSafeInteger(config.standardFeeCents) || config.standardFeeCents < 0) {
    throw new RangeError(`Standard fee must be a non-negative whole number of cents: ${config.standardFeeCents}`);
  }
  const fee = parseDecimal(config.airtimeFee);
  if (!fee || config.airtimeFee > 1) throw new RangeError(`Airtime fee must be a fraction from 0 to 1: ${config.airtimeFee}`);

  const percentageFeeCents = toSafeNumber(divideRoundingHalfUp(BigInt(amountCents) * fee.units, 10n ** BigInt(fee.scale)), 'Percentage fee');
  const serviceFeeCents = percentageFeeCents + config.standardFeeCents;
  const totalCents = amountCents + serviceFeeCents;
  if (!Number.isSafeInteger(totalCents)) throw new RangeError(`Total is too large: ${totalCents}`);
  return { amountCents, percentageFeeCents, standardFeeCents: config.standardFeeCents, serviceFeeCents, totalCents };
}
