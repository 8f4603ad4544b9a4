import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogOut, Store } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { LanguageSelect } from '@/components/language-select';
import { LogoutOverlay, useLogout } from '@/components/logout';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { displayNameOf, useAccount } from '@/lib/account';
import { ADMIN_PATHS } from '../admin-paths';

const shopLinkClass =
  'inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring';

/**
 * The console's own header, dense and the same on every console page: the product and the console's name (a way back
 * to the overview), who is signed in, the way back to the shop, the language, the theme and signing out. The shop's
 * footer (payment methods, currency) is not the console's, so there is none. On a phone the header scrolls away with
 * the page, and the shop's link and signing out show as their icons, named for screen readers.
 */
export function AdminHeader() {
  const { t } = useTranslation();
  const { user } = useAccount();
  const { loggingOut, logOut } = useLogout();
  const languageId = useId();
  const name = user ? displayNameOf(user, t('account.userFallback')) : '';
  return (
    <header className="top-0 z-40 border-b bg-background/95 backdrop-blur sm:sticky" data-testid="admin-header">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Link to={ADMIN_PATHS.overview} className="flex min-w-0 flex-col rounded-md leading-tight" data-testid="admin-home">
          <span className="font-bold">{t('brand.name')}</span>
          <span className="text-xs text-muted-foreground">{t('admin.title')}</span>
        </Link>
        <div className="ms-auto flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1">
          {name && (
            <p className="max-w-48 truncate text-sm" data-testid="admin-user">
              <span className="text-muted-foreground max-sm:sr-only">{t('admin.shell.signedInAs')} </span>
              <span className="font-medium" dir="auto">
                {name}
              </span>
            </p>
          )}
          <Link to={ROUTES.home} className={shopLinkClass} data-testid="admin-shop-link">
            <Store className="size-4" aria-hidden="true" />
            <span className="max-sm:sr-only">{t('admin.shell.shop')}</span>
          </Link>
          <div className="w-32">
            <label htmlFor={languageId} className="sr-only">
              {t('language.label')}
            </label>
            <LanguageSelect id={languageId} data-testid="admin-language" />
          </div>
          <ThemeToggle />
          <Button variant="outline" size="sm" disabled={loggingOut} onClick={() => void logOut()} data-testid="admin-sign-out">
            <LogOut aria-hidden="true" className="rtl:rotate-180" />
            <span className="max-sm:sr-only">{t('admin.shell.signOut')}</span>
          </Button>
        </div>
      </div>
      {loggingOut && <LogoutOverlay />}
    </header>
  );
}
