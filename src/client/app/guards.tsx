import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { ROUTES } from '@shared/routes';
import { useAccount } from '@/lib/account';

function LoadingAccount() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-[50vh] flex-col items-center justify-center gap-4">
      <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p className="text-muted-foreground">{t('account.loading')}</p>
    </div>
  );
}

/**
 * /profile and /admin (docs/product.md §2): visitors go to /auth and come back to the page they asked for, its query
 * included (an admin's filtered list, a deep link); `admin` pages send signed-in customers without is_admin home.
 */
export function RequireUser({ admin, children }: { admin?: boolean; children: ReactNode }) {
  const { user, isLoading } = useAccount();
  const { pathname, search } = useLocation();
  if (isLoading) return <LoadingAccount />;
  if (!user) return <Navigate to={`${ROUTES.auth}?returnTo=${encodeURIComponent(pathname + search)}`} replace />;
  if (admin && !user.is_admin) return <Navigate to={ROUTES.home} replace />;
  return children;
}
