import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH, SIGN_IN_THROTTLE_MESSAGE, USERNAME_MESSAGES } from '../../shared/api/account';
import type { MessageParams } from '../../shared/api/messages';
import { PHONE_MESSAGES_EN } from '../../shared/phone-rules';
import { englishMessage } from './messages';

describe('englishMessage', () => {
  it('fills the placeholders of a key from its values, and knows no key that is not in the catalogue', () => {
    expect(englishMessage('apiErrors.priceChanged', { total: '$10.66', fee: '$0.66' })).toBe(
      'The price has changed: the total is now $10.66 (fee $0.66). Please review it and confirm again.',
    );
    expect(englishMessage('apiErrors.noSuchMessage')).toBeUndefined();
    expect(englishMessage('apiErrors')).toBeUndefined();
  });

  it.each<[string, MessageParams, string]>([
    ['apiErrors.tooManySignInAttempts', {}, SIGN_IN_THROTTLE_MESSAGE],
    ['apiErrors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }, PASSWORD_MESSAGES.tooShort],
    ['apiErrors.passwordTooLong', { max: PASSWORD_MAX_LENGTH }, PASSWORD_MESSAGES.tooLong],
    ['apiErrors.passwordTooCommon', {}, PASSWORD_MESSAGES.tooCommon],
    ['apiErrors.passwordRepeated', {}, PASSWORD_MESSAGES.repeated],
    ['apiErrors.passwordHasEmail', {}, PASSWORD_MESSAGES.hasEmail],
    ['apiErrors.passwordHasProductName', {}, PASSWORD_MESSAGES.hasProductName],
    ['apiErrors.usernameInvalid', {}, USERNAME_MESSAGES.invalid],
    ['apiErrors.usernameTaken', {}, USERNAME_MESSAGES.taken],
    ...Object.entries(PHONE_MESSAGES_EN).map(([key, text]): [string, MessageParams, string] => [key, {}, text]),
  ])('%s says what the server sends in English', (key, params, english) => {
    expect(englishMessage(key, params)).toBe(english);
  });
});
