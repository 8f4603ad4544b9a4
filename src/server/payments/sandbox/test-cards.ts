import type { PaymentErrorDetail } from '../provider';

/**
 * Stripe's test cards as the sandbox payment provider answers them. Any other card number that passes the Luhn
 * check is authorised like 4242 4242 4242 4242.
 */

/** What confirming with a card does: authorise it, decline it, or ask for 3-D Secure (which the sandbox cannot run). */
export type TestCardOutcome =
  | { kind: 'authorised'; refundFailureReason?: string; disputeReason?: string }
  | { kind: 'declined'; error: PaymentErrorDetail }
  | { kind: 'requires_action'; error: PaymentErrorDetail };

export interface TestCard {
  number: string;
  description: string;
  outcome: TestCardOutcome;
}

function declinedWith(code: string, declineCode: string, message: string): TestCardOutcome {
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
  {
    number: '4000002500003155',
    description: 'Requires 3-D Secure authentication, which the sandbox answers with authentication_required',
    outcome: {
      kind: 'requires_action',
      error: {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      },
    },
  },
];

const AUTHORISED: TestCardOutcome = { kind: 'authorised' };

/** The outcome of a card number that has already passed the format checks. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.outcome ?? AUTHORISED;
}

/** Stripe's answer when Cash App declines the payment. */
export const CASH_APP_DECLINE: PaymentErrorDetail = {
  type: 'card_error',
  code: 'payment_method_provider_decline',
  message: 'The payment was declined by Cash App.',
};
