import { describe, expect, it } from 'vitest';
import { failureOf, failureReasonKey } from './failure-reasons';

describe('failure reasons', () => {
  it('finds the spending-cap refusal and leaves unknown codes, and names of Object’s own properties, to the server text', () => {
    expect(failureReasonKey('DAILY_LIMIT_REACHED')).toBe('failureReasons.dailyLimitReached');
    expect(failureReasonKey('PHONE_RECENTLY_RECHARGED')).toBe('failureReasons.recipientRecentlyToppedUp');
    expect(failureReasonKey('SOMETHING_NEW')).toBeUndefined();
    expect(failureReasonKey('constructor')).toBeUndefined();
    expect(failureReasonKey(null)).toBeUndefined();
  });

  it('records a failure with the English text the browser shows for its key', () => {
    expect(failureOf('DAILY_LIMIT_REACHED')).toEqual({
      code: 'DAILY_LIMIT_REACHED',
      message: 'This top-up would pass your spending limit for 24 hours, so nothing was charged.',
    });
  });
});
