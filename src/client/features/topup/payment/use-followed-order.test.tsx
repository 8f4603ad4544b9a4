import { environmentManager, focusManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TopupResultStatus } from '@shared/api/orders';
import pages from '@/i18n/locales/pages/en.json';
import { STILL_CHECKING_AFTER_MS } from './lib/order-follow';
import { ProcessingLead } from './topup-result';
import { followedOrderQueryOptions } from './use-followed-order';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ lng: 'en', resources: { en: { translation: pages } }, interpolation: { escapeValue: false } });
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** What 'Processing Top-up' says under its title after `followedFor`. */
const lead = (followedFor: number) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <ProcessingLead stillChecking={followedFor >= STILL_CHECKING_AFTER_MS} />
    </I18nextProvider>,
  );

describe('the result screen following an order in doubt', () => {
  let status: TopupResultStatus;
  let network: 'up' | 'down';
  let reads: number[];
  let start: number;
  let client: QueryClient;
  let stop: () => void;

  const onServer = environmentManager.isServer();

  beforeEach(() => {
    // The timers run as in a browser's page, not as when rendering on a server.
    environmentManager.setIsServer(() => false);
    vi.useFakeTimers();
    status = 'PROCESSING';
    network = 'up';
    reads = [];
    start = Date.now();
    // The server, as the browser's fetch meets it (stubbed for the test, put back after it).
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        reads.push(Date.now() - start);
        if (network === 'down') throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ success: true, result: { status } }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
    // As the app's provider does: no refetch on focus unless a query asks for it, never stale, no retries.
    client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: Infinity, retry: false } } });
    client.mount();
    const observer = new QueryObserver(client, followedOrderQueryOptions('order-1', start, 'PROCESSING'));
    stop = observer.subscribe(() => undefined);
  });

  afterEach(() => {
    stop();
    client.unmount();
    focusManager.setFocused(undefined);
    environmentManager.setIsServer(() => onServer);
    vi.useRealTimers();
  });

  const readsBetween = (from: number, to: number) => reads.filter((at) => at >= from && at < to).length;

  it('still asks at 60 s and at 10 minutes, more slowly, and says the card is only charged on delivery', async () => {
    await vi.advanceTimersByTimeAsync(12 * MINUTE);
    expect(readsBetween(0, 45 * SECOND)).toBeGreaterThanOrEqual(20);
    expect(readsBetween(50 * SECOND, 65 * SECOND)).toBe(1);
    expect(readsBetween(10 * MINUTE, 11 * MINUTE)).toBeGreaterThanOrEqual(1);
    expect(readsBetween(11 * MINUTE, 12 * MINUTE)).toBe(1);
    expect(lead(10 * SECOND)).not.toContain('only charged once the top-up is delivered');
    expect(lead(60 * SECOND)).toContain('we are still checking with the operator');
    expect(lead(10 * MINUTE)).toContain('Your card is only charged once the top-up is delivered.');
  });

  it('goes on after reads that fail, pauses while the tab is hidden and asks at once when it is shown', async () => {
    await vi.advanceTimersByTimeAsync(MINUTE);
    network = 'down';
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(readsBetween(MINUTE, 3 * MINUTE)).toBeGreaterThanOrEqual(7);
    network = 'up';
    focusManager.setFocused(false);
    const hiddenAt = reads.length;
    await vi.advanceTimersByTimeAsync(20 * MINUTE);
    expect(reads).toHaveLength(hiddenAt);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(hiddenAt + 1);
  });

  it('stops asking once the order is resolved, also when the tab is shown again', async () => {
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    status = 'SUCCESSFUL';
    await vi.advanceTimersByTimeAsync(MINUTE);
    const resolvedAt = reads.length;
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(resolvedAt);
  });
});
