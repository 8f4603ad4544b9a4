import { describe, expect, it } from 'vitest';
import { changesOf } from './changes';
import { formatDateTime } from './format';

describe('the changes of an audit row', () => {
  it('lists only the fields that changed, before and after', () => {
    expect(changesOf({ status: 'completed', refundId: null, totalCents: 1063 }, { status: 'refunded', refundId: 're_1', totalCents: 1063 })).toEqual([
      { field: 'status', before: 'completed', after: 'refunded' },
      { field: 'refundId', before: '—', after: 're_1' },
    ]);
  });

  it('reads a field that only one side has as set or cleared', () => {
    expect(changesOf(null, { isAdmin: true })).toEqual([{ field: 'isAdmin', before: '—', after: 'true' }]);
    expect(changesOf({ blockedReason: 'fraud' }, {})).toEqual([{ field: 'blockedReason', before: 'fraud', after: '—' }]);
  });

  it('compares nested values by their content', () => {
    expect(changesOf({ limits: { daily: 200 } }, { limits: { daily: 200 } })).toEqual([]);
    expect(changesOf({ limits: { daily: 200 } }, { limits: { daily: 300 } })).toEqual([
      { field: 'limits', before: '{"daily":200}', after: '{"daily":300}' },
    ]);
  });

  it('writes moments as dates in the admin’s language', () => {
    const [change] = changesOf({ blockedAt: null }, { blockedAt: '2026-11-24T04:05:11.495Z' }, 'en');
    expect(change).toEqual({ field: 'blockedAt', before: '—', after: formatDateTime('2026-11-24T04:05:11.495Z', 'en') });
  });

  it('is empty when nothing was recorded', () => {
    expect(changesOf(null, null)).toEqual([]);
  });
});
