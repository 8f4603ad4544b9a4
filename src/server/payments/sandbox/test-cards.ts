import { createHmac } from 'node:crypto';
import type { SandboxCardFacts } from '../../db/schema';
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
    number: '4000000000002685',
    description: 'Succeeds, and the charge is then disputed as product not received',
    outcome: { kind: 'authorised', disputeReason: 'product_not_received' },
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
  const outcome =
    (TEST_CARDS.find((card) => card.number === cardNumber) ?? RADAR_BLOCKS.find((card) => card.number === cardNumber))?.outcome ?? AUTHORISED;
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

/*
 * The card as Stripe describes it on the charge (payment_method_details.card, outcome): brand, funding, issuing
 * country, the security-code check, a fingerprint, and Radar's risk verdict. Stripe's country and brand test cards
 * (docs.stripe.com/testing) answer their country, brand and funding; any other card is a US Visa credit card.
 */

/** Stripe's international test cards: the country each is issued in. */
export const COUNTRY_TEST_CARDS: Readonly<Record<string, string>> = {
  '4000000320000021': 'AR',
  '4000000760000002': 'BR',
  '4000001240000000': 'CA',
  '4000001520000001': 'CL',
  '4000001700000003': 'CO',
  '4000004840008001': 'MX',
  '4000006040000068': 'PE',
  '4000000400000008': 'AT',
  '4000000560000004': 'BE',
  '4000002500000003': 'FR',
  '4000002760000016': 'DE',
  '4000003800000008': 'IT',
  '4000005280000002': 'NL',
  '4000007240000007': 'ES',
  '4000007520000008': 'SE',
  '4000008260000000': 'GB',
  '4000000360000006': 'AU',
  '4000003440000004': 'HK',
  '4000003560000008': 'IN',
  '4000003920000003': 'JP',
  '4000005540000008': 'NZ',
  '4000007020000003': 'SG',
};

/** Stripe's brand test cards whose funding is not credit. */
const FUNDING_TEST_CARDS: Readonly<Record<string, 'debit' | 'prepaid'>> = {
  '4000056655665556': 'debit',
  '5200828282828210': 'debit',
  '5105105105105100': 'prepaid',
};

export type { SandboxCardFacts };
export type RadarRiskLevel = SandboxCardFacts['riskLevel'];

/** Stripe's Radar test cards: the risk verdict on their charge (4954 and 0019 are also declined: see RADAR_BLOCKS). */
export const RADAR_TEST_CARDS: Readonly<Record<string, { level: RadarRiskLevel; score: number }>> = {
  '4000000000009235': { level: 'elevated', score: 67 },
  '4000000000004954': { level: 'highest', score: 82 },
  '4100000000000019': { level: 'highest', score: 95 },
};

/** Radar's default rule blocks the highest risk; 4100 0000 0000 0019 is always blocked. Stripe declines them so. */
export const RADAR_BLOCKS: readonly TestCard[] = ['4000000000004954', '4100000000000019'].map((number) => ({
  number,
  description: 'Blocked by Radar: highest risk',
  outcome: declinedWith('card_declined', 'fraudulent', 'Your card was declined.'),
}));

/** What every other card's charge is given: a normal risk. */
const NORMAL_RISK = { level: 'normal' as const, score: 12 };

/** The brand of a card number, by its first digits (the card networks' ranges). */
export function brandOf(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(cardNumber)) return 'mastercard';
  if (/^3[47]/.test(cardNumber)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(cardNumber)) return 'discover';
  if (/^35/.test(cardNumber)) return 'jcb';
  if (/^3(0[0-5]|[689])/.test(cardNumber)) return 'diners';
  return 'unknown';
}

/** The key of the sandbox's card fingerprints (a keyed hash of the number; Stripe keys its own per account). */
export const SANDBOX_FINGERPRINT_KEY = 'globaltopup-sandbox-card-fingerprint';

/**
 * Stripe's 4000 0027 6000 3184 asks for authentication on every payment, off-session ones too, even once saved; 4000
 * 0025 0000 3155 asks on a one-off payment but not on an off-session one once saved. The sandbox knows a saved card
 * only by its fingerprint (the number is never kept).
 */
const ALWAYS_AUTHENTICATES = ['4000002760003184'];

/** Whether an off-session payment with the saved card of this fingerprint asks for authentication. */
export function asksAuthenticationOffSession(fingerprint: string): boolean {
  return ALWAYS_AUTHENTICATES.some((number) => cardFactsOf(number, SANDBOX_FINGERPRINT_KEY).fingerprint === fingerprint);
}

/**
 * A card as Stripe's charge describes it. The fingerprint is a keyed hash of the number (the same number always gives
 * the same one, and it cannot be turned back into the number), as Stripe's is per account.
 */
export function cardFactsOf(cardNumber: string, fingerprintKey: string): SandboxCardFacts {
  const risk = RADAR_TEST_CARDS[cardNumber] ?? NORMAL_RISK;
  return {
    fingerprint: createHmac('sha256', fingerprintKey).update(cardNumber).digest('base64url').slice(0, 16),
    brand: brandOf(cardNumber),
    funding: FUNDING_TEST_CARDS[cardNumber] ?? 'credit',
    country: COUNTRY_TEST_CARDS[cardNumber] ?? 'US',
    cvcCheck: cardNumber === '4000000000000127' ? 'fail' : 'pass',
    riskLevel: risk.level,
    riskScore: risk.score,
  };
}
