import type { SandboxChallengeOutcome } from '../../db/schema/sandbox';
import type { PaymentErrorDetail } from '../provider';

/**
 * Stripe's test cards as the sandbox payment provider answers them. Any other card number that passes the Luhn
 * check is authorised like 4242 4242 4242 4242; when the payment requires 3-D Secure it is challenged first, except
 * 4242 4242 4242 4242 and 3782 822463 10005, which Stripe lets through unauthenticated.
 */

/**
 * What confirming with a card does: authorise it, decline it, or send the payer to the 3-D Secure challenge page,
 * whose "Complete authentication" leads to `afterChallenge`. A card with `onlyWhenRequested` is challenged only when
 * the payment was created with 3-D Secure required, and authorised without it otherwise.
 */
export type TestCardOutcome =
  | { kind: 'authorised'; refundFailureReason?: string; disputeReason?: string }
  | { kind: 'declined'; error: PaymentErrorDetail }
  | { kind: 'challenge'; afterChallenge: SandboxChallengeOutcome; onlyWhenRequested?: boolean };

export interface TestCard {
  number: string;
  description: string;
  outcome: TestCardOutcome;
}

function declinedWith(code: string, declineCode: string, message: string): Extract<TestCardOutcome, { kind: 'declined' }> {
  return { kind: 'declined', error: { type: 'card_error', code, decline_code: declineCode, message } };
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', description: 'Succeeds: the payment is authorised', outcome: { kind: 'authorised' } },
  {
    number: '4000000000005126',
    description: 'Succeeds, but a refund of the payment fails (expired_or_canceled_card)',
    // Stripe fails such a refund a moment after making it; the sandbox answers the failed refund at once.
    outcome: { kind: 'authorised', refundFailureReason: 'expired_or_canceled_card' },
  },
  {
    number: '4000000000000259',
    description: 'Succeeds, and the charge is then disputed as fraudulent',
    // Stripe opens the dispute shortly after the capture; the sandbox sends its charge.dispute.created right after it.
    outcome: { kind: 'authorised', disputeReason: 'fraudulent' },
  },
  {
    number: '4000000000000002',
    description: 'Declined',
    outcome: declinedWith('card_declined', 'generic_decline', 'Your card was declined.'),
  },
  {
    number: '4000000000009995',
    description: 'Declined for insufficient funds',
    outcome: declinedWith('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  },
  {
    number: '4000000000000069',
    description: 'Declined: expired card',
    outcome: declinedWith('expired_card', 'expired_card', 'Your card has expired.'),
  },
  {
    number: '4000000000000127',
    description: 'Declined: incorrect security code',
    outcome: declinedWith('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  },
  {
    number: '4000000000000119',
    description: 'Declined: processing error',
    outcome: declinedWith('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  },
  // Stripe's 3-D Secure test cards: each asks for the challenge page, as Stripe's test page does.
  {
    number: '4000002760003184',
    description: '3-D Secure: always asks for authentication, then succeeds',
    outcome: { kind: 'challenge', afterChallenge: { kind: 'authorised' } },
  },
  {
    number: '4000000000003220',
    description: '3-D Secure 2: asks for authentication, then succeeds',
    outcome: { kind: 'challenge', afterChallenge: { kind: 'authorised' } },
  },
  {
    number: '4000008400001629',
    description: '3-D Secure: asks for authentication, then the card is declined (card_declined)',
    outcome: { kind: 'challenge', afterChallenge: declinedWith('card_declined', 'generic_decline', 'Your card was declined.') },
  },
  {
    number: '4000002500003155',
    description: '3-D Secure: asks for authentication on a one-off payment, then succeeds',
    outcome: { kind: 'challenge', afterChallenge: { kind: 'authorised' } },
  },
  {
    number: '4000000000003055',
    description: '3-D Secure: supported but not asked by default; asks when the payment requires it',
    outcome: { kind: 'challenge', afterChallenge: { kind: 'authorised' }, onlyWhenRequested: true },
  },
];

const AUTHORISED: TestCardOutcome = { kind: 'authorised' };
/** Cards that cannot run 3-D Secure: Stripe lets their payments through unauthenticated even when it is required. */
const WITHOUT_THREE_D_SECURE = new Set(['4242424242424242', '378282246310005']);

/**
 * The outcome of a card number that has already passed the format checks; `threeDSecureRequired`: the payment was
 * created with 3-D Secure required, which challenges every card that supports it and is not declined anyway.
 */
export function testCardOutcome(cardNumber: string, threeDSecureRequired = false): TestCardOutcome {
  const outcome = TEST_CARDS.find((card) => card.number === cardNumber)?.outcome ?? AUTHORISED;
  if (outcome.kind === 'challenge' && outcome.onlyWhenRequested && !threeDSecureRequired) return outcome.afterChallenge;
  if (outcome.kind === 'authorised' && threeDSecureRequired && !WITHOUT_THREE_D_SECURE.has(cardNumber)) {
    return { kind: 'challenge', afterChallenge: outcome };
  }
  return outcome;
}

/** Stripe's error when the payer fails (or abandons) the 3-D Secure challenge; the intent takes another card. */
export const AUTHENTICATION_FAILED: PaymentErrorDetail = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};

/** Stripe's answer when Cash App declines the payment. */
export const CASH_APP_DECLINE: PaymentErrorDetail = {
  type: 'card_error',
  code: 'payment_method_provider_decline',
  message: 'The payment was declined by Cash App.',
};
