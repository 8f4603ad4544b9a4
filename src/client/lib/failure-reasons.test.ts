import { describe, expect, it } from 'vitest';
import pages from '@/i18n/locales/pages/en.json';
import { FAILURE_REASON_KEYS, failureReasonKey } from './failure-reasons';

describe('failure reasons', () => {
  it.each(Object.entries(FAILURE_REASON_KEYS))('%s has an English text (the other languages are checked against English)', (_code, key) => {
    const [group, name] = key.split('.') as ['failureReasons', keyof typeof pages.failureReasons];
    expect(group).toBe('failureReasons');
    expect(pages.failureReasons[name]).toEqual(expect.any(String));
  });

  it('finds the spending-cap refusal and leaves unknown codes to the server text', () => {
    expect(failureReasonKey('DAILY_LIMIT_REACHED')).toBe('failureReasons.dailyLimitReached');
    expect(pages.failureReasons.dailyLimitReached).toBe('This top-up would pass your spending limit for 24 hours, so nothing was charged.');
    expect(failureReasonKey('SOMETHING_NEW')).toBeUndefined();
    expect(failureReasonKey(null)).toBeUndefined();
  });
});
