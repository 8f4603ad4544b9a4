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

/** /profile: visitors go to /auth and come back here after signing in (docs/product.md §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAccount();
  const { pathname } = useLocation();
  if (isLoading) return <LoadingAccount />;
  if (!user) return <Navigate to={`${ROUTES.auth}?returnTo=${encodeURIComponent(pathname)}`} replace />;
  return children;
}

/** /admin: only for is_admin; everyone else goes home (docs/product.md §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAccount();
  if (isLoading) return <LoadingAccount />;
  if (!user?.is_admin) return <Navigate to={ROUTES.home} replace />;
  return children;
}
