import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { accessProblemOf } from './access';

const refusal = (status: number, code?: string) => new ApiRequestError(status, `${status}: …`, 'message', undefined, undefined, code);

describe('why the console is closed to this session', () => {
  it.each([
    ['TWO_FACTOR_REQUIRED', 'two-factor'],
    ['SECOND_FACTOR_REQUIRED', 'second-factor'],
    ['EMAIL_NOT_VERIFIED', 'email-not-verified'],
    ['ADMIN_REQUIRED', 'not-admin'],
  ])('403 %s is %s', (code, problem) => {
    expect(accessProblemOf(refusal(403, code))).toBe(problem);
  });

  it('a 401 is a session that ended', () => {
    expect(accessProblemOf(refusal(401))).toBe('signed-out');
  });

  it('any other refusal is about the request, not the access', () => {
    expect(accessProblemOf(refusal(403, 'ACCOUNT_BLOCKED'))).toBeNull();
    expect(accessProblemOf(refusal(403))).toBeNull();
    expect(accessProblemOf(refusal(409, 'TWO_FACTOR_REQUIRED'))).toBeNull();
    expect(accessProblemOf(refusal(404, 'NOT_FOUND'))).toBeNull();
    expect(accessProblemOf(new Error('network down'))).toBeNull();
    expect(accessProblemOf(refusal(403, 'toString'))).toBeNull();
  });
});
