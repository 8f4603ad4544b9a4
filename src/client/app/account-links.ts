import { ROUTES } from '@shared/routes';
import type { AccountUser } from '@/lib/account';

/** A signed-in account's pages (SPEC §2 header): Admin Dashboard for admins, Profile, and the history on it. */
export function accountLinks(user: Pick<AccountUser, 'is_admin'>): Array<{ to: string; labelKey: string }> {
  return [
    ...(user.is_admin ? [{ to: ROUTES.admin, labelKey: 'account.adminDashboard' }] : []),
    { to: ROUTES.profile, labelKey: 'nav.profile' },
    { to: `${ROUTES.profile}#transactions`, labelKey: 'nav.transactions' },
  ];
}
