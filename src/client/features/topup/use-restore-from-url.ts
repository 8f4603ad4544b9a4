import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { RESTORE_DELAY_MS } from '@shared/constants';
import { toCents } from '@shared/pricing';
import { toast } from '@/lib/toast';
import { useCountries } from './api/get-countries';
import type { AfterSignIn } from './lib/flow-state';
import { readPendingTopUp } from './lib/pending-top-up';
import { afterSignInOf, restoreFromParams, restoreRecipientFromParams, type RestoredRecipient, type RestoredTopUp } from './lib/restore-params';

type Restore = (restored: RestoredTopUp | null, afterSignIn: AfterSignIn | null) => void;
type RestoreRecipient = (recipient: RestoredRecipient) => void;

/**
 * `?restore=summary&country=..&phone=..` (where sign-in sends a visitor back) or `?post-auth=true` with the top-up in
 * `phone`, `amount`, `operatorInfo` and `flag`: after 300 ms the top-up is shown again on its review step (from the
 * browser's saved copy, else from the URL), with what should follow by itself after a post-auth return, and the
 * parameters leave the URL (SPEC §2, §4). With only a country and number, the recipient step starts from them.
 */
export function useRestoreFromUrl(restore: Restore, restoreRecipient: RestoreRecipient, now: () => number = Date.now) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const requested = params.get('restore') === 'summary' || params.get('post-auth') === 'true';
  const { data: countries } = useCountries();

  useEffect(() => {
    if (!requested || !countries) return;
    const query = new URLSearchParams(search);
    const timer = setTimeout(() => {
      const data = readPendingTopUp({ country: query.get('country') ?? '', phone: query.get('phone') ?? '' }, now());
      const restored: RestoredTopUp | null = data
        ? {
            country: data.selectedCountry,
            phone: data.phoneNumber,
            operator: data.operatorInfo,
            amount: { usdCents: toCents(data.selectedAmount), localAmount: data.localAmount },
          }
        : restoreFromParams(query, countries);
      const afterSignIn = afterSignInOf(query);
      if (restored || afterSignIn) restore(restored, afterSignIn);
      else {
        // Only the number survived (e.g. 'Top up again' for an amount no longer offered): start from it.
        const recipient = restoreRecipientFromParams(query, countries);
        if (recipient) restoreRecipient(recipient);
      }
      if (restored && !afterSignIn && query.get('post-auth') === 'true') {
        toast({ title: t('auth.restoredTitle'), description: t('auth.restoredBody') });
      }
      navigate({ search: '' }, { replace: true });
    }, RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requested, countries, search, restore, restoreRecipient, navigate, now, t]);
}
