import { englishText } from './message-texts';
import type { ApiMessageKey } from './messages';

/**
 * Why an order ended without a delivery, by the error code the server records with it: the message key the browser
 * translates (its English in message-texts.ts, written once). The server records the English text beside the code;
 * codes not listed (a provider's own refusal) keep the text the provider gave.
 */
export const FAILURE_REASON_KEYS = {
  TOPUP_FAILED: 'failureReasons.topupFailed',
  TOPUP_REFUNDED: 'failureReasons.topupRefunded',
  INVALID_RECIPIENT_PHONE: 'failureReasons.invalidRecipientPhone',
  AUTHORISATION_MISMATCH: 'failureReasons.authorisationMismatch',
  PAYMENT_CANCELED: 'failureReasons.paymentCanceled',
  AUTHORISATION_LOST: 'failureReasons.authorisationLost',
  PAYMENT_EXPIRED: 'failureReasons.paymentExpired',
  PAYMENT_DECLINED: 'failureReasons.paymentDeclined',
  DAILY_LIMIT_REACHED: 'failureReasons.dailyLimitReached',
  RECIPIENT_RECENTLY_TOPPED_UP: 'failureReasons.recipientRecentlyToppedUp',
  PHONE_RECENTLY_RECHARGED: 'failureReasons.recipientRecentlyToppedUp',
  DESTINATION_UNAVAILABLE: 'failureReasons.destinationUnavailable',
  RELEASED_BY_SUPPORT: 'failureReasons.releasedBySupport',
  PAYMENT_NOT_ACCEPTED: 'failureReasons.paymentNotAccepted',
  REVIEW_WINDOW_ENDED: 'failureReasons.reviewWindowEnded',
} as const satisfies Record<string, ApiMessageKey>;

export type FailureCode = keyof typeof FAILURE_REASON_KEYS;

export function failureReasonKey(errorCode: string | null | undefined): ApiMessageKey | undefined {
  return errorCode && Object.hasOwn(FAILURE_REASON_KEYS, errorCode) ? FAILURE_REASON_KEYS[errorCode as FailureCode] : undefined;
}

/** A failure as an order records it: its code and the English text of its reason. */
export function failureOf(code: FailureCode): { code: FailureCode; message: string } {
  return { code, message: englishText(FAILURE_REASON_KEYS[code]) };
}
