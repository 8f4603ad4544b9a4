import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { type CountryCode, isPossiblePhoneNumber } from 'libphonenumber-js/max';
import { localAmountFor, type OperatorRow } from './operator-info';
import type { Database } from '../../db/client';
import { driverValues, insertWhere, placeholdersFor, preparedStatement, rowOf } from '../../db/raw-rows';
import { countries, operators, orders, sandboxTopups } from '../../db/schema';
import { lapseSandboxAuthorisations } from '../../payments/sandbox/payment-intents';
import { type PinDetail, type TopupDelivery, TopupProviderError, type TopupRequest, type TopupResult, type TopupStatus } from '../provider';
import { nationalSignificantNumber } from './operator-directory';
import { debitSandboxWallet, sandboxWalletBalance } from './wallet';

/** What the sandbox does with a top-up, chosen by the recipient number (docs/sandbox-topups.md). */
export type SandboxDeliveryOutcome = TopupStatus | 'INVALID_RECIPIENT_PHONE' | 'ANSWER_LOST' | 'HOLD_LAPSES' | 'LOST_TRACK';

/** Outcomes by the last four digits of the recipient's number; every other number is delivered at once. */
export const OUTCOMES_BY_LAST_FOUR_DIGITS: Readonly<Record<string, SandboxDeliveryOutcome>> = {
  '0000': 'FAILED',
  '0001': 'PROCESSING',
  '0002': 'REFUNDED',
  '0003': 'INVALID_RECIPIENT_PHONE',
  '0004': 'ANSWER_LOST',
  '0005': 'HOLD_LAPSES',
  '0006': 'LOST_TRACK',
};

/** A LOST_TRACK top-up (0006) is unknown to the provider's lookups for this long after it was sent, then SUCCESSFUL. */
export const SANDBOX_LOST_TRACK_MS = 10 * 60 * 1000;

/** What the sandbox's send stores of a top-up (every column but its serial id and status reads). */
const SEND_COLUMNS = [
  'customIdentifier',
  'operatorId',
  'operatorName',
  'countryIso',
  'recipientPhone',
  'status',
  'requestedAmount',
  'deliveredAmount',
  'deliveredCurrencyCode',
  'pin',
  'unknownUntil',
  'createdAt',
] as const;
type SendValues = Required<Pick<typeof sandboxTopups.$inferInsert, (typeof SEND_COLUMNS)[number]>>;

/**
 * The send: the cooldown check and the insert in one statement, prepared once per database (every top-up makes one).
 * Another top-up of the number within the cooldown (one made since `since`) stops the insert; the unique index decides
 * between two sends with one identifier, even concurrent ones: only the first is stored.
 */
const sendStatement = preparedStatement<Record<string, unknown> & { recent_identifier: string | null; transaction_id: number | null }>(
  'sandbox_topup_send',
  () => {
    const values = placeholdersFor(SEND_COLUMNS);
    const recent = sql`select ${sandboxTopups.customIdentifier} from ${sandboxTopups}
      where ${sandboxTopups.recipientPhone} = ${values.recipientPhone} and ${sandboxTopups.createdAt} > ${sql.placeholder('since')}::timestamptz
        and ${sandboxTopups.status} in ('SUCCESSFUL', 'PROCESSING')
      limit 1`;
    const noOtherRecent = sql`not exists (select 1 from recent where custom_identifier <> ${values.customIdentifier})`;
    return sql`
      with recent as (${recent}),
      inserted as (
        ${insertWhere(sandboxTopups, values as unknown as typeof sandboxTopups.$inferInsert, noOtherRecent)}
        on conflict (custom_identifier) do nothing
        returning *
      )
      select recent.custom_identifier as recent_identifier, inserted.*
      from (select 1) as one left join recent on true left join inserted on true`;
  },
);

