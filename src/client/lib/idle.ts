/**
 * Runs `work` once the browser is idle (a task of its own, after what is waiting), or within `timeoutMs` at the
 * latest; where there is no requestIdleCallback, after a timer. Returns what cancels it, so it can be an effect's cleanup.
 */
export function whenIdle(work: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(work, 1);
  return () => window.clearTimeout(timer);
}
