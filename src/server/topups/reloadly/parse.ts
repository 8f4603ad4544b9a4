import { z } from 'zod';
import type { OperatorInfo, TopupResult } from '../provider';

// Reloadly is not consistent: amounts and ids arrive as numbers or numeric strings, lists may be missing.

const numeric = z.union([
  z.number(),
  z.string().trim().regex(/^-?\d+(\.\d+)?$/, 'must be a number').transform(Number),
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

const topupStatusSchema = z.enum(['SUCCESSFUL', 'PROCESSING', 'REFUNDED', 'FAILED']);

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
    fixedAmounts: numberList,
    localFixedAmounts: numberList,
    suggestedAmounts: numberList,
    suggestedAmountsMap: z
      .record(z.string(), numeric)
      .nullish()
      .transform((value) => value ?? {}),
    fx: z.object({ rate: optionalNumber }).nullish(),
    country: z.object({ isoName: z.string(), name: z.string() }),
    logoUrls: z.array(z.string()).nullish(),
  })
  .refine((operator) => (operator.operatorId ?? operator.id) != null, 'operator has neither id nor operatorId')
  .transform(
    (operator): OperatorInfo => ({
      operatorId: (operator.operatorId ?? operator.id)!,
      name: operator.name,
      denominationType: operator.denominationType,
      minAmount: operator.denominationType === 'FIXED' ? null : operator.minAmount,
      maxAmount: operator.denominationType === 'FIXED' ? null : operator.maxAmount,
      suggestedAmounts: operator.suggestedAmounts,
      suggestedAmountsMap: operator.suggestedAmountsMap,
      fixedAmounts: operator.fixedAmounts,
      localFixedAmounts: operator.localFixedAmounts,
      fxRate: operator.fx?.rate ?? null,
      senderCurrencyCode: operator.senderCurrencyCode,
      destinationCurrencyCode: operator.destinationCurrencyCode,
      country: { name: operator.country.name, isoName: operator.country.isoName },
      logoUrl: operator.logoUrls?.[0] ?? null,
    }),
  );

export const operatorListSchema = z.array(operatorSchema);

export const transactionSchema = z
  .object({
    transactionId: z.union([z.number(), z.string().min(1)]).transform(String),
    status: topupStatusSchema,
    operatorName: optionalText,
    requestedAmount: optionalNumber,
    requestedAmountCurrencyCode: optionalText,
    deliveredAmount: optionalNumber,
    deliveredAmountCurrencyCode: optionalText,
    transactionDate: optionalText,
    customIdentifier: optionalText,
    recipientPhone: optionalText,
  })
  .transform((transaction): TopupResult => ({ ...transaction }));

/** `GET /topups/{id}/status` answers either the flat transaction or a wrapper around it. */
export const topupStatusAnswerSchema = z.union([
  z
    .object({ status: topupStatusSchema, transaction: transactionSchema.nullable() })
    .transform(
      ({ status, transaction }): TopupResult =>
        transaction
          ? { ...transaction, status }
          : {
              status,
              transactionId: null,
              operatorName: null,
              requestedAmount: null,
              requestedAmountCurrencyCode: null,
              deliveredAmount: null,
              deliveredAmountCurrencyCode: null,
              transactionDate: null,
              customIdentifier: null,
              recipientPhone: null,
            },
    ),
  transactionSchema,
]);

export const transactionReportSchema = z.object({
  content: z
    .array(transactionSchema)
    .nullish()
    .transform((value) => value ?? []),
});

/** Reloadly's error envelope, or the bare Spring error an unknown path gets. */
export const errorBodySchema = z.object({
  message: z.string().nullish(),
  errorCode: z.string().nullish(),
  error: z.string().nullish(),
  path: z.string().nullish(),
});
