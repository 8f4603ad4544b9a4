import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../text-rules';

/** Values put into a message's {{placeholders}}. */
export type MessageParams = Record<string, string | number>;

/**
 * Every translation key the API may send as an error's `messageKey`. Its English text is in message-texts.ts (the
 * answer's `message`, and the browser's English), its other languages in the browser's page texts
 * (src/client/i18n/locales/pages/<lang>.json). A key that is not listed here is never sent, so the browser can always
 * show a refusal in the customer's language.
 */
export const API_MESSAGE_KEYS = [
  // Recipient numbers (shared/phone-rules.ts) and request fields (the shared zod schemas).
  'phone.required',
  'phone.tooShort',
  'phone.tooLong',
  'phone.invalidFormat',
  'validation.nameRequired',
  'validation.nameTooLong',
  'validation.emailInvalid',
  'validation.topicRequired',
  'validation.messageTooShort',
  'validation.messageTooLong',
  'validation.nameCharacters',
  'validation.messageCharacters',
  // Every free-text field (shared/api/free-text.ts).
  'validation.invisibleCharacters',
  'validation.mixedScriptWord',
  'validation.phoneDigits',
  'validation.countryCode',
  // The account forms (shared/api/account.ts).
  'validation.passwordRequired',
  'validation.codeDigits',
  'validation.backupCodeFormat',
  // Catalogue and top-up provider.
  'topup.errors.unavailable',
  'topup.result.errors.serviceUnavailable',
  'apiErrors.operatorNotDetected',
  'apiErrors.invalidPhoneNumber',
  // Checkout.
  'apiErrors.checkoutStartedForOther',
  'apiErrors.checkoutClosed',
  'apiErrors.paymentNotAccepted',
  'apiErrors.alreadyPaid',
  // Promo codes (docs/decisions/067-promo-codes.md).
  'apiErrors.promoUnknown',
  'apiErrors.promoNotStarted',
  'apiErrors.promoExpired',
  'apiErrors.promoExhausted',
  'apiErrors.promoFirstTopUpOnly',
  'apiErrors.promoMinimumAmount',
  'apiErrors.promoUsedByYou',
  'apiErrors.promoWelcomeBetter',
  'apiErrors.promoCodeTaken',
  'apiErrors.promoCodeNotFound',
  'apiErrors.operatorNotInCountry',
  'apiErrors.currencyNotSupported',
  'apiErrors.amountNotPositive',
  'apiErrors.amountNotOffered',
  'apiErrors.amountTooLow',
  'apiErrors.amountOutOfRange',
  'apiErrors.priceChanged',
  'apiErrors.recipientRecentlyToppedUp',
  'apiErrors.dailyLimitReached',
  'payment.messages.api_error',
  // Sending the top-up and reading orders.
  'apiErrors.paymentOrderNotFound',
  'apiErrors.orderNotFound',
  'apiErrors.paymentCanceled',
  'apiErrors.paymentNotAuthorised',
  'apiErrors.topupMismatch',
  'apiErrors.pinNotFound',
  // "It didn't arrive" reports (shared/api/delivery-reports.ts).
  'apiErrors.deliveryReportNotCompleted',
  'apiErrors.deliveryReportTooLate',
  'apiErrors.deliveryReportOpen',
  'apiErrors.deliveryReportNotFound',
  'apiErrors.deliveryReportMessageTooLong',
  'apiErrors.deliveryReportStatusConflict',
  'apiErrors.deliveryReportReferenceRequired',
  // The operations console's actions on orders.
  'apiErrors.orderStatusConflict',
  // Accounts and sign-in.
  'apiErrors.signInRequired',
  'apiErrors.adminRequired',
  'apiErrors.twoFactorRequired',
  'apiErrors.emailNotVerified',
  'apiErrors.secondFactorRequired',
  'apiErrors.cardNotBlocklisted',
  'apiErrors.usernameInvalid',
  'apiErrors.usernameTaken',
  'apiErrors.invalidCredentials',
  'apiErrors.emailTaken',
  'apiErrors.passwordTooShort',
  'apiErrors.passwordTooLong',
  'apiErrors.passwordTooCommon',
  'apiErrors.passwordRepeated',
  'apiErrors.passwordHasEmail',
  'apiErrors.passwordHasProductName',
  'apiErrors.tooManySignInAttempts',
  'apiErrors.tooManyCodeAttempts',
  'apiErrors.invalidBackupCode',
  'apiErrors.resetLinkInvalid',
  'apiErrors.accountLocked',
  'apiErrors.accountBlocked',
  // Deleting one's account (server/account).
  'apiErrors.ordersInProgress',
  'apiErrors.adminAccountDeletion',
  'apiErrors.freshSignInRequired',
  'apiErrors.deletionCodeRequired',
  'profile.twoFactor.codeInvalid',
  'profile.twoFactor.passwordInvalid',
  'profile.linked.lastMethod',
  // Limits on abusable flows (server/request-limits.ts).
  'apiErrors.tooManySignUps',
  'apiErrors.tooManyAccountMails',
  'apiErrors.tooManyDetections',
  'apiErrors.tooManyContactMessages',
  'payment.messages.rate_limit',
  // The operations console: customers and lists (server/admin).
  'apiErrors.customerNotFound',
  'apiErrors.cursorInvalid',
  'apiErrors.lastAdmin',
  'apiErrors.ownAccountChange',
  'apiErrors.customerAlreadyBlocked',
  'apiErrors.customerNotBlocked',
  'apiErrors.customerAlreadyAdmin',
  'apiErrors.customerNotAdmin',
  // An order's dispute (ADR 060).
  'apiErrors.disputeNotFound',
  'apiErrors.disputeNotAwaitingEvidence',
  // The operations console's catalogue (server/admin/catalogue.ts) and the switches it sets.
  'apiErrors.operatorUnavailable',
  'apiErrors.destinationBlocked',
  'apiErrors.catalogueCountryNotFound',
  'apiErrors.catalogueOperatorNotFound',
  'apiErrors.countryAlreadyEnabled',
  'apiErrors.countryAlreadyDisabled',
  'apiErrors.operatorAlreadyEnabled',
  'apiErrors.operatorAlreadyDisabled',
  // The operations console: pricing and limits (shared/api/admin-settings.ts).
  'apiErrors.airtimeFeeInvalid',
  'apiErrors.standardFeeInvalid',
  'apiErrors.dailySpendLimitInvalid',
  'apiErrors.friendDiscountInvalid',
  'apiErrors.referrerCreditInvalid',
  'apiErrors.disputeWindowInvalid',
  'apiErrors.recipientCooldownInvalid',
  'apiErrors.checkoutAttemptsInvalid',
  'apiErrors.settingsChanged',
  // Fee rules per corridor (server/admin/fee-rules.ts) and the checkout's refusal to sell at a loss.
  'apiErrors.feeRuleBelowCost',
  'apiErrors.feeRuleNotFound',
  'apiErrors.operatorBelowCost',
  // The operations console: contact messages (server/admin/contact-messages.ts).
  'apiErrors.messageNotFound',
  'apiErrors.messageAlreadyHandled',
  'apiErrors.messageNotHandled',
  // Business alerts (server/alerts) and the checkout the top-up wallet cannot pay.
  'apiErrors.temporarilyUnavailable',
  'apiErrors.lowBalanceInvalid',
  'apiErrors.alertCountInvalid',
  'apiErrors.alertPercentInvalid',
  'apiErrors.alertMinutesInvalid',
  'apiErrors.alertNotFound',
  'apiErrors.alertAlreadyResolved',
  // Request-a-top-up links (server/topup-requests).
  'validation.suggestedAmountFormat',
  'validation.noteTooLong',
  'validation.noteCharacters',
  'validation.noteNoLinks',
  'apiErrors.confirmAddressForRequests',
  'apiErrors.tooManyTopupRequestsToday',
  'apiErrors.suggestedAmountOutOfRange',
  'apiErrors.topupRequestNotFound',
  'apiErrors.tooManyTopupRequests',
  // Saved recipients (server/recipients).
  'apiErrors.recipientNotFound',
  'apiErrors.recipientNameTooLong',
  'apiErrors.recipientNameInvalid',
  // Saved cards (server/saved-cards).
  'apiErrors.savedCardNotFound',
  // Auto top-ups (server/auto-topups).
  'apiErrors.autoTopupAmount',
  'apiErrors.autoTopupInterval',
  'apiErrors.autoTopupFirstCharge',
  'apiErrors.autoTopupChargeInPast',
  'apiErrors.autoTopupChargeTooSoon',
  'apiErrors.autoTopupNotFound',
  'apiErrors.autoTopupRecipientNotFound',
  'apiErrors.autoTopupLinkInvalid',
  'apiErrors.autoTopupAlreadyCharging',
  'apiErrors.recipientsFull',
  'apiErrors.tooManyRecipientAdds',
  // Any call.
  'apiErrors.rateLimited',
  'apiErrors.internal',
  'apiErrors.serviceUnavailable',
  // Why an order ended undelivered (shared/api/failure-reasons.ts): recorded with the order, shown in its history.
  'failureReasons.topupFailed',
  'failureReasons.topupRefunded',
  'failureReasons.invalidRecipientPhone',
  'failureReasons.authorisationMismatch',
  'failureReasons.paymentCanceled',
  'failureReasons.authorisationLost',
  'failureReasons.paymentExpired',
  'failureReasons.paymentDeclined',
  'failureReasons.dailyLimitReached',
  'failureReasons.recipientRecentlyToppedUp',
  'failureReasons.destinationUnavailable',
  'failureReasons.releasedBySupport',
  'failureReasons.paymentNotAccepted',
  'failureReasons.reviewWindowEnded',
] as const;

