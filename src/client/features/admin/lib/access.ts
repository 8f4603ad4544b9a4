import { ApiRequestError } from '@/lib/api-client';

/**
 * Why the server refused the console as a whole, rather than one request: the session ended (401), the account lost
 * its admin rights, or an admin has not met the conditions of the admin calls yet (docs/product.md §6).
 */
export type AccessProblem = 'signed-out' | 'not-admin' | 'email-not-verified' | 'two-factor' | 'second-factor';

const PROBLEM_BY_CODE: Readonly<Record<string, AccessProblem>> = {
  ADMIN_REQUIRED: 'not-admin',
  EMAIL_NOT_VERIFIED: 'email-not-verified',
  TWO_FACTOR_REQUIRED: 'two-factor',
  SECOND_FACTOR_REQUIRED: 'second-factor',
};

export function accessProblemOf(error: unknown): AccessProblem | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.status === 401) return 'signed-out';
  if (error.status !== 403 || !error.code || !Object.hasOwn(PROBLEM_BY_CODE, error.code)) return null;
  return PROBLEM_BY_CODE[error.code]!;
}
