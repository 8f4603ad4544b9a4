import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { LOGOUT_REDIRECT_DELAY_MS, STORAGE_KEYS } from '@shared/constants';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { displayNameOf, useAccount, type AccountUser } from '@/lib/account';
import { apiRequest } from '@/lib/api-client';
import { safeStorage } from '@/lib/storage';
import { toast } from '@/lib/toast';

const itemClass = 'flex cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';

/** Ends the session, then forgets everything this browser kept for the account (SPEC §4 Logout). */
async function logOut() {
  await apiRequest('/api/auth/sign-out', { method: 'POST', body: {} }).catch(() => undefined);
  await apiRequest('/api/logout', { method: 'POST', body: {} });
  for (const key of Object.values(STORAGE_KEYS)) safeStorage.remove(key);
  window.sessionStorage.clear();
}

/** 'Welcome, {name}' with Admin Dashboard (admins), Profile and Logout (SPEC §2 Header). */
export function UserMenu({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useAccount();
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    setLoggingOut(true);
    try {
      await logOut();
      setTimeout(() => {
        navigate(ROUTES.home);
        void refresh();
      }, LOGOUT_REDIRECT_DELAY_MS);
    } catch (error) {
      setLoggingOut(false);
      toast({ title: t('account.logoutFailed'), description: error instanceof Error ? error.message : String(error), variant: 'destructive' });
    }
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" data-testid="user-menu" className="min-w-0 max-w-[11rem] sm:max-w-xs">
            {/* A long name is cut with an ellipsis instead of pushing the header off a phone's screen. */}
            <span className="truncate">{t('account.welcome', { name: displayNameOf(user, t('account.userFallback')) })}</span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-lg border bg-card p-1 text-card-foreground shadow-lg">
            {user.is_admin && (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={ROUTES.admin}>{t('account.adminDashboard')}</Link>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={ROUTES.profile}>{t('nav.profile')}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={`${ROUTES.profile}#transactions`}>{t('nav.transactions')}</Link>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} disabled={loggingOut} onSelect={() => void onLogout()}>
              {loggingOut ? t('account.loggingOut') : t('nav.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {loggingOut && (
        <div role="status" className="fixed inset-0 z-[200] flex flex-col items-center justify-center gap-4 bg-background/90" data-testid="logout-overlay">
          <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
          <p>{t('account.loggingOut')}</p>
        </div>
      )}
    </>
  );
}
