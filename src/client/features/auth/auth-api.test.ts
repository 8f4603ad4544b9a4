import { describe, expect, it } from 'vitest';
import { googleFailureKey } from './auth-api';

describe('the message after a failed Google sign-in', () => {
  const after = (query: string) => googleFailureKey(new URLSearchParams(query));

  it('tells a blocked account so, from the code the server added', () => {
    expect(after('error=google&error=ACCOUNT_BLOCKED&error_description=This+account+has+been+blocked.')).toBe('apiErrors.accountBlocked');
  });

  it('says Google sign-in failed for any other reason', () => {
    expect(after('error=google')).toBe('auth.googleFailed');
    expect(after('error=google&error=unable_to_create_user')).toBe('auth.googleFailed');
  });

  it('says nothing on a page not opened by a failed Google sign-in', () => {
    expect(after('')).toBeNull();
    expect(after('error=ACCOUNT_BLOCKED')).toBeNull();
  });
});
