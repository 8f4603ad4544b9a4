import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import pages from '@/i18n/locales/pages/en.json';
import { apiErrorFromAnswer, ApiRequestError } from '@/lib/api-client';
import { countdownText, RetryCountdown, retryWaitOf } from './retry-countdown';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: pages } }, interpolation: { escapeValue: false } });
});

const refused = (retryAfter: string | null) =>
  apiErrorFromAnswer({
    status: 429,
    ok: false,
    statusText: 'Too Many Requests',
    text: JSON.stringify({ message: 'Too many payment attempts.', messageKey: 'payment.messages.rate_limit' }),
    retryAfter,
  });

describe('waiting out a refusal for too many attempts', () => {
  it('reads the seconds of Retry-After, and nothing from a missing or unreadable one', () => {
    expect(refused('42').retryAfterSeconds).toBe(42);
    expect(refused(' 7 ').retryAfterSeconds).toBe(7);
    for (const header of [null, '', 'soon', '-3', '1.5', 'Wed, 21 Oct 2026 07:28:00 GMT']) {
      expect(refused(header).retryAfterSeconds, String(header)).toBeUndefined();
    }
  });

  it('fixes the wait when the refusal is first seen, so a re-render or a remount does not start it again', () => {
    const refusal = refused('60');
    const first = retryWaitOf(refusal, () => 1_000_000);
    expect(first).toEqual({ startedAt: 1_000_000, endsAt: 1_060_000 });
    expect(retryWaitOf(refusal, () => 1_030_000)).toBe(first);
    // Wrapped as the checkout wraps the server's answer.
    expect(retryWaitOf(new Error('checkout refused', { cause: refusal }), () => 5)).toBe(first);
    expect(retryWaitOf(refused(null))).toBeUndefined();
    expect(retryWaitOf(new ApiRequestError(400, 'bad'))).toBeUndefined();
    expect(retryWaitOf(new Error('network'))).toBeUndefined();
  });

  it('counts down in minutes and seconds, then says it may be tried now', () => {
    expect([75, 60, 59, 9, 1].map(countdownText)).toEqual(['1:15', '1:00', '0:59', '0:09', '0:01']);
    const shown = (seconds: number) =>
      renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <RetryCountdown seconds={seconds} />
        </I18nextProvider>,
      );
    expect(shown(42)).toContain('You can try again in <bdi dir="ltr"');
    expect(shown(42)).toContain('0:42</bdi>');
    expect(shown(42)).toContain('aria-live="off"');
    expect(shown(0)).toContain('role="status"');
    expect(shown(0)).toContain('You can try again now.');
  });
});
