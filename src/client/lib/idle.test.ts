import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

describe('work for when the browser is idle', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for an idle callback, with a deadline, and can be called off', () => {
    const callbacks = new Map<number, () => void>();
    const requestIdleCallback = vi.fn((callback: () => void, options: { timeout: number }) => {
      expect(options).toEqual({ timeout: 2000 });
      callbacks.set(7, callback);
      return 7;
    });
    const cancelIdleCallback = vi.fn((id: number) => callbacks.delete(id));
    vi.stubGlobal('window', { requestIdleCallback, cancelIdleCallback });
    const work = vi.fn();

    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    callbacks.get(7)!();
    expect(work).toHaveBeenCalledTimes(1);

    const cancel = whenIdle(work);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    expect(callbacks.size).toBe(0);
  });

  it('falls back on a timer where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    const work = vi.fn();

    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);

    whenIdle(work)();
    vi.advanceTimersByTime(10);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
