import type { ApiMessageKey, MessageParams } from './messages';

/**
 * The English text of every message the API sends, written here and nowhere else: the server answers with it (the
 * error's `message`) and the browser's English page texts take it from here (src/client/i18n/locales/pages/en.ts). The
 * other languages translate the same keys in src/client/i18n/locales/pages/<lang>.json. {{placeholders}} are filled
 * from the message's values.
 */
export const API_MESSAGE_TEXTS_EN = {
  // Recipient numbers (shared/phone-rules.ts) and request fields (the shared zod schemas).
  'phone.required': 'Phone number is required',
  'phone.tooShort': 'Phone number must be at least {{min}} digits. Current: {{current}} digits',
  'phone.tooLong': 'Phone number cannot exceed {{max}} digits. Current: {{current}} digits',
  'phone.invalidFormat': 'Invalid phone number format. Expected format: {{format}}',
  'validation.nameRequired': 'Please enter your name (at least 2 characters).',
  'validation.nameTooLong': 'Your name can be at most 100 characters.',
  'validation.emailInvalid': 'Please enter a valid email address.',
  'validation.topicRequired': 'Please choose a topic.',
  'validation.messageTooShort': 'Please write a message of at least 10 characters.',
  'validation.messageTooLong': 'Your message can be at most 2000 characters.',
  'validation.nameCharacters': 'Your name can only hold letters, digits, spaces and punctuation.',
  'validation.messageCharacters': 'Your message contains a character that cannot be sent. Please remove it.',
  'validation.invisibleCharacters':
    'This text holds an invisible character or one that changes the direction of the text. Please remove it, or type the text again.',
  'validation.mixedScriptWord': 'A word here mixes Latin letters with Cyrillic or Greek ones that look alike. Please type each word in one alphabet.',
  'validation.phoneDigits': 'Enter a phone number of 6 to 15 digits.',
  'validation.countryCode': 'Choose a valid country.',
  'validation.passwordRequired': 'Please enter your password.',
  'validation.codeDigits': 'Please enter the 6 digits of the code.',
  'validation.backupCodeFormat': 'A backup code is 10 letters and digits, like abcde-12345.',
  // Catalogue and top-up provider.
  'topup.errors.unavailable': 'This country is currently not available for service.',
  'topup.result.errors.serviceUnavailable': 'Service temporarily unavailable. Please try again later.',
  'apiErrors.operatorNotDetected': 'We could not find the operator of this phone number. Please check the number and try again.',
  'apiErrors.invalidPhoneNumber': 'This phone number is not valid for the chosen country.',
  // Checkout.
  'apiErrors.checkoutStartedForOther': 'This checkout was already started for a different top-up. Please review your top-up and confirm again.',
  'apiErrors.checkoutClosed': 'This checkout has ended and nothing was charged. Please confirm again to start a new one.',
  'apiErrors.paymentNotAccepted': "We couldn't accept this payment. Please try another card, or contact us if you think this is a mistake.",
  'apiErrors.alreadyPaid': 'This top-up has already been paid for.',
  // Promo codes.
  'apiErrors.promoUnknown': "We don't know this promo code. Please check it and try again.",
  'apiErrors.promoNotStarted': "This promo code can't be used yet.",
  'apiErrors.promoExpired': 'This promo code has expired.',
  'apiErrors.promoExhausted': 'This promo code has been used up.',
  'apiErrors.promoFirstTopUpOnly': 'This promo code is only for your first top-up.',
  'apiErrors.promoMinimumAmount': 'This promo code needs a top-up of at least {{min}}.',
  'apiErrors.promoUsedByYou': 'You have already used this promo code as many times as it allows.',
  'apiErrors.promoWelcomeBetter': 'Your welcome discount from a friend ({{discount}}) is bigger than this code gives. It stays on your first top-up.',
  'apiErrors.promoCodeTaken': 'Another promo code already has this code.',
  'apiErrors.promoCodeNotFound': 'No promo code has this id.',
  'apiErrors.operatorNotInCountry': 'The selected operator does not serve this country. Please enter the number again.',
  'apiErrors.currencyNotSupported': 'This operator cannot be paid in USD.',
  'apiErrors.amountNotPositive': 'The amount must be more than $0.00.',
  'apiErrors.amountNotOffered': '{{operator}} does not offer a {{amount}} top-up. Please choose one of the amounts shown.',
  'apiErrors.amountTooLow': '{{operator}} top-ups must be at least {{min}}.',
  'apiErrors.amountOutOfRange': '{{operator}} top-ups must be between {{min}} and {{max}}.',
  'apiErrors.priceChanged': 'The price has changed: the total is now {{total}} (fee {{fee}}). Please review it and confirm again.',
  'apiErrors.recipientRecentlyToppedUp':
    'This number was topped up less than {{minutes}} minutes ago. Please wait a few minutes before sending it another top-up.',
  'apiErrors.dailyLimitReached':
    'This top-up would pass your limit of {{limit}} in 24 hours. You can still send up to {{left}} today, fees included.',
  'payment.messages.api_error': 'Our payment service is experiencing issues. Please try again shortly.',
  // Sending the top-up and reading orders.
  'apiErrors.paymentOrderNotFound': 'No order of yours matches this payment.',
  'apiErrors.orderNotFound': 'Order not found',
  'apiErrors.paymentCanceled': 'This payment was cancelled. Nothing was charged; please start a new top-up.',
  'apiErrors.paymentNotAuthorised': 'The payment has not been authorised yet. Please complete the payment first.',
  'apiErrors.topupMismatch':
    'The top-up details do not match the order that was paid for. The order goes on as it was paid for; see it in your history.',
  'apiErrors.pinNotFound': 'This top-up has no PIN.',
  'apiErrors.deliveryReportNotCompleted': 'Only a top-up that was delivered can be reported as not arrived.',
  'apiErrors.deliveryReportTooLate':
    'A top-up can be reported as not arrived up to 7 days after it was delivered. Please write to us from the contact page.',
  'apiErrors.deliveryReportOpen': 'You have already reported this top-up. We are checking it and will show the answer here.',
  'apiErrors.deliveryReportNotFound': 'Report not found',
  'apiErrors.deliveryReportMessageTooLong': 'Your message can be at most 500 characters.',
  'apiErrors.deliveryReportStatusConflict': 'This report changed, or its status does not allow this action. It is now: {{status}}.',
  'apiErrors.deliveryReportReferenceRequired': "Enter the operator's reference that shows the top-up was delivered.",
  // Accounts and sign-in.
  'apiErrors.signInRequired': 'Please login to continue',
  'apiErrors.adminRequired': 'Admin access required',
  'apiErrors.twoFactorRequired': 'Two-factor authentication is required for admin access',
  'apiErrors.emailNotVerified': 'Confirm your e-mail address with the link we sent you to use admin pages.',
  'apiErrors.secondFactorRequired': 'Enter the current code from your authenticator app to use admin pages: sign in again with your code.',
  'apiErrors.cardNotBlocklisted':
    'The order is rejected, but its card could not be read from the payment provider to blocklist it: add its fingerprint on the Blocklist page.',
  'apiErrors.usernameInvalid': 'Username must be 3 to 30 characters: letters, digits, dots, underscores or hyphens.',
  'apiErrors.usernameTaken': 'This username is already taken',
  'apiErrors.invalidCredentials': 'The e-mail or password is not correct.',
  'apiErrors.emailTaken': 'An account with this e-mail already exists. Log in, or register with another e-mail.',
  'apiErrors.passwordTooShort': 'Password must be at least {{min}} characters long.',
  'apiErrors.passwordTooLong': 'Password must be at most {{max}} characters long.',
  'apiErrors.passwordTooCommon': 'This password is too common. Please choose a less common one.',
  'apiErrors.passwordRepeated': 'Your password must not be one character repeated.',
  'apiErrors.passwordHasEmail': 'Your password must not contain your e-mail address.',
  'apiErrors.passwordHasProductName': 'Your password must not contain the name GlobalTopUp.',
  'apiErrors.tooManySignInAttempts': 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  'apiErrors.tooManyCodeAttempts': 'Too many wrong codes. Please wait 15 minutes and try again.',
  'apiErrors.invalidBackupCode': 'That backup code is not correct, or it has been used already.',
  'apiErrors.resetLinkInvalid': 'This password reset link is no longer valid. Please ask for a new one.',
  'apiErrors.accountLocked': 'Too many wrong codes. Your account is locked for a while; please try again later.',
  'profile.twoFactor.codeInvalid': 'That code is not correct. Check that the time on your phone is right and enter the newest code.',
  'profile.twoFactor.passwordInvalid': 'That password is not correct.',
  'profile.linked.lastMethod': 'You need at least one way to sign in.',
  // Limits on abusable flows (server/request-limits.ts).
  'apiErrors.tooManySignUps': 'Too many accounts were created from your network. Please try again in an hour.',
  'apiErrors.tooManyAccountMails': 'Too many e-mails were asked for this address. Please wait an hour and try again.',
  'apiErrors.tooManyDetections': 'Too many phone numbers were checked. Please wait a minute and try again.',
  'apiErrors.tooManyContactMessages': 'Too many messages were sent. Please wait 10 minutes and try again.',
  'payment.messages.rate_limit': 'Too many payment attempts. Please wait a moment before trying again.',
  // Request-a-top-up links.
  'validation.suggestedAmountFormat': 'Enter an amount in dollars, e.g. 12.50.',
  'validation.noteTooLong': 'Your note can be at most {{max}} characters.',
  'validation.noteCharacters': 'Your note contains a character that cannot be sent. Please remove it.',
  'validation.noteNoLinks': 'Your note cannot contain a web address. Please remove it.',
  'apiErrors.suggestedAmountOutOfRange': 'The suggested amount must be from {{min}} to {{max}}.',
  'apiErrors.topupRequestNotFound': 'This top-up request link is not valid or has expired. Request links work for 30 days.',
  'apiErrors.tooManyTopupRequestsToday': "You have made today's 10 request links. Please try again tomorrow.",
  'apiErrors.confirmAddressForRequests': 'Confirm your e-mail address to make request links: open the link we e-mailed you.',
  'apiErrors.tooManyTopupRequests': 'Too many request links were made from your network. Please wait an hour and try again.',
  // Saved recipients (server/recipients).
  'apiErrors.recipientNotFound': 'This recipient was not found. It may have been deleted.',
  'apiErrors.recipientNameTooLong': 'A recipient name can be at most 40 characters.',
  'apiErrors.recipientNameInvalid': 'A recipient name can only hold letters, digits, spaces and punctuation.',
  // Saved cards (server/saved-cards).
  'apiErrors.savedCardNotFound': 'This saved card was not found. It may have been removed.',
  // Auto top-ups (server/auto-topups).
  'apiErrors.autoTopupAmount': 'Enter the amount in US dollars, with at most 2 decimals.',
  'apiErrors.autoTopupInterval': 'Choose every 7, 14, 28 or 30 days.',
  'apiErrors.autoTopupFirstCharge': 'Enter the date and time of the charge.',
  'apiErrors.autoTopupChargeInPast': 'The charge must be in the future.',
  'apiErrors.autoTopupChargeTooSoon': 'The charge must be at least {{hours}} hours from now, so that its reminder can go out first.',
  'apiErrors.autoTopupNotFound': 'This auto top-up was not found. It may have been deleted.',
  'apiErrors.autoTopupRecipientNotFound': 'Choose one of your saved recipients or one of your top-ups.',
  'apiErrors.autoTopupLinkInvalid': 'This link is not valid or has expired. Nothing was changed.',
  'apiErrors.autoTopupAlreadyCharging': 'This top-up is already being charged, so it can no longer be skipped.',
  'apiErrors.recipientsFull': 'You can save up to {{max}} recipients. Delete one to add another.',
  'apiErrors.tooManyRecipientAdds': 'Too many recipients added in a short time. Please wait a few minutes and try again.',
  // Any call.
  'apiErrors.rateLimited': 'Too many requests in a short time. Please wait a moment and try again.',
  'apiErrors.internal': 'Something went wrong on our side. Please try again later.',
  'apiErrors.serviceUnavailable': 'The service is briefly unavailable. Please try again in a moment.',
  // Accounts blocked by an admin, and the operations console.
  'apiErrors.accountBlocked': 'This account has been blocked. If you think this is a mistake, please write to us from the contact page.',
  'apiErrors.ordersInProgress':
    'You have a top-up that is not finished yet. You can delete your account once it is completed, cancelled or refunded.',
  'apiErrors.adminAccountDeletion': 'An admin account cannot be deleted. Ask another admin to remove your admin rights first.',
  'apiErrors.freshSignInRequired': 'For your safety, sign in with Google again, then delete your account within 5 minutes.',
  'apiErrors.deletionCodeRequired': 'Enter the code from your authenticator app, or one of your backup codes.',
  'apiErrors.orderStatusConflict': 'This order changed, or its status does not allow this action. It is now: {{status}}.',
  'apiErrors.customerNotFound': 'No customer has this id.',
  'apiErrors.cursorInvalid': 'This page link is no longer valid. Please start again from the first page.',
  'apiErrors.lastAdmin': 'This is the last admin: give another account admin rights first.',
  'apiErrors.ownAccountChange': 'You cannot change your own admin rights or block your own account; ask another admin.',
  'apiErrors.customerAlreadyBlocked': 'This customer is already blocked.',
  'apiErrors.customerNotBlocked': 'This customer is not blocked.',
  'apiErrors.customerAlreadyAdmin': 'This customer is already an admin.',
  'apiErrors.customerNotAdmin': 'This customer is not an admin.',
  'apiErrors.disputeNotFound': 'This order has no dispute.',
  'apiErrors.disputeNotAwaitingEvidence': 'This dispute no longer takes evidence: it is {{status}}, or evidence was already submitted.',
  // The operations console's catalogue.
  'apiErrors.operatorUnavailable': 'This operator is currently not available for service. Please try again later.',
  'apiErrors.destinationBlocked':
    'This destination is on the blocked list (BLOCKED_DESTINATIONS) and cannot be enabled or have operators enabled from the console.',
  'apiErrors.catalogueCountryNotFound': 'No destination has this country code.',
  'apiErrors.catalogueOperatorNotFound': 'The top-up provider lists no operator with this id in this country.',
  'apiErrors.countryAlreadyEnabled': 'This country is already enabled.',
  'apiErrors.countryAlreadyDisabled': 'This country is already disabled.',
  'apiErrors.operatorAlreadyEnabled': 'This operator is already enabled.',
  'apiErrors.operatorAlreadyDisabled': 'This operator is already disabled.',
  'apiErrors.airtimeFeeInvalid': 'The percentage fee must be a number from {{min}} to {{max}} (percent), with at most 2 decimals.',
  'apiErrors.standardFeeInvalid': 'The fixed fee must be an amount from {{min}} to {{max}}, with at most 2 decimals.',
  'apiErrors.dailySpendLimitInvalid': 'The daily spending limit must be an amount from {{min}} to {{max}}, with at most 2 decimals.',
  'apiErrors.friendDiscountInvalid': 'The friend’s welcome discount must be an amount from {{min}} to {{max}}, with at most 2 decimals.',
  'apiErrors.referrerCreditInvalid': 'The referrer’s credit must be an amount from {{min}} to {{max}}, with at most 2 decimals.',
  'apiErrors.disputeWindowInvalid': 'The dispute window must be a whole number of days from {{min}} to {{max}}.',
  'apiErrors.recipientCooldownInvalid': 'The wait between two top-ups of one number must be a whole number of minutes from {{min}} to {{max}}.',
  'apiErrors.checkoutAttemptsInvalid': 'Checkout attempts per minute must be a whole number from {{min}} to {{max}}.',
  'apiErrors.settingsChanged':
    'Someone else saved these settings while you were editing them. The values in force now are shown: check them and save again.',
  'apiErrors.feeRuleBelowCost':
    'These fees would sell {{operator}} at a loss: a top-up of {{amount}} would cost the customer {{price}}, while the operator costs us {{cost}} and the card fee is {{cardFee}} ({{loss}} lost). Raise the fees.',
  'apiErrors.feeRuleNotFound': 'There is no fee rule for this country or operator.',
  'apiErrors.operatorBelowCost': 'This operator cannot be topped up with this amount at the moment. Please choose another amount or try again later.',
  'apiErrors.messageNotFound': 'No contact message has this id.',
  'apiErrors.messageAlreadyHandled': 'This message has already been marked handled.',
  'apiErrors.messageNotHandled': 'This message is not marked handled.',
  'apiErrors.temporarilyUnavailable': 'Top-ups are temporarily unavailable. Nothing was charged: please try again in a few minutes.',
  'apiErrors.lowBalanceInvalid': 'The low-balance threshold must be an amount from {{min}} to {{max}}, with at most 2 decimals.',
  'apiErrors.alertCountInvalid': 'This number must be a whole number from {{min}} to {{max}}.',
  'apiErrors.alertPercentInvalid': 'This percentage must be a whole number from {{min}} to {{max}}.',
  'apiErrors.alertMinutesInvalid': 'The window must be a whole number of minutes from {{min}} to {{max}}.',
  'apiErrors.alertNotFound': 'No alert has this id.',
  'apiErrors.alertAlreadyResolved': 'This alert has already been resolved.',
  // Why an order ended undelivered.
  'failureReasons.topupFailed': 'The operator could not deliver the top-up.',
  'failureReasons.topupRefunded': 'The operator could not deliver the top-up and it was refunded.',
  'failureReasons.invalidRecipientPhone': "The operator says the recipient's number is not valid.",
  'failureReasons.authorisationMismatch': 'The payment did not match this order, so nothing was charged.',
  'failureReasons.paymentCanceled': 'The payment was cancelled, so nothing was charged.',
  'failureReasons.authorisationLost': 'The payment authorisation ended before delivery, so nothing was charged.',
  'failureReasons.paymentExpired': 'The payment was not completed within 30 minutes.',
  'failureReasons.paymentDeclined': 'The card was declined, and no other card paid within 30 minutes.',
  'failureReasons.dailyLimitReached': 'This top-up would pass your spending limit for 24 hours, so nothing was charged.',
  'failureReasons.recipientRecentlyToppedUp':
    'This number was topped up a short while ago, so nothing was charged. Please try again in a few minutes.',
  'failureReasons.destinationUnavailable': 'This destination is not available at the moment, so the top-up was not sent and nothing was charged.',
  'failureReasons.releasedBySupport': 'Our support team cancelled this top-up and released the hold on your card, so nothing was charged.',
  'failureReasons.paymentNotAccepted':
    "We couldn't accept this payment, so the hold on your card was released and nothing was charged. Please try another card, or contact us.",
  'failureReasons.reviewWindowEnded':
    "We couldn't check this payment in time, so the hold on your card was released and nothing was charged. Please try again, or contact us.",
} as const satisfies Record<ApiMessageKey, string>;

/** The English text of a message, its {{placeholders}} filled from `params`. */
export function englishText(key: ApiMessageKey, params: MessageParams = {}): string {
  return API_MESSAGE_TEXTS_EN[key].replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => String(params[name] ?? placeholder));
}
