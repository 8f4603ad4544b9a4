import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '../../shared/api/account';

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

/** The first rule a new password breaks, as a message to show, or undefined when it is acceptable. */
export function passwordProblem(password: string): { message: string; code: string } | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return { message: PASSWORD_MESSAGES.tooShort, code: 'PASSWORD_TOO_SHORT' };
  if (password.length > PASSWORD_MAX_LENGTH) return { message: PASSWORD_MESSAGES.tooLong, code: 'PASSWORD_TOO_LONG' };
  if (isCommonPassword(password)) return { message: PASSWORD_MESSAGES.tooCommon, code: 'PASSWORD_TOO_COMMON' };
  return undefined;
}