/** How the sandbox keeps a sent top-up for each outcome: the scripted ones are top-ups that did go out. */
const STORED_STATUS: Readonly<Record<Exclude<SandboxDeliveryOutcome, 'INVALID_RECIPIENT_PHONE'>, TopupStatus>> = {
  SUCCESSFUL: 'SUCCESSFUL',
  PROCESSING: 'PROCESSING',
  FAILED: 'FAILED',
  REFUNDED: 'REFUNDED',
  ANSWER_LOST: 'SUCCESSFUL',
  HOLD_LAPSES: 'SUCCESSFUL',
  LOST_TRACK: 'SUCCESSFUL',
};

/** Like Reloadly, the sandbox refuses a second top-up to one number within this time (PHONE_RECENTLY_RECHARGED). */
export const SANDBOX_RECHARGE_COOLDOWN_MS = 2 * 60 * 1000;

/** A PROCESSING top-up answers SUCCESSFUL from this status read on (reads by transaction id or by identifier). */
export const STATUS_READS_UNTIL_SUCCESSFUL = 2;

type TopupRow = typeof sandboxTopups.$inferSelect;
interface OperatorWithCountry {
  operator: OperatorRow;
  country: typeof countries.$inferSelect;
}

/** How long the sandbox keeps an operator's row (its catalogue is written when the server starts). */
const OPERATOR_CACHE_MS = 60_000;

/**
 * The top-up delivery `npm start` uses without Reloadly credentials: top-ups are stored in sandbox_topups, answered
 * the way Reloadly answers them, with the outcome the recipient's test number asks for. Amounts are checked against
 * the operator's denominations in the catalog.
 */
