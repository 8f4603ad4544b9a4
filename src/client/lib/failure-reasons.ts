/**
 * Translation keys (page texts, "failureReasons") for the reasons the server records when an order is not delivered,
 * by its error code. Codes not listed keep the server's English text.
 */
export const FAILURE_REASON_KEYS: Readonly<Record<string, string>> = {
  TOPUP_FAILED: 'failureReasons.topupFailed',
  TOPUP_REFUNDED: 'failureReasons.topupRefunded',
  INVALID_RECIPIENT_PHONE: 'failureReasons.invalidRecipientPhone',
  AUTHORISATION_MISMATCH: 'failureReasons.authorisationMismatch',
  PAYMENT_CANCELED: 'failureReasons.paymentCanceled',
  AUTHORISATION_LOST: 'failureReasons.authorisationLost',
  PAYMENT_EXPIRED: 'failureReasons.paymentExpired',
  DAILY_LIMIT_REACHED: 'failureReasons.dailyLimitReached',
  RECIPIENT_RECENTLY_TOPPED_UP: 'failureReasons.recipientRecentlyToppedUp',
  PHONE_RECENTLY_RECHARGED: 'failureReasons.recipientRecentlyToppedUp',
  DESTINATION_UNAVAILABLE: 'failureReasons.destinationUnavailable',
};

export function failureReasonKey(errorCode: string | null | undefined): string | undefined {
  return errorCode ? FAILURE_REASON_KEYS[errorCode] : undefined;
}
