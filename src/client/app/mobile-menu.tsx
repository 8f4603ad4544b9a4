import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import { ROUTES } from '@shared/routes';
import { LogoutOverlay, useLogout } from '@/components/logout';
import { Button } from '@/components/ui/button';
import { displayNameOf, useAccount } from '@/lib/account';
import { cn } from '@/lib/utils';
import { accountLinks } from './account-links';
import type { MAIN_LINKS } from './nav-links';
import { Welcome } from './welcome';

const itemClass = 'flex min-h-11 items-center rounded-lg px-3 text-base font-medium transition-colors hover:bg-muted';
const navItemClass = ({ isActive }: { isActive: boolean }) => cn(itemClass, isActive && 'bg-accent text-accent-foreground hover:bg-accent');

/**
 * Below 768 px, where the header has no room for them: the navigation and the account items in a panel that slides in
 * from the side of its button (the right, or the left in Arabic). A modal dialog: focus moves into it and back to the
 * button, Escape or a tap outside closes it, and so does following any of its links.
 */
export function MobileMenu({
  links,
  open,
  setOpen,
  button,
}: {
  links: typeof MAIN_LINKS;
  open: boolean;
  setOpen(open: boolean): void;
  /** The header's menu button (header.tsx), which opens this panel and gets the focus back when it closes. */
  button: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const { user, isLoading } = useAccount();
  const { loggingOut, logOut } = useLogout();
  const close = () => setOpen(false);

  // A phone turned or a window widened past 768 px hides the panel: it must not stay open, holding the focus, unseen.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 768px)');
    const closeWhenWide = () => {
      if (wide.matches) setOpen(false);
    };
    wide.addEventListener('change', closeWhenWide);
    return () => wide.removeEventListener('change', closeWhenWide);
  }, [setOpen]);

  return (
    <>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
            className={cn(
              'fixed inset-y-0 end-0 z-50 flex w-80 max-w-[85vw] flex-col gap-6 overflow-y-auto border-s bg-card p-4 text-card-foreground shadow-xl outline-none md:hidden',
              'transition-transform duration-200 starting:translate-x-full rtl:starting:-translate-x-full motion-reduce:transition-none',
            )}
            data-testid="mobile-menu"
          >
            <div className="flex items-center justify-between gap-2 ps-3">
              <Dialog.Title className="text-lg font-semibold">{t('mobileMenu.title')}</Dialog.Title>
              <Dialog.Close asChild>
                <Button variant="ghost" size="icon" aria-label={t('common.close')}>
                  <X className="size-5" aria-hidden="true" />
                </Button>
              </Dialog.Close>
            </div>
            <nav aria-label={t('nav.mainNavigation')}>
              <ul className="flex flex-col gap-1">
                {links.map(({ to, labelKey, end }) => (
                  <li key={to}>
                    <NavLink to={to} end={end} className={navItemClass} onClick={close}>
                      {t(labelKey)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            {!isLoading && (
              <div className="flex flex-col gap-1 border-t pt-4">
                {user ? (
                  <>
                    <p className="px-3 pb-1 text-sm text-muted-foreground">
                      <Welcome name={displayNameOf(user, t('account.userFallback'))} testId="mobile-menu-welcome" />
                    </p>
                    <ul aria-label={t('account.menu')} className="flex flex-col gap-1">
                      {accountLinks(user).map(({ to, labelKey }) => (
                        <li key={to}>
                          <Link to={to} className={itemClass} onClick={close}>
                            {t(labelKey)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                    <Button
                      variant="outline"
                      className="mt-3"
                      disabled={loggingOut}
                      onClick={() => {
                        close();
                        void logOut();
                      }}
                    >
                      {loggingOut ? t('account.loggingOut') : t('nav.logout')}
                    </Button>
                  </>
                ) : (
                  <Button asChild>
                    <Link to={ROUTES.auth} onClick={close}>
                      {t('nav.loginRegister')}
                    </Link>
                  </Button>
                )}
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      {loggingOut && <LogoutOverlay />}
    </>
  );
}
