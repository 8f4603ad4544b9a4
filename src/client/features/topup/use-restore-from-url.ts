import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { RESTORE_DELAY_MS } from '@shared/constants';
import { toCents } from '@shared/pricing';
import type { OperatorInfo } from '@shared/api/catalog';
import type { AmountOption } from './lib/amounts';
import type { SelectedCountry } from './lib/country-selection';
import { readPendingTopUp } from './lib/pending-top-up';

type Restore = (restored: { country: SelectedCountry; phone: string; operator: OperatorInfo; amount: AmountOption }) => void;

/**
 * `?restore=summary&country=..&phone=..` (where sign-in sends a visitor back): after 300 ms the saved top-up is shown
 * again on its review step, and the parameters leave the URL (SPEC §2, §4).
 */
export function useRestoreFromUrl(restore: Restore, now: () => number = Date.now) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const requested = params.get('restore') === 'summary';
  const country = params.get('country') ?? '';
  const phone = params.get('phone') ?? '';

  useEffect(() => {
    if (!requested) return;
    const timer = setTimeout(() => {
      const data = readPendingTopUp({ country, phone }, now());
      if (data) {
        restore({
          country: data.selectedCountry,
          phone: data.phoneNumber,
          operator: data.operatorInfo,
          amount: { usdCents: toCents(data.selectedAmount), localAmount: data.localAmount },
        });
      }
      navigate({ search: '' }, { replace: true });
    }, RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [requested, country, phone, restore, navigate, now]);
}
