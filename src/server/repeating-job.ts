/** A background job that runs now and then every interval until stopped: the reconciler's, the business checks'. */
export interface RepeatingJob {
  /** Starts no new run, waits for the one under way to end; resolves when it has. */
  stop(): Promise<void>;
}

/**
 * Runs `work` at once and then `intervalMs` after each run ends, so runs never overlap. A run that throws is handed to
 * `onError` and the next one comes as usual. `work` is told whether the job was stopped, to end a long run early.
 */
export function startRepeatingJob(
  work: (stopped: () => boolean) => Promise<void>,
  intervalMs: number,
  onError: (error: unknown) => void,
): RepeatingJob {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const isStopped = () => stopped;
  const run = async () => {
    try {
      await work(isStopped);
    } catch (error) {
      onError(error);
    }
  };
  let current: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = run().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  current = run().finally(schedule);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
