import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearPendingAction } from '@/lib/pending-action';

/** `?reset=true` on / or /top-up clears saved top-up data, restarts the flow and leaves the URL (docs/product.md §2). */
export function useResetFromUrl(restart: () => void) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const requested = params.get('reset') === 'true';
  params.delete('reset');
  const rest = params.toString();

  useEffect(() => {
    if (!requested) return;
    clearPendingAction();
    restart();
    navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [requested, restart, navigate, pathname, rest, hash]);
}
