import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ROUTES } from '@shared/routes';
import { useAccount } from '@/features/auth/account';

/** /profile: visitors go to /auth and come back here after signing in (SPEC §2). */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user } = useAccount();
  const { pathname } = useLocation();
  if (!user) return <Navigate to={`${ROUTES.auth}?returnTo=${encodeURIComponent(pathname)}`} replace />;
  return children;
}

/** /admin: only for is_admin; everyone else goes home (SPEC §2). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAccount();
  if (!user?.is_admin) return <Navigate to={ROUTES.home} replace />;
  return children;
}
