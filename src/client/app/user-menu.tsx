import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DropdownMenu } from 'radix-ui';
import { LogoutOverlay, useLogout } from '@/components/logout';
import { Button } from '@/components/ui/button';
import { currentLanguage, directionOf } from '@/i18n';
import { displayNameOf, type AccountUser } from '@/lib/account';
import { accountLinks } from './account-links';
import { Welcome } from './welcome';

/**
 * The highlighted item (keyboard or pointer) is outlined in the focus colour, not marked by a faint background alone;
 * solid said outright, as `outline-none` leaves every outline width without a style.
 */
const itemClass =
  'flex cursor-pointer items-center rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted data-[highlighted]:outline-solid data-[highlighted]:outline-2 data-[highlighted]:-outline-offset-2 data-[highlighted]:outline-ring';

/** 'Welcome, {name}' with Admin Dashboard (admins), Profile and Logout (docs/product.md §2 Header). */
export function UserMenu({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const { loggingOut, logOut } = useLogout();

  return (
    <>
      {/*
        Told the reading direction itself (Radix reads no dir from the page), and not modal: the page around stays
        readable to screen readers, and the menu still closes on Escape or a click outside.
      */}
      <DropdownMenu.Root dir={directionOf(currentLanguage())} modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button variant="outline" data-testid="user-menu" className="min-w-0 max-w-[11rem] sm:max-w-xs">
            <Welcome name={displayNameOf(user, t('account.userFallback'))} testId="user-menu-welcome" />
          </Button>
        </DropdownMenu.Trigger>
        {/* In the header's landmark, like its button, rather than loose at the end of the page. */}
        <DropdownMenu.Portal container={document.querySelector('header')}>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 min-w-48 rounded-lg border bg-card p-1 text-card-foreground shadow-lg"
          >
            {accountLinks(user).map(({ to, labelKey }) => (
              <DropdownMenu.Item key={to} asChild className={itemClass}>
                <Link to={to}>{t(labelKey)}</Link>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} disabled={loggingOut} onSelect={() => void logOut()}>
              {loggingOut ? t('account.loggingOut') : t('nav.logout')}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {loggingOut && <LogoutOverlay />}
    </>
  );
}
