import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES } from '../../shared/api/account';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/text-rules';

/**
 * How many of the most frequent leaked passwords that are long enough to be accepted otherwise are refused (the list
 * is ordered by frequency; shorter ones are refused by the length rule anyway).
 */
const COMMON_PASSWORD_COUNT = 10_000;

let commonPasswords: Set<string> | undefined;

/** Built on first use from the zxcvbn-ts list of the most common leaked passwords, lowercase. */
function commonPasswordSet(): Set<string> {
  commonPasswords ??= new Set(
    dictionary['passwords-common']
      .filter((word) => word.length >= PASSWORD_MIN_LENGTH)
      .slice(0, COMMON_PASSWORD_COUNT)
      .map((word) => word.toLowerCase()),
  );
  return commonPasswords;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswordSet().has(password.toLowerCase());
}

/** Guessed first by anyone attacking this product's accounts. */
const PRODUCT_NAME = 'globaltopup';

/** Whether the password holds the account's e-mail address, or its part before the @ when that is 4 or more characters. */
function containsEmail(password: string, email: string | undefined): boolean {
  if (!email) return false;
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const localPart = address.split('@')[0] ?? '';
  return lower.includes(address) || (localPart.length >= 4 && lower.includes(localPart));
}

/**
 * The first rule a new password breaks, as a message to show, or undefined when it is acceptable. `email` is the
 * account's address, when known (sign-up, change, reset).
 */
export function passwordProblem(password: string, email?: string): { message: string; code: string } | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return { message: PASSWORD_MESSAGES.tooShort, code: 'PASSWORD_TOO_SHORT' };
  if (password.length > PASSWORD_MAX_LENGTH) return { message: PASSWORD_MESSAGES.tooLong, code: 'PASSWORD_TOO_LONG' };
  if (/^(.)\1*$/su.test(password)) return { message: PASSWORD_MESSAGES.repeated, code: 'PASSWORD_REPEATED' };
  if (isCommonPassword(password)) return { message: PASSWORD_MESSAGES.tooCommon, code: 'PASSWORD_TOO_COMMON' };
  if (
    password
      .toLowerCase()
      .replace(/[^a-z]/g, '')
      .includes(PRODUCT_NAME)
  ) {
    return { message: PASSWORD_MESSAGES.hasProductName, code: 'PASSWORD_HAS_PRODUCT_NAME' };
  }
  if (containsEmail(password, email)) return { message: PASSWORD_MESSAGES.hasEmail, code: 'PASSWORD_HAS_EMAIL' };
  return undefined;
}
