import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRepeatingJob } from './repeating-job';

describe('a repeating job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then an interval after each run ends, never two at a time, and goes on after a run that throws', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const job = startRepeatingJob(
      async () => {
        runs += 1;
        running += 1;
        overlapped ||= running > 1;
        await new Promise((resolve) => setTimeout(resolve, 300));
        running -= 1;
        if (runs === 2) throw new Error('the second run fails');
      },
      1000,
      (error) => errors.push(error),
    );
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(300 + 999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1300);
    expect(runs).toBe(3);
    expect(errors).toEqual([new Error('the second run fails')]);
    expect(overlapped).toBe(false);
    const stopping = job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    await stopping;
    expect(runs).toBe(3);
  });

  it('tells a long run that the job was stopped, and its stop waits for that run to end', async () => {
    let release: () => void = () => undefined;
    const seen: boolean[] = [];
    const job = startRepeatingJob(
      async (stopped) => {
        seen.push(stopped());
        await new Promise<void>((resolve) => (release = resolve));
        seen.push(stopped());
      },
      1000,
      () => undefined,
    );
    let stoppedAll = false;
    const stopping = job.stop().then(() => (stoppedAll = true));
    await Promise.resolve();
    expect(stoppedAll).toBe(false);
    release();
    await stopping;
    expect(seen).toEqual([false, true]);
  });
});
