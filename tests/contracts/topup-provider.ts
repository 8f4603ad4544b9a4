import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TopupProvider, TopupProviderError, type TopupRequest } from '../../src/server/topups/provider';
import { rejectionOf } from '../../src/server/testing/rejections';

/**
 * What a TopupProvider promises the order code, whichever provider it is: operators found by number and by country,
 * a top-up sent once per custom identifier, refusals that say whether anything was sent, and an outcome that can
 * always be looked up by identifier after a lost answer. The sandbox provider and the Reloadly client (over the local
 * Reloadly) each run it.
 */
export interface TopupProviderSubject {
  provider: TopupProvider;
  /** A number the provider detects and tops up, in international digits, with its operator and an amount it sells. */
  recipient: { countryCode: string; number: string; operatorId: number; amount: number };
  /** A number of the recipient's country that the provider refuses as invalid before sending anything. */
  refusedNumber: string;
  /** A number of the recipient's country whose top-up is made but whose answer never reaches the sender. */
  answerLostNumber: string;
  /** A number of the recipient's country that no operator serves. */
  undetectableNumber: string;
  /** A country the provider does not serve. */
  unservedCountry: string;
  /**
   * The status a made top-up's send answer and report entry state: the sandbox says SUCCESSFUL; Reloadly's recorded
   * answers carry none, which reads as UNKNOWN and is followed up like PROCESSING.
   */
  statedStatus: 'SUCCESSFUL' | 'UNKNOWN';
}

const providerError = (promise: Promise<unknown>) => rejectionOf(promise, TopupProviderError);

/** Registers the contract's tests; `subject` is read in each test, after the caller's hooks have run. */
export function topupProviderContract(subject: () => TopupProviderSubject) {
  const topupTo = (number: string): TopupRequest => {
    const { recipient } = subject();
    return {
      operatorId: recipient.operatorId,
      amount: recipient.amount,
      useLocalAmount: false,
      customIdentifier: `order-${randomUUID()}`,
      recipientPhone: { countryCode: recipient.countryCode, number },
    };
  };

  describe('the TopupProvider contract', () => {
    describe('operators', () => {
      it("detects the operator serving a number, and lists it among its country's operators", async () => {
        const { provider, recipient } = subject();
        const operator = await provider.detectOperator(recipient.number, recipient.countryCode);
        expect(operator).toMatchObject({ operatorId: recipient.operatorId, senderCurrencyCode: 'USD', country: { isoName: recipient.countryCode } });
        const listed = await provider.operatorsByCountry(recipient.countryCode);
        expect(listed.map((candidate) => candidate.operatorId)).toContain(recipient.operatorId);
      });

      it('answers 404 COULD_NOT_AUTO_DETECT_OPERATOR for a number no operator serves', async () => {
        const { provider, recipient, undetectableNumber } = subject();
        const error = await providerError(provider.detectOperator(undetectableNumber, recipient.countryCode));
        expect(error).toMatchObject({
          code: 'COULD_NOT_AUTO_DETECT_OPERATOR',
          status: 404,
          retryable: false,
          message: 'Could not auto detect operator for given phone number',
        });
      });

      it('answers 400 COUNTRY_NOT_SUPPORTED for the operators of a country it does not serve', async () => {
        const { provider, unservedCountry } = subject();
        expect(await providerError(provider.operatorsByCountry(unservedCountry))).toMatchObject({
          code: 'COUNTRY_NOT_SUPPORTED',
          status: 400,
          retryable: false,
        });
      });
    });

    describe('promotions', () => {
      it("lists its country's promotions with the recipient's operator among them: ids, plain capped text, a start before the end", async () => {
        const { provider, recipient } = subject();
        const promotions = await provider.promotionsByCountry(recipient.countryCode.toLowerCase());
        expect(promotions.map((promotion) => promotion.operatorId)).toContain(recipient.operatorId);
        for (const promotion of promotions) {
          expect(promotion).toMatchObject({ promotionId: expect.any(Number), operatorId: expect.any(Number), title: expect.any(String) });
          expect(Date.parse(promotion.startsAt)).toBeLessThan(Date.parse(promotion.endsAt));
          expect(new Date(promotion.startsAt).toISOString()).toBe(promotion.startsAt);
          for (const text of [promotion.title, promotion.title2, promotion.description, promotion.denominations]) {
            expect(text ?? '').not.toMatch(/[<>]/);
            expect((text ?? '').length).toBeLessThanOrEqual(600);
          }
        }
      });
    });

    describe('sending top-ups', () => {
      it('sends a top-up and answers it with its transaction, identifier and amount; its status and its identifier find it again', async () => {
        const { provider, recipient, statedStatus } = subject();
        const request = topupTo(recipient.number);
        const sent = await provider.sendTopup(request);
        expect(sent).toMatchObject({
          status: statedStatus,
          transactionId: expect.stringMatching(/^\d+$/),
          customIdentifier: request.customIdentifier,
          recipientPhone: recipient.number,
          requestedAmount: recipient.amount,
        });
        expect(await provider.topupStatus(sent.transactionId!)).toMatchObject({ status: 'SUCCESSFUL', transactionId: sent.transactionId });
        expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toEqual(sent);
      });

      it('refuses a second send with the same identifier as CUSTOM_IDENTIFIER_ALREADY_USED, which does not say nothing was sent', async () => {
        const { provider, recipient } = subject();
        const request = topupTo(recipient.number);
        await provider.sendTopup(request);
        const error = await providerError(provider.sendTopup(request));
        expect(error).toMatchObject({ code: 'CUSTOM_IDENTIFIER_ALREADY_USED', status: 400, retryable: false, notSent: false });
      });

      it('refuses an invalid recipient as notSent, with the code and message, and keeps nothing under its identifier', async () => {
        const { provider, refusedNumber } = subject();
        const request = topupTo(refusedNumber);
        const error = await providerError(provider.sendTopup(request));
        expect(error).toMatchObject({
          code: 'INVALID_RECIPIENT_PHONE',
          status: 400,
          retryable: false,
          notSent: true,
          message: 'Recipient phone number is not valid',
        });
        expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toBeNull();
      });

      it('reports a lost answer as a retryable failure that may have been sent; the identifier finds the top-up, which cannot be sent again', async () => {
        const { provider, answerLostNumber, statedStatus } = subject();
        const request = topupTo(answerLostNumber);
        const error = await providerError(provider.sendTopup(request));
        expect(error).toMatchObject({ retryable: true, notSent: false });
        expect(error.status).toBeGreaterThanOrEqual(500);
        expect(await provider.findTopupByCustomIdentifier(request.customIdentifier)).toMatchObject({
          status: statedStatus,
          transactionId: expect.stringMatching(/^\d+$/),
          customIdentifier: request.customIdentifier,
        });
        expect(await providerError(provider.sendTopup(request))).toMatchObject({ code: 'CUSTOM_IDENTIFIER_ALREADY_USED', notSent: false });
      });

      it('answers null for a transaction or an identifier it does not know', async () => {
        const { provider } = subject();
        expect(await provider.topupStatus('999999')).toBeNull();
        expect(await provider.findTopupByCustomIdentifier(`never-sent-${randomUUID()}`)).toBeNull();
      });
    });
  });
}
