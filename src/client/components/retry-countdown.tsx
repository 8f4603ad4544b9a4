import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@/lib/api-client';

/** The wait a refusal asked for, on this clock: from when it was first shown until it may be tried again. */
export interface RetryWait {
  startedAt: number;
  endsAt: number;
}

/** Each refusal's wait, fixed when it is first asked for: re-renders and remounts count from the same moment. */
const waits = new WeakMap<ApiRequestError, RetryWait>();

/** The refusal's Retry-After as a wait on this clock, or undefined when it said none. */
export function retryWaitOf(error: unknown, now: () => number = Date.now): RetryWait | undefined {
  const answer =
    error instanceof ApiRequestError ? error : error instanceof Error && error.cause instanceof ApiRequestError ? error.cause : undefined;
  if (!answer || answer.retryAfterSeconds === undefined) return undefined;
  let wait = waits.get(answer);
  if (!wait) {
    const startedAt = now();
    wait = { startedAt, endsAt: startedAt + answer.retryAfterSeconds * 1000 };
    waits.set(answer, wait);
  }
  return wait;
}

/** Whole seconds left of `wait`, counting down once a second; 0 from then on (and without a wait). */
export function useSecondsLeft(wait: RetryWait | undefined): number {
  const [clock, setClock] = useState(() => ({ wait, now: wait?.startedAt ?? 0 }));
  // A new wait counts from its own start, not from the last tick of the one before.
  if (clock.wait !== wait) setClock({ wait, now: wait?.startedAt ?? 0 });
  useEffect(() => {
    if (!wait) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setClock({ wait, now });
      if (now >= wait.endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [wait]);
  return wait ? Math.max(0, Math.ceil((wait.endsAt - clock.now) / 1000)) : 0;
}

/** 75 → "1:15": minutes and seconds, as a countdown reads. */
export const countdownText = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Under a refusal for too many attempts: when the customer may try again, counting down, then that they may now. The
 * ticking text is not announced second by second; the moment it ends is (role="status").
 */
export function RetryCountdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return seconds > 0 ? (
    <p className="text-sm text-muted-foreground" data-testid="retry-countdown" aria-live="off">
      {t('common.retryIn')}{' '}
      <bdi dir="ltr" className="font-medium tabular-nums">
        {countdownText(seconds)}
      </bdi>
    </p>
  ) : (
    <p className="text-sm text-muted-foreground" role="status" data-testid="retry-countdown">
      {t('common.retryNow')}
    </p>
  );
}
