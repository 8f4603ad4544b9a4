import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESTORE_DELAY_MS } from '@shared/constants';
import { toCents } from '@shared/pricing';
import { useAccount } from '@/lib/account';
import { useCountries } from './api/get-countries';
import { peekSavedTopUp, readPendingTopUp, readSavedTopUp, restoreFromSaved } from './lib/pending-top-up';
import { continueWithOf, restoreFromParams, restoreRecipientFromParams } from './lib/restore-params';
import type { RestoredTopUp } from './lib/restored-top-up';
import type { useTopUpFlow } from './use-top-up-flow';

type RestoreActions = Pick<ReturnType<typeof useTopUpFlow>, 'restore' | 'restoreRecipient' | 'resumeCheckout'>;

/**
 * What the form says about a top-up put back on screen (ADR 065), in place of a toast over it: 'restored' on the
 * review ('Transaction Restored' — 'Continuing with your payment...'), 'incomplete' on the recipient step ('You can
 * continue your transaction where you left off.').
 */
export type RestoreNotice = 'restored' | 'incomplete';

export interface Restoring {
  /** The 'Restoring your payment' loader shows meanwhile, not an empty form. */
  restoring: boolean;
  notice: RestoreNotice | null;
  dismissNotice(): void;
}

/**
 * Puts a top-up back on screen when the flow opens (docs/product.md §2, §4), after the 300 ms restore delay, and answers whether
 * that is under way (the 'Restoring your payment' loader shows meanwhile, not an empty form), with the notice the form
 * shows about it (`RestoreNotice`).
 * - `?restore=summary&country=..&phone=..` (where sign-in sends a visitor back) or `?post-auth=true` with the top-up
 *   in `phone`, `amount`, `operatorInfo` and `flag`: the review (from the browser's saved copy, else from the URL),
 *   with what should follow by itself, and the parameters leave the URL. With only a country and number, the
 *   recipient step starts from them.
 * - Otherwise a signed-in customer's saved top-up (under 30 minutes): a paid one's result screen, following its order;
 *   a complete one's summary; an incomplete one's form, filled with what was saved. Not with `ignoreSaved`: a request
 *   link fills the flow with its own number instead.
 */
export function useRestore(
  { restore, restoreRecipient, resumeCheckout }: RestoreActions,
  { now = Date.now, ignoreSaved = false }: { now?: () => number; ignoreSaved?: boolean } = {},
): Restoring {
  const [notice, setNotice] = useState<RestoreNotice | null>(null);
  const { search } = useLocation();
  const navigate = useNavigate();
  const { user, isLoading: accountLoading } = useAccount();
  const { data: countries, isError: countriesFailed } = useCountries();
  const params = new URLSearchParams(search);
  const fromUrl = params.get('restore') === 'summary' || params.get('post-auth') === 'true';
  // What was saved before the flow opened; only a signed-in customer's is restored.
  const [saved, setSaved] = useState(() => !fromUrl && !ignoreSaved && peekSavedTopUp(now()));

  useEffect(() => {
    if (!fromUrl || !countries) return;
    const query = new URLSearchParams(search);
    const timer = setTimeout(() => {
      const data = readPendingTopUp({ country: query.get('country') ?? '', phone: query.get('phone') ?? '' }, now());
      const restored: RestoredTopUp | null = data
        ? {
            country: data.selectedCountry,
            phone: data.phoneNumber,
            operator: data.operatorInfo,
            amount: { usdCents: toCents(data.selectedAmount), localAmount: data.localAmount },
            orderKey: data.checkout?.orderKey ?? null,
          }
        : restoreFromParams(query, countries);
      const continueWith = continueWithOf(query);
      if (restored || continueWith) restore(restored, continueWith);
      else {
        // Only the number survived (e.g. 'Top up again' for an amount no longer offered): start from it.
        const recipient = restoreRecipientFromParams(query, countries);
        if (recipient) restoreRecipient(recipient);
      }
      // A repeat ('Send again', 'Top up again') is a new top-up: nothing was restored, nothing is said.
      if (restored && !continueWith && query.get('repeat') !== '1') setNotice('restored');
      navigate({ search: '' }, { replace: true });
    }, RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [fromUrl, countries, search, restore, restoreRecipient, navigate, now]);

  useEffect(() => {
    if (!saved || fromUrl || !user || !countries) return;
    const timer = setTimeout(() => {
      const data = readSavedTopUp(now());
      const restored = data && restoreFromSaved(data, countries);
      if (restored?.kind === 'follow') resumeCheckout(restored.topUp, restored.checkout);
      else if (restored?.kind === 'review') {
        restore(restored.topUp, null);
        setNotice('restored');
      } else if (restored?.kind === 'recipient') {
        restoreRecipient(restored.recipient);
        setNotice('incomplete');
      }
      setSaved(false);
    }, RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, fromUrl, user, countries, restore, restoreRecipient, resumeCheckout, now]);

  return {
    restoring: !countriesFailed && (fromUrl || (saved && (accountLoading || user !== null))),
    notice,
    dismissNotice: useCallback(() => setNotice(null), []),
  };
}
