import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, SIGN_IN_THROTTLE_MESSAGE, USERNAME_MESSAGES } from './account';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../text-rules';
import { API_MESSAGE_KEYS, type ApiMessageKey, type MessageParams } from './messages';
import { API_MESSAGE_TEXTS_EN, englishText } from './message-texts';

describe('englishText', () => {
  it('fills the placeholders of a key from its values, and has a text for every key of the catalogue and no other', () => {
    expect(englishText('apiErrors.priceChanged', { total: '$10.66', fee: '$0.66' })).toBe(
      'The price has changed: the total is now $10.66 (fee $0.66). Please review it and confirm again.',
    );
    expect(Object.keys(API_MESSAGE_TEXTS_EN).sort()).toEqual([...API_MESSAGE_KEYS].sort());
  });

  it.each<[ApiMessageKey, MessageParams, string]>([
    ['apiErrors.tooManySignInAttempts', {}, SIGN_IN_THROTTLE_MESSAGE],
    ['apiErrors.passwordTooShort', { min: PASSWORD_MIN_LENGTH }, PASSWORD_MESSAGES.tooShort],
    ['apiErrors.passwordTooLong', { max: PASSWORD_MAX_LENGTH }, PASSWORD_MESSAGES.tooLong],
    ['apiErrors.passwordTooCommon', {}, PASSWORD_MESSAGES.tooCommon],
    ['apiErrors.passwordRepeated', {}, PASSWORD_MESSAGES.repeated],
    ['apiErrors.passwordHasEmail', {}, PASSWORD_MESSAGES.hasEmail],
    ['apiErrors.passwordHasProductName', {}, PASSWORD_MESSAGES.hasProductName],
    ['apiErrors.usernameInvalid', {}, USERNAME_MESSAGES.invalid],
    ['apiErrors.usernameTaken', {}, USERNAME_MESSAGES.taken],
  ])('%s says what the server sends in English', (key, params, english) => {
    expect(englishText(key, params)).toBe(english);
  });

  it('fills in the limits of a password', () => {
    expect(PASSWORD_MESSAGES.tooShort).toBe('Password must be at least 8 characters long.');
    expect(PASSWORD_MESSAGES.tooLong).toBe('Password must be at most 128 characters long.');
  });
});