export type ApiMessageKey = (typeof API_MESSAGE_KEYS)[number];

const listed = new Set<string>(API_MESSAGE_KEYS);
export const isApiMessageKey = (key: string): key is ApiMessageKey => listed.has(key);

/** A translation key with the values of its placeholders. */
export interface KeyedMessage {
  key: ApiMessageKey;
  params?: MessageParams;
}

/**
 * The messages of answers the server passes on as they came, from Better Auth or the top-up provider: each of these
 * codes always means the same thing, so its code is enough to choose the text.
 */
export const MESSAGE_BY_PASSED_ON_CODE: Readonly<Record<string, KeyedMessage>> = {
  // Better Auth and the product's own checks in its hooks (server/auth).
  INVALID_EMAIL_OR_PASSWORD: { key: 'apiErrors.invalidCredentials' },
  USER_ALREADY_EXISTS: { key: 'apiErrors.emailTaken' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { key: 'apiErrors.emailTaken' },
  INVALID_EMAIL: { key: 'validation.emailInvalid' },
  PASSWORD_TOO_SHORT: { key: 'apiErrors.passwordTooShort', params: { min: PASSWORD_MIN_LENGTH } },
  PASSWORD_TOO_LONG: { key: 'apiErrors.passwordTooLong', params: { max: PASSWORD_MAX_LENGTH } },
  PASSWORD_TOO_COMMON: { key: 'apiErrors.passwordTooCommon' },
  PASSWORD_REPEATED: { key: 'apiErrors.passwordRepeated' },
  PASSWORD_HAS_EMAIL: { key: 'apiErrors.passwordHasEmail' },
  PASSWORD_HAS_PRODUCT_NAME: { key: 'apiErrors.passwordHasProductName' },
  USERNAME_INVALID: { key: 'apiErrors.usernameInvalid' },
  USERNAME_TAKEN: { key: 'apiErrors.usernameTaken' },
  TOO_MANY_ATTEMPTS: { key: 'apiErrors.tooManySignInAttempts' },
  TOO_MANY_CODE_ATTEMPTS: { key: 'apiErrors.tooManyCodeAttempts' },
  INVALID_CODE: { key: 'profile.twoFactor.codeInvalid' },
  INVALID_TWO_FACTOR_AUTHENTICATION: { key: 'profile.twoFactor.codeInvalid' },
  INVALID_BACKUP_CODE: { key: 'apiErrors.invalidBackupCode' },
  INVALID_PASSWORD: { key: 'profile.twoFactor.passwordInvalid' },
  INVALID_TOKEN: { key: 'apiErrors.resetLinkInvalid' },
  ACCOUNT_TEMPORARILY_LOCKED: { key: 'apiErrors.accountLocked' },
  ACCOUNT_BLOCKED: { key: 'apiErrors.accountBlocked' },
  FAILED_TO_UNLINK_LAST_ACCOUNT: { key: 'profile.linked.lastMethod' },
  // The top-up provider's answers to operator detection (PROVIDERS.md).
  COULD_NOT_AUTO_DETECT_OPERATOR: { key: 'apiErrors.operatorNotDetected' },
  INVALID_PHONE_NUMBER: { key: 'apiErrors.invalidPhoneNumber' },
  COUNTRY_NOT_SUPPORTED: { key: 'topup.errors.unavailable' },
};

/** The message of a passed-on answer with this code, if the code is one of those above. */
export function messageForPassedOnCode(code: string | undefined): KeyedMessage | undefined {
  return code !== undefined && Object.hasOwn(MESSAGE_BY_PASSED_ON_CODE, code) ? MESSAGE_BY_PASSED_ON_CODE[code] : undefined;
}