export function createSandboxTopupDelivery(db: Database, options: { now?: () => Date } = {}): TopupDelivery {
  const now = options.now ?? (() => new Date());

  /** Reads a top-up and counts the read in one statement, so a PROCESSING one moves on even under concurrent reads. */
  async function readTopup(where: SQL): Promise<TopupResult | null> {
    const known = or(isNull(sandboxTopups.unknownUntil), lte(sandboxTopups.unknownUntil, now()));
    const [row] = await db
      .update(sandboxTopups)
      .set({
        statusReads: sql`${sandboxTopups.statusReads} + 1`,
        status: sql`case when ${sandboxTopups.status} = 'PROCESSING' and ${sandboxTopups.statusReads} + 1 >= ${STATUS_READS_UNTIL_SUCCESSFUL} then 'SUCCESSFUL' else ${sandboxTopups.status} end`,
      })
      .where(and(where, known))
      .returning();
    return row ? toTopupResult(row) : null;
  }

  /** Operators with their country, as the sandbox's catalogue has them, kept for a minute like its directory's. */
  const operatorRows = new Map<string, { row: Promise<OperatorWithCountry | undefined>; expiresAt: number }>();
  function operatorIn(operatorId: number, countryIso: string): Promise<OperatorWithCountry | undefined> {
    const key = `${operatorId}:${countryIso}`;
    const cached = operatorRows.get(key);
    if (cached && cached.expiresAt > now().getTime()) return cached.row;
    const row = db
      .select({ operator: operators, country: countries })
      .from(operators)
      .innerJoin(countries, eq(countries.isoName, operators.countryIso))
      .where(and(eq(operators.id, operatorId), eq(operators.countryIso, countryIso)))
      .then(([found]) => found);
    const slot = { row, expiresAt: now().getTime() + OPERATOR_CACHE_MS };
    // Only an operator found is kept: an unknown one, or a failed read, is read again next time.
    row.then(
      (found) => found === undefined && operatorRows.get(key) === slot && operatorRows.delete(key),
      () => operatorRows.get(key) === slot && operatorRows.delete(key),
    );
    operatorRows.set(key, slot);
    return row;
  }

  return {
    async sendTopup(request: TopupRequest): Promise<TopupResult> {
      const countryIso = request.recipientPhone.countryCode.toUpperCase();
      const found = await operatorIn(request.operatorId, countryIso);
      if (!found) {
        throw new TopupProviderError('Operator is unavailable or currently inactive', {
          code: 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE',
          status: 400,
          retryable: false,
        });
      }
      const amountCents = Math.round(request.amount * 100);
      if (Math.abs(amountCents - request.amount * 100) > 1e-6 || !acceptsAmount(found.operator, amountCents)) {
        throw new TopupProviderError('Invalid amount for operator', { code: 'INVALID_AMOUNT_FOR_OPERATOR', status: 400, retryable: false });
      }
      const nationalNumber = nationalSignificantNumber(request.recipientPhone.number, found.country) ?? '';
      const isPossible = isPossiblePhoneNumber(nationalNumber, countryIso as CountryCode);
      const outcome = isPossible ? (OUTCOMES_BY_LAST_FOUR_DIGITS[nationalNumber.slice(-4)] ?? 'SUCCESSFUL') : 'INVALID_RECIPIENT_PHONE';
      if (outcome === 'INVALID_RECIPIENT_PHONE') {
        throw new TopupProviderError('Recipient phone number is not valid', { code: 'INVALID_RECIPIENT_PHONE', status: 400, retryable: false });
      }

      const recipientPhone = `${found.country.callingCodes[0] ?? ''}${nationalNumber}`;
      const values: SendValues = {
        customIdentifier: request.customIdentifier,
        operatorId: found.operator.id,
        operatorName: found.operator.name,
        countryIso,
        recipientPhone,
        status: STORED_STATUS[outcome],
        requestedAmount: (amountCents / 100).toFixed(2),
        // A bundle delivers a plan, not local money: what it is worth is the amount paid for it.
        ...(sellsPlans(found.operator)
          ? { deliveredAmount: (amountCents / 100).toFixed(2), deliveredCurrencyCode: 'USD' }
          : {
              deliveredAmount: String(localAmountFor(amountCents, Number(found.operator.fxRate))),
              deliveredCurrencyCode: found.operator.destinationCurrencyCode,
            }),
        pin: found.operator.pin,
        unknownUntil: outcome === 'LOST_TRACK' ? new Date(now().getTime() + SANDBOX_LOST_TRACK_MS) : null,
        createdAt: now(),
      };
      const since = new Date(now().getTime() - SANDBOX_RECHARGE_COOLDOWN_MS);
      const [row] = await sendStatement(db, { ...driverValues(sandboxTopups, values), since: since.toISOString() });
      // A resend of the same top-up (same identifier) is answered as Reloadly does, below; another one is refused.
      if (row!.recent_identifier !== null && row!.recent_identifier !== request.customIdentifier) {
        throw new TopupProviderError('The phone number was recently recharged. Please wait 2 minutes.', {
          code: 'PHONE_RECENTLY_RECHARGED',
          status: 400,
          retryable: false,
        });
      }
      if (row!.transaction_id === null) {
        throw new TopupProviderError('Custom identifier already used', { code: 'CUSTOM_IDENTIFIER_ALREADY_USED', status: 400, retryable: false });
      }
      const stored = await payFromWallet(db, rowOf(sandboxTopups, row!), found.operator);
      if (outcome === 'HOLD_LAPSES') {
        // Delivered so late that the card's hold has lapsed meanwhile, as Stripe lets it lapse after 7 days.
        const payment = db.select({ id: orders.paymentId }).from(orders).where(eq(orders.customIdentifier, request.customIdentifier));
        await lapseSandboxAuthorisations(db, payment, now());
      }
      // The provider answers the send, then loses track of the transaction for a while.
      if (outcome === 'LOST_TRACK') return { ...toTopupResult(stored), status: 'PROCESSING', pin: null };
      if (outcome === 'ANSWER_LOST') {
        throw new TopupProviderError('The sandbox delivered the top-up but its answer was lost (test number ending in 0004)', {
          code: 'UPSTREAM_UNAVAILABLE',
          status: 502,
          retryable: true,
        });
      }
      return toTopupResult(stored);
    },

    async topupStatus(transactionId: string): Promise<TopupResult | null> {
      // Transaction ids are serial integers; anything else is unknown rather than a database error.
      if (!/^\d{1,9}$/.test(transactionId)) return null;
      return readTopup(eq(sandboxTopups.transactionId, Number(transactionId)));
    },

    findTopupByCustomIdentifier(customIdentifier: string): Promise<TopupResult | null> {
      return readTopup(eq(sandboxTopups.customIdentifier, customIdentifier));
    },

    async walletBalance() {
      return { balance: await sandboxWalletBalance(db), currencyCode: 'USD' };
    },
  };
}

