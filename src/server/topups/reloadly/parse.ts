import { z } from 'zod';
import { PROMOTION_TEXT_LIMITS, providerPlainText } from '../../../shared/promotions';
import {
  bareTopupResult,
  type OperatorPromotion,
  type ProviderOperator,
  type PinDetail,
  type ReportedTopupStatus,
  type TopupResult,
  type WalletBalance,
} from '../provider';

// Reloadly is not consistent: amounts and ids arrive as numbers or numeric strings, lists may be missing.

const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
    .transform(Number),
]);

const optionalNumber = numeric.nullish().transform((value) => value ?? null);

const optionalText = z
  .union([z.string(), z.number().transform(String)])
  .nullish()
  .transform((value) => value ?? null);

const numberList = z
  .array(numeric)
  .nullish()
  .transform((value) => value ?? []);

const KNOWN_STATUSES = new Set(['SUCCESSFUL', 'PROCESSING', 'REFUNDED', 'FAILED']);

/** A status we know, else UNKNOWN: recorded answers carry none, and a new value must not read as a failure. */
const reportedStatus = z
  .unknown()
  .optional()
  .transform((value): ReportedTopupStatus => (typeof value === 'string' && KNOWN_STATUSES.has(value) ? (value as ReportedTopupStatus) : 'UNKNOWN'));

const flag = z
  .boolean()
  .nullish()
  .transform((value) => value ?? false);

/** `fixedAmountsDescriptions`: keyed by the amount with two decimals in real payloads, a list in the docs' examples. */
const amountDescriptions = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((value): Record<string, string> => {
    if (!value || Array.isArray(value)) return {};
    const descriptions: Record<string, string> = {};
    for (const [amount, text] of Object.entries(value)) {
      const key = Number(amount);
      if (Number.isFinite(key) && typeof text === 'string' && text.trim()) descriptions[key.toFixed(2)] = text.trim();
    }
    return descriptions;
  });

export const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: numeric.pipe(z.number().positive()),
});

export const operatorSchema = z
  .object({
    id: numeric.nullish(),
    operatorId: numeric.nullish(),
    name: z.string(),
    denominationType: z.enum(['FIXED', 'RANGE']),
    senderCurrencyCode: z.string(),
    destinationCurrencyCode: z.string(),
    minAmount: optionalNumber,
    maxAmount: optionalNumber,
    bundle: flag,
    data: flag,
    pin: flag,
    fixedAmounts: numberList,
    fixedAmountsDescriptions: amountDescriptions,
    localFixedAmounts: numberList,
    suggestedAmounts: numberList,
    suggestedAmountsMap: z
      .record(z.string(), numeric)
      .nullish()
      .transform((value) => value ?? {}),
    fx: z.object({ rate: optionalNumber }).nullish(),
    country: z.object({ isoName: z.string(), name: z.string() }),
    logoUrls: z.array(z.string()).nullish(),
    commission: optionalNumber,
  })
  .refine((operator) => (operator.operatorId ?? operator.id) != null, 'operator has neither id nor operatorId')
  .transform((operator): ProviderOperator => ({
    operatorId: (operator.operatorId ?? operator.id)!,
    name: operator.name,
    denominationType: operator.denominationType,
    minAmount: operator.denominationType === 'FIXED' ? null : operator.minAmount,
    maxAmount: operator.denominationType === 'FIXED' ? null : operator.maxAmount,
    suggestedAmounts: operator.suggestedAmounts,
    suggestedAmountsMap: operator.suggestedAmountsMap,
    fixedAmounts: operator.fixedAmounts,
    localFixedAmounts: operator.localFixedAmounts,
    amountDescriptions: operator.fixedAmountsDescriptions,
    bundle: operator.bundle,
    data: operator.data,
    pin: operator.pin,
    fxRate: operator.fx?.rate ?? null,
    senderCurrencyCode: operator.senderCurrencyCode,
    destinationCurrencyCode: operator.destinationCurrencyCode,
    country: { name: operator.country.name, isoName: operator.country.isoName },
    logoUrl: operator.logoUrls?.[0] ?? null,
    commissionPercent: operator.commission,
  }));

export const operatorListSchema = z.array(operatorSchema);

const pinDetailSchema = z
  .object({
    code: optionalText,
    serial: optionalText,
    info1: optionalText,
    info2: optionalText,
    info3: optionalText,
    value: optionalText,
    ivr: optionalText,
    validity: optionalText,
  })
  .nullish()
  .transform((pin): PinDetail | null => (pin && (pin.code !== null || pin.serial !== null) ? pin : null))
  // A PIN we cannot read must not sink the whole answer: the top-up was made, and the answer is kept for a person.
  .catch(null);

const balanceSchema = z
  .object({ oldBalance: optionalNumber, newBalance: numeric, currencyCode: optionalText })
  .nullish()
  .transform((balance): WalletBalance | null => balance ?? null)
  .catch(null);

/**
 * One top-up as Reloadly reports it. Only the transaction id is required: an answer without `status` (Reloadly's
 * recorded answers have none) or with a status we do not know is a top-up that was made, whose outcome is asked for.
 */
