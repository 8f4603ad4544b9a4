import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { operators, sandboxTopups } from '../../db/schema';
import { topupProviderContract } from '../../../../tests/contracts/topup-provider';
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabase } from '../../testing/databases';
import { rejectionOf } from '../../testing/rejections';
import { type TopupProvider, TopupProviderError, type TopupRequest } from '../provider';
import { createSandboxTopupProvider } from '.';
import { OUTCOMES_BY_LAST_FOUR_DIGITS, SANDBOX_LOST_TRACK_MS, SANDBOX_RECHARGE_COOLDOWN_MS } from './topup-delivery';

const NOW = new Date('2026-11-22T10:15:30Z');

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, TopupProviderError);

describe.each(TEST_DATABASE_KINDS)('sandbox top-up provider on %s', (kind) => {
  let database: TestDatabase;
  let provider: TopupProvider;
  /** MTN Nigeria: FIXED amounts, 1460 NGN per USD in the snapshot. */
  let mtn: typeof operators.$inferSelect;
  /** Glo Nigeria: any amount in its range. */
  let glo: typeof operators.$inferSelect;
  let identifierCounter = 0;
  /** Each test starts past the 2-minute cooldown of the numbers earlier tests topped up. */
  let clock = NOW;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    provider = createSandboxTopupProvider(database.db, { now: () => clock });
    const nigerian = await database.db.select().from(operators).where(eq(operators.countryIso, 'NG'));
    mtn = nigerian.find((operator) => operator.name === 'MTN')!;
    glo = nigerian.find((operator) => operator.name === 'Glo')!;
    expect(mtn.denominationType).toBe('FIXED');
    expect(glo.denominationType).toBe('RANGE');
  });
  afterAll(() => database.close());
  beforeEach(() => {
    clock = new Date(clock.getTime() + SANDBOX_RECHARGE_COOLDOWN_MS);
  });

  const mtnTopup = (number: string, overrides: Partial<TopupRequest> = {}): TopupRequest => ({
    operatorId: mtn.id,
    amount: mtn.amountsCents[0]! / 100,
    useLocalAmount: false,
    customIdentifier: `order-${++identifierCounter}`,
    recipientPhone: { countryCode: 'NG', number },
    ...overrides,
  });

  topupProviderContract(() => ({
    provider,
    recipient: { countryCode: 'NG', number: '2348031234567', operatorId: mtn.id, amount: mtn.amountsCents[0]! / 100 },
    refusedNumber: '2348031230003',
    answerLostNumber: '2348031230004',
    undetectableNumber: '2347001234567',
    unservedCountry: 'ZZ',
    statedStatus: 'SUCCESSFUL',
  }));

  const storedCount = async (customIdentifier: string) => {
    const [row] = await database.db.select({ value: count() }).from(sandboxTopups).where(eq(sandboxTopups.customIdentifier, customIdentifier));
    return row?.value;
  };

  describe('test numbers', () => {
    it.each(['08031230000', '08031230001', '08031230002', '08031230003', '08031230004', '08031230005', '08031230006', '08031234567'])(
      'the documented number %s belongs to MTN Nigeria',
      async (number) => {
        expect((await provider.detectOperator(number, 'NG')).operatorId).toBe(mtn.id);
      },
    );

    it('delivers any other number at once, answering as Reloadly does', async () => {
      const request = mtnTopup('08031234567');
      const result = await provider.sendTopup(request);
      const usd = mtn.amountsCents[0]! / 100;
      expect(result).toEqual({
        status: 'SUCCESSFUL',
        transactionId: expect.stringMatching(/^\d+$/),
        operatorTransactionId: expect.stringMatching(/^sandbox-\d+$/),
        operatorName: 'MTN',
        requestedAmount: usd,
        requestedAmountCurrencyCode: 'USD',
        deliveredAmount: usd * 1460,
        deliveredAmountCurrencyCode: 'NGN',
        transactionDate: clock.toISOString().slice(0, 19).replace('T', ' '),
        customIdentifier: request.customIdentifier,
        recipientPhone: '2348031234567',
        // The operator's commission, kept back from the sandbox wallet, which pays the rest.
        discount: Math.round(usd * Number(mtn.commissionPercent)) / 100,
        discountCurrencyCode: 'USD',
        balance: { oldBalance: expect.any(Number), newBalance: expect.any(Number), currencyCode: 'USD' },
        pin: null,
      });
      expect(result.balance!.oldBalance! - result.balance!.newBalance).toBeCloseTo(usd - result.discount!, 6);
      expect(await provider.topupStatus(result.transactionId!)).toEqual(result);
      expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toEqual(result);
    });

    it.each(['8031234567', '2348031234567', '+234 803 123 4567'])('stores the recipient in international digits when sent as %s', async (number) => {
      expect((await provider.sendTopup(mtnTopup(number))).recipientPhone).toBe('2348031234567');
    });

    it.each([
      ['08031230000', 'FAILED'],
      ['08031230002', 'REFUNDED'],
    ] as const)('answers %s with a stored %s top-up', async (number, status) => {
      const request = mtnTopup(number);
      const result = await provider.sendTopup(request);
      expect(result).toMatchObject({ status, customIdentifier: request.customIdentifier, recipientPhone: `234${number.slice(1)}` });
      expect(await provider.topupStatus(result.transactionId!)).toMatchObject({ status });
      expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toMatchObject({ status });
    });

    it('answers 08031230001 PROCESSING, and SUCCESSFUL from the second status read on', async () => {
      const result = await provider.sendTopup(mtnTopup('08031230001'));
      expect(result.status).toBe('PROCESSING');
      expect((await provider.topupStatus(result.transactionId!))?.status).toBe('PROCESSING');
      expect((await provider.topupStatus(result.transactionId!))?.status).toBe('SUCCESSFUL');
      expect((await provider.topupStatus(result.transactionId!))?.status).toBe('SUCCESSFUL');
    });

    it('counts a lookup by identifier as a status read', async () => {
      const request = mtnTopup('08031230001');
      const result = await provider.sendTopup(request);
      expect((await provider.findTopupByCustomIdentifier(request.customIdentifier))?.status).toBe('PROCESSING');
      expect((await provider.topupStatus(result.transactionId!))?.status).toBe('SUCCESSFUL');
    });

    it('documents exactly these outcomes', () => {
      expect(OUTCOMES_BY_LAST_FOUR_DIGITS).toEqual({
        '0000': 'FAILED',
        '0001': 'PROCESSING',
        '0002': 'REFUNDED',
        '0003': 'INVALID_RECIPIENT_PHONE',
        '0004': 'ANSWER_LOST',
        '0005': 'HOLD_LAPSES',
        '0006': 'LOST_TRACK',
      });
    });

    it('delivers 08031230005 (its payment hold lapses meanwhile: see the order tests), answering SUCCESSFUL', async () => {
      const request = mtnTopup('08031230005');
      const result = await provider.sendTopup(request);
      expect(result.status).toBe('SUCCESSFUL');
      expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toEqual(result);
    });

    it('answers 08031230006 PROCESSING with a transaction, which no lookup finds for 10 minutes, then SUCCESSFUL', async () => {
      const request = mtnTopup('08031230006');
      const sentAt = clock;
      const result = await provider.sendTopup(request);
      expect(result).toMatchObject({ status: 'PROCESSING', transactionId: expect.stringMatching(/^\d+$/) });
      clock = new Date(sentAt.getTime() + SANDBOX_LOST_TRACK_MS - 1);
      expect(await provider.topupStatus(result.transactionId!)).toBeNull();
      expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toBeNull();
      clock = new Date(sentAt.getTime() + SANDBOX_LOST_TRACK_MS);
      expect(await provider.topupStatus(result.transactionId!)).toMatchObject({ status: 'SUCCESSFUL', transactionId: result.transactionId });
      expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toMatchObject({ status: 'SUCCESSFUL' });
    });
  });

  describe('custom identifiers', () => {
    it('stores one top-up when ten sends with one identifier run at once', async () => {
      const request = mtnTopup('08031234567');
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => provider.sendTopup(request)));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'CUSTOM_IDENTIFIER_ALREADY_USED' });
      }
      expect(await storedCount(request.customIdentifier)).toBe(1);
    });

    it('answers null, not a database error, for a transaction id that cannot be one of its serial numbers', async () => {
      expect(await provider.topupStatus('not-a-number')).toBeNull();
      expect(await provider.topupStatus('99999999999999999999')).toBeNull();
    });
  });

  describe('a number recharged in the last 2 minutes', () => {
    it('is refused another top-up with PHONE_RECENTLY_RECHARGED, as Reloadly does, and accepted again after 2 minutes', async () => {
      await provider.sendTopup(mtnTopup('08031234599'));
      const again = mtnTopup('+234 803 123 4599');
      expect(await providerError(provider.sendTopup(again))).toMatchObject({ code: 'PHONE_RECENTLY_RECHARGED', status: 400, notSent: true });
      expect(await storedCount(again.customIdentifier)).toBe(0);
      clock = new Date(clock.getTime() + SANDBOX_RECHARGE_COOLDOWN_MS);
      expect((await provider.sendTopup(mtnTopup('08031234599'))).status).toBe('SUCCESSFUL');
    });

    it('does not count a failed top-up, and answers a resend of the same top-up as already used', async () => {
      await provider.sendTopup(mtnTopup('08031230000'));
      expect((await provider.sendTopup(mtnTopup('08031230000'))).status).toBe('FAILED');
      const first = mtnTopup('08031234598');
      await provider.sendTopup(first);
      expect(await providerError(provider.sendTopup(first))).toMatchObject({ code: 'CUSTOM_IDENTIFIER_ALREADY_USED' });
    });
  });

  describe('amounts and operators', () => {
    it('accepts each of a FIXED operator amounts and refuses any other with INVALID_AMOUNT_FOR_OPERATOR', async () => {
      for (const [index, cents] of mtn.amountsCents.entries()) {
        expect((await provider.sendTopup(mtnTopup(`08031234${510 + index}`, { amount: cents / 100 }))).requestedAmount).toBe(cents / 100);
      }
      const offLadder = mtn.amountsCents[0]! + 1;
      const error = await providerError(provider.sendTopup(mtnTopup('08031234567', { amount: offLadder / 100 })));
      expect(error).toMatchObject({ code: 'INVALID_AMOUNT_FOR_OPERATOR', status: 400, retryable: false });
    });

    it('accepts a RANGE operator amount from its minimum to its maximum, with the delivered amount at its rate', async () => {
      const gloTopup = (amount: number, number = '08051234567') => mtnTopup(number, { operatorId: glo.id, amount });
      const rate = Number(glo.fxRate);
      for (const [index, cents] of [glo.minAmountCents!, 750, glo.maxAmountCents!].entries()) {
        const result = await provider.sendTopup(gloTopup(cents / 100, `0805123${4560 + index}`));
        expect(result).toMatchObject({
          operatorName: 'Glo',
          requestedAmount: cents / 100,
          deliveredAmount: Math.round(cents * rate) / 100,
          deliveredAmountCurrencyCode: 'NGN',
        });
      }
      for (const amount of [glo.minAmountCents! / 100 - 0.01, glo.maxAmountCents! / 100 + 0.01, 7.505, 0, -5]) {
        expect(await providerError(provider.sendTopup(gloTopup(amount)))).toMatchObject({ code: 'INVALID_AMOUNT_FOR_OPERATOR', status: 400 });
      }
    });

    it('refuses an operator of another country, or one that does not exist, storing nothing', async () => {
      const [indian] = await database.db
        .select()
        .from(operators)
        .where(and(eq(operators.countryIso, 'IN'), eq(operators.name, 'Airtel')));
      for (const operatorId of [indian!.id, 999_999]) {
        const request = mtnTopup('08031234567', { operatorId });
        expect(await providerError(provider.sendTopup(request))).toMatchObject({
          code: 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE',
          status: 400,
          retryable: false,
        });
        expect(await storedCount(request.customIdentifier)).toBe(0);
      }
    });

    it('refuses a number that cannot be a number of the country', async () => {
      expect(await providerError(provider.sendTopup(mtnTopup('12')))).toMatchObject({ code: 'INVALID_RECIPIENT_PHONE', status: 400 });
    });
  });
});
