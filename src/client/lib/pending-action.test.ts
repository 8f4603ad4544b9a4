import { beforeEach, describe, expect, it } from 'vitest';
import { PENDING_DATA_TTL_MS } from '@shared/constants';
import { resumeAfterSignIn } from './pending-action';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  (globalThis as unknown as { window: unknown }).window = {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
  };
});

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const data = { selectedCountry: { code: 'NG' }, phoneNumber: '08031234567', selectedAmount: 10, timestamp: NOW };
const save = (action: unknown) => {
  store.set('pendingAuthAction', JSON.stringify(action));
  store.set('pendingTransactionData', JSON.stringify(data));
};

describe('resuming after sign-in', () => {
  it('sends a complete top-up back to the summary and keeps its data for the flow', () => {
    save({ type: 'topup', data, timestamp: NOW });
    expect(resumeAfterSignIn(NOW + 60_000)).toEqual({ kind: 'restore', path: '/?restore=summary&country=NG&phone=08031234567' });
    expect(store.has('pendingAuthAction')).toBe(false);
    expect(store.has('pendingTransactionData')).toBe(true);
  });

  it('discards an action older than 30 minutes', () => {
    save({ type: 'topup', data, timestamp: NOW });
    expect(resumeAfterSignIn(NOW + PENDING_DATA_TTL_MS + 1)).toEqual({ kind: 'expired' });
    expect(store.size).toBe(0);
  });

  it('keeps an action exactly 30 minutes old', () => {
    save({ type: 'topup', data, timestamp: NOW });
    expect(resumeAfterSignIn(NOW + PENDING_DATA_TTL_MS).kind).toBe('restore');
  });

  it('treats a top-up without amount, country or phone as incomplete', () => {
    save({ type: 'topup', data: { ...data, selectedAmount: undefined }, timestamp: NOW });
    expect(resumeAfterSignIn(NOW).kind).toBe('incomplete');
    save({ type: 'topup', data: { ...data, phoneNumber: '' }, timestamp: NOW });
    expect(resumeAfterSignIn(NOW).kind).toBe('incomplete');
  });

  it('drops an unknown action type', () => {
    save({ type: 'buy-gift-card', data, timestamp: NOW });
    expect(resumeAfterSignIn(NOW)).toEqual({ kind: 'dropped' });
    expect(store.size).toBe(0);
  });

  it('reports unreadable saved data and clears it', () => {
    store.set('pendingAuthAction', '{not json');
    expect(resumeAfterSignIn(NOW)).toEqual({ kind: 'broken' });
    expect(store.size).toBe(0);
  });

  it('has nothing to do without a pending action', () => {
    expect(resumeAfterSignIn(NOW)).toEqual({ kind: 'none' });
  });
});