export const transactionSchema = z
  .object({
    transactionId: z.union([z.number(), z.string().min(1)]).transform(String),
    status: reportedStatus,
    operatorTransactionId: optionalText,
    operatorName: optionalText,
    requestedAmount: optionalNumber,
    requestedAmountCurrencyCode: optionalText,
    deliveredAmount: optionalNumber,
    deliveredAmountCurrencyCode: optionalText,
    transactionDate: optionalText,
    customIdentifier: optionalText,
    recipientPhone: optionalText,
    discount: optionalNumber,
    discountCurrencyCode: optionalText,
    balanceInfo: balanceSchema,
    pinDetail: pinDetailSchema,
  })
  .transform(({ balanceInfo, pinDetail, ...transaction }): TopupResult => ({ ...transaction, balance: balanceInfo, pin: pinDetail }));

/** `GET /topups/{id}/status` answers either a wrapper `{code, message, status, transaction}` or the flat transaction. */
export const topupStatusAnswerSchema = z.union([
  z.object({ status: z.string(), transaction: transactionSchema.nullable() }).transform(({ status, transaction }): TopupResult => {
    const reported = reportedStatus.parse(status);
    return transaction ? { ...transaction, status: reported } : bareTopupResult(reported);
  }),
  transactionSchema,
]);

/**
 * A page of `GET /topups/reports/transactions`. `content` must be there: a page without it is an answer we cannot
 * read, never "no such top-up". Its entries are read one by one (see findTopupByCustomIdentifier).
 */
/** `GET /accounts/balance`: our wallet's balance and its currency (currencyName and updatedAt are not kept). */
export const accountBalanceSchema = z.object({ balance: numeric, currencyCode: z.string().trim().min(3).max(3) });

export const transactionReportSchema = z.object({ content: z.array(z.unknown()) });

/** `GET /promotions/country-codes/{iso}`: a list, or a page of one (`content`). Entries are read one by one. */
export const promotionListSchema = z.union([z.array(z.unknown()), z.object({ content: z.array(z.unknown()) }).transform((page) => page.content)]);

const PLAIN_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/;

/**
 * A promotion date as an ISO instant. Reloadly writes "YYYY-MM-DD hh:mm:ss" without a zone, read here in
 * `utcOffset` (RELOADLY_PROMOTION_UTC_OFFSET); a date that carries its own zone keeps it.
 */
export function promotionInstant(text: string, utcOffset: string): string | null {
  const plain = PLAIN_DATE_TIME.exec(text.trim());
  const time = Date.parse(plain ? `${plain[1]}T${plain[2]}${utcOffset}` : text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** One of Reloadly's promotions; null when its ids, title or dates cannot be read (the others are still shown). */
export function readPromotion(entry: unknown, utcOffset: string): OperatorPromotion | null {
  const parsed = promotionEntrySchema.safeParse(entry);
  if (!parsed.success) return null;
  const promotion = parsed.data;
  const startsAt = promotionInstant(promotion.startDate, utcOffset);
  const endsAt = promotionInstant(promotion.endDate, utcOffset);
  const title = providerPlainText(promotion.title, PROMOTION_TEXT_LIMITS.title);
  if (!startsAt || !endsAt || !title || startsAt >= endsAt) return null;
  return {
    promotionId: promotion.promotionId,
    operatorId: promotion.operatorId,
    title,
    title2: providerPlainText(promotion.title2, PROMOTION_TEXT_LIMITS.title2),
    description: providerPlainText(promotion.description, PROMOTION_TEXT_LIMITS.description),
    startsAt,
    endsAt,
    denominations: providerPlainText(promotion.denominations, PROMOTION_TEXT_LIMITS.denominations),
    localDenominations: providerPlainText(promotion.localDenominations, PROMOTION_TEXT_LIMITS.denominations),
  };
}

const promotionEntrySchema = z.object({
  promotionId: numeric,
  operatorId: numeric,
  title: z.string(),
  title2: optionalText,
  description: optionalText,
  startDate: z.string(),
  endDate: z.string(),
  denominations: optionalText,
  localDenominations: optionalText,
});

/**
 * Reloadly's error envelope `{timeStamp, message, path, errorCode, infoLink, details}`, or the framework's error an
 * unknown path gets `{timestamp, status, error, message: "No message available", path}`. Both carry a message; only
 * the envelope has `errorCode` (possibly null) and `timeStamp`.
 */
export const errorBodySchema = z.object({
  message: z.string().nullish(),
  errorCode: z.string().nullish(),
  timeStamp: z.unknown().optional(),
  infoLink: z.unknown().optional(),
  error: z.string().nullish(),
  path: z.string().nullish(),
});

export type ErrorBody = z.output<typeof errorBodySchema>;

/** True for Reloadly's own error envelope, false for the framework's bare error (a wrong path or host). */
export function isReloadlyEnvelope(body: ErrorBody): boolean {
  return body.errorCode !== undefined || body.timeStamp !== undefined || body.infoLink !== undefined;
}
