import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../constants';
import { API_MESSAGE_TEXTS_EN } from './message-texts';
import { isApiMessageKey } from './messages';
import {
  ACCOUNT_RULE_PARAMS,
  backupCodeSchema,
  confirmingPasswordSchema,
  disableTwoFactorRequestSchema,
  emailSchema,
  enableTwoFactorRequestSchema,
  normaliseBackupCode,
  passwordResetRequestSchema,
  passwordSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpFieldsSchema,
  totpCodeSchema,
  updateUserRequestSchema,
  usernameFieldSchema,
  usernameFormSchema,
  usernameSchema,
  verifyBackupCodeRequestSchema,
  verifyTotpRequestSchema,
} from './account';

/** The message of the first problem, as the form shows it under the field. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]!.message;
}

describe('e-mail', () => {
  it('accepts an address, without the spaces around it', () => {
    expect(emailSchema.parse(' amina@example.com ')).toBe('amina@example.com');
  });

  it.each(['', 'amina', 'amina@', '@example.com', 'a b@example.com', `${'a'.repeat(243)}@example.com`, 42])('refuses %j', (value) => {
    expect(messageOf(emailSchema, value)).toBe('validation.emailInvalid');
  });

  it('takes the longest address SMTP carries, 254 characters', () => {
    expect(emailSchema.safeParse(`${'a'.repeat(242)}@example.com`).success).toBe(true);
  });
});

describe('passwords', () => {
  it.each([
    ['', 'validation.passwordRequired'],
    ['kx7#Qp2', 'apiErrors.passwordTooShort'],
    ['k7'.repeat(64) + 'z', 'apiErrors.passwordTooLong'],
  ])('a new or signing-in password %j is refused with %s', (password, message) => {
    expect(messageOf(passwordSchema, password)).toBe(message);
  });

  it('takes 8 to 128 characters as typed, spaces included', () => {
    expect(passwordSchema.parse('kx7#Qp2v')).toBe('kx7#Qp2v');
    expect(passwordSchema.parse('k7'.repeat(64))).toBe('k7'.repeat(64));
    expect(passwordSchema.parse(' spaced out ')).toBe(' spaced out ');
  });

  it('the password confirming a two-factor change only has to be there and not too long: the server judges it', () => {
    expect(messageOf(confirmingPasswordSchema, '')).toBe('validation.passwordRequired');
    expect(messageOf(confirmingPasswordSchema, 'k7'.repeat(64) + 'z')).toBe('apiErrors.passwordTooLong');
    expect(confirmingPasswordSchema.parse('short')).toBe('short');
  });
});

describe('usernames', () => {
  it.each(['abc', 'amina_y', 'a.b-c_9', 'x'.repeat(30)])('takes %j', (username) => {
    expect(usernameSchema.parse(username)).toBe(username);
  });

  it.each(['ab', 'x'.repeat(31), 'has space', 'émile', 'ab!', '', null])('refuses %j', (username) => {
    expect(messageOf(usernameSchema, username)).toBe('apiErrors.usernameInvalid');
  });

  it('in a form, a blank field is no username and spaces around one are dropped', () => {
    expect(usernameFieldSchema.parse('')).toBeNull();
    expect(usernameFieldSchema.parse('   ')).toBeNull();
    expect(usernameFieldSchema.parse(' amina ')).toBe('amina');
    expect(messageOf(usernameFieldSchema, 'ab')).toBe('apiErrors.usernameInvalid');
  });

  it("the profile form sends what PATCH /api/user's schema takes", () => {
    for (const typed of ['', 'amina.y', ' kofi ']) {
      expect(updateUserRequestSchema.safeParse(usernameFormSchema.parse({ username: typed })).success).toBe(true);
    }
    expect(usernameFormSchema.parse({ username: '' })).toEqual({ username: null });
  });
});

describe('codes', () => {
  it('an authenticator code is six digits, typed with spaces or not', () => {
    expect(totpCodeSchema.parse('123456')).toBe('123456');
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
  });

  it.each(['', '12345', '1234567', '12a456', '12345 '])('refuses the authenticator code %j', (code) => {
    expect(messageOf(totpCodeSchema, code)).toBe('validation.codeDigits');
  });

  it.each([
    ['aB3dE-9fGh2', 'aB3dE-9fGh2'],
    ['  aB3dE-9fGh2 ', 'aB3dE-9fGh2'],
    ['aB3dE9fGh2', 'aB3dE-9fGh2'],
    ['aB3dE 9fGh2', 'aB3dE-9fGh2'],
  ])('the backup code %j is sent as %j', (typed, sent) => {
    expect(normaliseBackupCode(typed)).toBe(sent);
    expect(backupCodeSchema.parse(typed)).toBe(sent);
  });

  it('leaves any other backup code as typed, for the rule to refuse', () => {
    expect(normaliseBackupCode('short')).toBe('short');
    expect(normaliseBackupCode('aB3dE-9fGh2x')).toBe('aB3dE-9fGh2x');
    for (const typed of ['short', 'aB3dE-9fGh2x', 'aB3dE_9fGh2', '']) {
      expect(messageOf(backupCodeSchema, typed)).toBe('validation.backupCodeFormat');
    }
  });
});

describe('the forms', () => {
  it('sign-in sends the address trimmed and the password as typed', () => {
    expect(signInRequestSchema.parse({ email: ' Amina@Example.com', password: 'Lagos-to-Accra-2026' })).toEqual({
      email: 'Amina@Example.com',
      password: 'Lagos-to-Accra-2026',
    });
  });

  it('register checks every field and leaves out a blank username', () => {
    const fields = { email: 'kofi@example.com', password: 'Lagos-to-Accra-2026', username: ' ', marketingPreference: true };
    expect(signUpFieldsSchema.parse(fields)).toEqual({ ...fields, username: null });
    const result = signUpFieldsSchema.safeParse({ email: 'kofi', password: 'short', username: 'ab', marketingPreference: false });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'validation.emailInvalid'],
      ['password', 'apiErrors.passwordTooShort'],
      ['username', 'apiErrors.usernameInvalid'],
    ]);
  });

  it('a reset takes the link token and a new password under the same rules as sign-up', () => {
    expect(resetPasswordRequestSchema.parse({ token: 'abc', newPassword: 'Fresh-Start-in-Dakar-9' })).toEqual({
      token: 'abc',
      newPassword: 'Fresh-Start-in-Dakar-9',
    });
    expect(messageOf(resetPasswordRequestSchema, { token: 'abc', newPassword: 'short' })).toBe('apiErrors.passwordTooShort');
    expect(messageOf(passwordResetRequestSchema, { email: 'jean@' })).toBe('validation.emailInvalid');
  });

  it('turning two-factor off needs a code and the password; turning it on the password', () => {
    expect(disableTwoFactorRequestSchema.parse({ code: '123 456', password: 'secret' })).toEqual({ code: '123456', password: 'secret' });
    expect(disableTwoFactorRequestSchema.safeParse({ code: '', password: '' }).error?.issues.map((issue) => issue.message)).toEqual([
      'validation.codeDigits',
      'validation.passwordRequired',
    ]);
    expect(messageOf(enableTwoFactorRequestSchema, { password: '' })).toBe('validation.passwordRequired');
    expect(verifyTotpRequestSchema.parse({ code: '654 321' })).toEqual({ code: '654321' });
    expect(verifyBackupCodeRequestSchema.parse({ code: 'aB3dE9fGh2' })).toEqual({ code: 'aB3dE-9fGh2' });
  });
});

describe('the messages of the account rules', () => {
  const pagesDir = path.join(import.meta.dirname, '../../client/i18n/locales/pages');
  /** English texts of API message keys are written once, in src/shared; the other languages are the browser's. */
  const textAt = (language: string, key: string): unknown =>
    (language === 'en' && isApiMessageKey(key) ? API_MESSAGE_TEXTS_EN[key] : undefined) ??
    key
      .split('.')
      .reduce<unknown>(
        (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
        JSON.parse(readFileSync(path.join(pagesDir, `${language}.json`), 'utf8')),
      );

  /** Every message the rules give, from one refused value of each kind. */
  const messages = [
    ...[emailSchema, passwordSchema, confirmingPasswordSchema, usernameSchema, usernameFieldSchema, totpCodeSchema, backupCodeSchema].flatMap(
      (schema) => [undefined, '', 'x', 'x'.repeat(300)].map((value) => messageOf(schema, value)),
    ),
  ].filter((message): message is string => message !== undefined);

  it('are translation keys, each with a text in every language whose placeholders ACCOUNT_RULE_PARAMS fills', () => {
    expect(new Set(messages)).toEqual(
      new Set([
        'validation.emailInvalid',
        'validation.passwordRequired',
        'apiErrors.passwordTooShort',
        'apiErrors.passwordTooLong',
        'apiErrors.usernameInvalid',
        'validation.codeDigits',
        'validation.backupCodeFormat',
      ]),
    );
    for (const language of SUPPORTED_LANGUAGES) {
      for (const key of new Set(messages)) {
        const text = textAt(language, key);
        expect(typeof text, `${language} ${key}`).toBe('string');
        const placeholders = [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
        expect(
          placeholders.filter((name) => !(name in ACCOUNT_RULE_PARAMS)),
          `${language} ${key}`,
        ).toEqual([]);
      }
    }
  });
});
