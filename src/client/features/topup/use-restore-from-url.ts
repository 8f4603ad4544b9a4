import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESTORE_DELAY_MS } from '@shared/constants';
import { toCents } from '@shared/pricing';
import { useCountries } from './api/get-countries';
import { readPendingTopUp } from './lib/pending-top-up';
import { restoreFromParams, type RestoredTopUp } from './lib/restore-params';

type Restore = (restored: RestoredTopUp) => void;

/**
 * `?restore=summary&country=..&phone=..` (where sign-in sends a visitor back) or `?post-auth=true` with the top-up in
 * `phone`, `amount`, `operatorInfo` and `flag`: after 300 ms the top-up is shown again on its review step (from the
 * browser's saved copy, else from the URL), and the parameters leave the URL (SPEC §2, §4).
 */
export function useRestoreFromUrl(restore: Restore, now: () => number = Date.now) {
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
      if (restored) restore(restored);
      navigate({ search: '' }, { replace: true });
    }, RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requested, countries, search, restore, navigate, now]);
}
