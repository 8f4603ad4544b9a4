import type { z } from 'zod';
import type { topupBodySchema } from '../../shared/api/orders';
import { digitsOnly } from '../../shared/phone-rules';
import { toCents } from '../../shared/pricing';
import type { Database } from '../db/client';
import { DomainError } from '../domain-error';
import type { JustAuthorisedRequest } from './fulfilment';
import type { Order } from './state-machine';
import { countryFacts, findUserOrder, storedNumbersMatching, type CountryFacts } from './views';

/** Operator ids are PostgreSQL integers. */
const MAX_OPERATOR_ID = 2 ** 31 - 1;

/** The browser's top-up call: the order it paid for (by its payment), and what it says of that order. */
export type TopupRequest = z.output<typeof topupBodySchema>;

/**
 * The claim of the usual call, made right after the payment was authorised, when it names the order's destination:
 * the order is claimed and delivered without being read first, the call's details matched by the claim itself. Null
 * when the call names no destination, or an operator id past the column's range (which names no order, and would not
 * compare in the database): the order is then read and matched first (orderMatchingTopupRequest).
 */
export async function justAuthorisedClaim(db: Database, userId: string, request: TopupRequest): Promise<JustAuthorisedRequest | null> {
  const { operatorId, recipientPhone } = request;
  if (operatorId === undefined || !recipientPhone || Number(operatorId) > MAX_OPERATOR_ID) return null;
  const countryIso = recipientPhone.countryCode.toUpperCase();
  const { callingCode } = await countryFacts(db, countryIso);
  return {
    paymentId: request.paymentIntentId,
    userId,
    destination: { countryIso, operatorId: Number(operatorId) },
    amountCents: request.amount === undefined ? undefined : toCents(request.amount),
    recipientPhones: storedNumbersMatching(digitsOnly(recipientPhone.number), callingCode),
  };
}

const mismatch = (field: string) => new DomainError('invalid', 'TOPUP_MISMATCH', { key: 'apiErrors.topupMismatch' }, { field });

/**
 * The user's order of the call's payment, with its country, when the call's details are the order's. The browser
 * repeats what it paid for; a call whose details differ from the order is refused, naming the first field that
 * differs. The order itself is paid and goes on as recorded (the reconciler delivers it), so the refusal says nothing
 * about the money.
 */
export async function orderMatchingTopupRequest(
  db: Database,
  userId: string,
  request: TopupRequest,
): Promise<{ order: Order; country: CountryFacts }> {
  const order = await findUserOrder(db, userId, { paymentId: request.paymentIntentId });
  if (!order) throw new DomainError('not_found', 'ORDER_NOT_FOUND', { key: 'apiErrors.paymentOrderNotFound' });
  const country = await countryFacts(db, order.countryIso);
  if (request.operatorId !== undefined && Number(request.operatorId) !== order.operatorId) throw mismatch('operatorId');
  if (request.amount !== undefined && toCents(request.amount) !== order.amountCents) throw mismatch('amount');
  if (request.recipientPhone) {
    if (request.recipientPhone.countryCode.toUpperCase() !== order.countryIso) throw mismatch('recipientPhone.countryCode');
    const number = digitsOnly(request.recipientPhone.number);
    if (!storedNumbersMatching(number, country.callingCode).includes(order.recipientPhone)) throw mismatch('recipientPhone.number');
  }
  return { order, country };
}
