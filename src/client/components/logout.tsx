import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGOUT_REDIRECT_DELAY_MS } from '@shared/constants';
import { ROUTES } from '@shared/routes';
import { useAccount } from '@/lib/account';
import { apiErrorText } from '@/lib/api-error-text';
import { endSession, forgetAccountData } from '@/lib/log-out';
import { toast } from '@/lib/toast';

/**
 * Logout as the account menus start it (docs/product.md §2, §4): a full-screen overlay while it runs, then home, signed out. A
 * logout that failed while the session stays says so; one whose session is gone anyway is finished like the others.
 */
export function useLogout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useAccount();
  const [loggingOut, setLoggingOut] = useState(false);

  const logOut = async () => {
    setLoggingOut(true);
    const result = await endSession();
    if (result.signedOut) {
      forgetAccountData();
      setTimeout(() => {
        navigate(ROUTES.home);
        // The phone menu stays in the page after its user is gone: its overlay must go too.
        void refresh().finally(() => setLoggingOut(false));
      }, LOGOUT_REDIRECT_DELAY_MS);
      return;
    }
    setLoggingOut(false);
    toast({ title: t('account.logoutFailed'), description: apiErrorText(t, result.error), variant: 'destructive' });
  };

  return { loggingOut, logOut };
}

export function LogoutOverlay() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="fixed inset-0 z-[200] flex flex-col items-center justify-center gap-4 bg-background/90"
      data-testid="logout-overlay"
    >
      <span className="size-10 animate-spin rounded-full border-4 border-muted border-t-primary" aria-hidden="true" />
      <p>{t('account.loggingOut')}</p>
    </div>
  );
}