/**
 * Debits the sandbox wallet for a top-up that went out (SUCCESSFUL or PROCESSING; a FAILED one costs nothing and a
 * REFUNDED one is given back), less the operator's commission, and records both on the top-up. A wallet that cannot
 * pay refuses the top-up as Reloadly does, and the top-up is not kept.
 */
async function payFromWallet(db: Database, topup: TopupRow, operator: OperatorRow): Promise<TopupRow> {
  if (topup.status !== 'SUCCESSFUL' && topup.status !== 'PROCESSING') return topup;
  const amountCents = Math.round(Number(topup.requestedAmount) * 100);
  const discountCents = Math.round((amountCents * Number(operator.commissionPercent ?? 0)) / 100);
  const debit = await debitSandboxWallet(db, (amountCents - discountCents) / 100);
  if (!debit) {
    await db.delete(sandboxTopups).where(eq(sandboxTopups.transactionId, topup.transactionId));
    throw new TopupProviderError('Insufficient balance', { code: 'INSUFFICIENT_BALANCE', status: 400, retryable: false });
  }
  const [paid] = await db
    .update(sandboxTopups)
    .set({
      discount: (discountCents / 100).toFixed(2),
      walletBalanceBefore: debit.oldBalance.toFixed(2),
      walletBalanceAfter: debit.newBalance.toFixed(2),
    })
    .where(eq(sandboxTopups.transactionId, topup.transactionId))
    .returning();
  return paid!;
}

function acceptsAmount(operator: OperatorRow, amountCents: number): boolean {
  if (operator.denominationType === 'FIXED') return operator.amountsCents.includes(amountCents);
  return (
    operator.minAmountCents !== null &&
    operator.maxAmountCents !== null &&
    amountCents >= operator.minAmountCents &&
    amountCents <= operator.maxAmountCents
  );
}

function sellsPlans(operator: OperatorRow): boolean {
  return operator.bundle || operator.data;
}

/** A PIN product's PIN, as Reloadly's pinDetail gives it; derived from the transaction, so every read agrees. */
export function sandboxPin(row: Pick<TopupRow, 'transactionId' | 'customIdentifier'>): PinDetail {
  const digest = createHash('sha256').update(`${row.transactionId}:${row.customIdentifier}`).digest();
  const digits = (offset: number, length: number) => Array.from(digest.subarray(offset, offset + length), (byte) => String(byte % 10)).join('');
  return {
    code: digits(0, 12),
    serial: digits(12, 8),
    info1: 'Dial *611 and enter the PIN',
    info2: null,
    info3: null,
    value: null,
    ivr: '1-888-888-8888',
    validity: '30 days',
  };
}

function toTopupResult(row: TopupRow): TopupResult {
  return {
    status: row.status as TopupStatus,
    transactionId: String(row.transactionId),
    operatorTransactionId: `sandbox-${row.transactionId}`,
    operatorName: row.operatorName,
    requestedAmount: Number(row.requestedAmount),
    requestedAmountCurrencyCode: 'USD',
    deliveredAmount: Number(row.deliveredAmount),
    deliveredAmountCurrencyCode: row.deliveredCurrencyCode,
    // Reloadly's format: 'YYYY-MM-DD HH:mm:ss', UTC.
    transactionDate: row.createdAt.toISOString().slice(0, 19).replace('T', ' '),
    customIdentifier: row.customIdentifier,
    recipientPhone: row.recipientPhone,
    discount: row.discount === null ? null : Number(row.discount),
    discountCurrencyCode: row.discount === null ? null : 'USD',
    balance:
      row.walletBalanceAfter === null
        ? null
        : { oldBalance: Number(row.walletBalanceBefore), newBalance: Number(row.walletBalanceAfter), currencyCode: 'USD' },
    pin: row.pin && row.status === 'SUCCESSFUL' ? sandboxPin(row) : null,
  };
}
