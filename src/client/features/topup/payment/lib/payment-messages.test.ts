import { describe, expect, it } from 'vitest';
import { decidePayment, paymentErrorMessageKey } from './payment-messages';
import { englishText } from '@/testing/texts';

const messageFor = (error: { type: string; code?: string; decline_code?: string }) => englishText(paymentErrorMessageKey(error));

describe('the payment failure message (docs/product.md §8)', () => {
  it.each([
    ['card_declined', 'Your card was declined. Please check your card details or try another card.'],
    ['expired_card', 'Your card has expired. Please use a different card.'],
    ['incorrect_cvc', 'The security code (CVC) is incorrect. Please check and try again.'],
    ['insufficient_funds', 'Your card has insufficient funds. Please use a different card or add funds.'],
    ['invalid_expiry_month', 'The card expiration month is invalid. Please check and try again.'],
    ['invalid_expiry_year', 'The card expiration year is invalid. Please check and try again.'],
    ['invalid_number', 'The card number is invalid. Please check and try again.'],
    ['authentication_required', 'This payment requires authentication. Please complete the verification process.'],
    ['processing_error', 'An error occurred while processing your payment. Please try again in a few moments.'],
    ['rate_limit', 'Too many payment attempts. Please wait a moment before trying again.'],
    ['api_connection_error', "We're having trouble connecting to our payment service. Please try again."],
    ['api_error', 'Our payment service is experiencing issues. Please try again shortly.'],
  ])('%s reads "%s" whether it comes as decline_code, code or type', (key, text) => {
    expect(messageFor({ type: 'card_error', decline_code: key })).toBe(text);
    expect(messageFor({ type: 'card_error', code: key })).toBe(text);
    expect(messageFor({ type: key })).toBe(text);
  });

  it('prefers decline_code to code, and code to type', () => {
    expect(messageFor({ type: 'api_error', code: 'card_declined', decline_code: 'insufficient_funds' })).toBe(
      'Your card has insufficient funds. Please use a different card or add funds.',
    );
    expect(messageFor({ type: 'api_error', code: 'expired_card' })).toBe('Your card has expired. Please use a different card.');
  });

  it('skips codes it has no text for and falls through to the next field', () => {
    expect(messageFor({ type: 'api_error', code: 'card_declined', decline_code: 'do_not_honor' })).toBe(
      'Your card was declined. Please check your card details or try another card.',
    );
    expect(messageFor({ type: 'api_connection_error', code: 'unknown_code' })).toBe(
      "We're having trouble connecting to our payment service. Please try again.",
    );
  });

  it('falls back to the default text', () => {
    expect(messageFor({ type: 'invalid_request_error', code: 'payment_intent_unexpected_state' })).toBe(
      'Something went wrong with your payment. Please try again or contact support if the issue persists.',
    );
  });
});

describe('deciding what a payment answer means', () => {
  const intent = (status: string) => ({ paymentIntent: { id: 'pi_1', status, amount: 1063, currency: 'usd' } });

  it('an authorised intent (requires_capture) may be topped up', () => {
    expect(decidePayment(intent('requires_capture'))).toEqual({ kind: 'authorised', paymentIntentId: 'pi_1' });
  });

  it('a payment the provider is still confirming goes on to the server, which holds the top-up until it is authorised', () => {
    expect(decidePayment(intent('processing'))).toEqual({ kind: 'processing', paymentIntentId: 'pi_1' });
  });

  it('a provider error is declined with its message', () => {
    expect(
      decidePayment({ error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } }),
    ).toEqual({
      kind: 'declined',
      messageKey: 'payment.messages.card_declined',
    });
  });

  it('an intent that still needs a payment method is declined with the default message', () => {
    expect(decidePayment(intent('requires_payment_method'))).toEqual({ kind: 'declined', messageKey: 'payment.messages.default' });
  });
});
