import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { ROUTES } from '@shared/routes';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { ThemeToggle } from '@/components/theme-toggle';
import { loadPageTexts } from '@/i18n';
import { useAccount } from '@/lib/account';
import { LOGO_URLS } from '@/lib/asset-urls';
import { cn } from '@/lib/utils';
import { MAIN_LINKS } from './nav-links';

/** Both variants are in the page and the theme's class picks one by CSS, so the dark header never shows the light logo. */
function Logo() {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const images = useRef<Array<HTMLImageElement | null>>([]);
  // A pre-rendered logo may have failed before the app took the page over, when its error event went unheard.
  useEffect(() => {
    if (images.current.some((image) => image?.complete && image.naturalWidth === 0)) setFailed(true);
  }, []);
  const image = (variant: 'light' | 'dark', index: number) => (
    <img
      ref={(element) => {
        images.current[index] = element;
      }}
      src={LOGO_URLS[variant]}
      alt=""
      // The theme not shown hides its logo (display: none), and a lazy image that is not drawn is not fetched: a first
      // visit downloads one logo, not both (ADR 066's bytes). The one shown is in the first screen, fetched at once.
      loading="lazy"
      width={177}
      height={36}
      className={cn('h-9 w-auto', variant === 'light' ? 'dark:hidden' : 'hidden dark:block')}
      onError={() => setFailed(true)}
      data-testid="logo"
    />
  );
  return (
    <Link to={ROUTES.home} className="flex h-10 items-center rounded-md" aria-label={t('brand.logoAlt')}>
      {failed ? (
        <span className="text-xl font-bold">{t('brand.name')}</span>
      ) : (
        <>
          {image('light', 0)}
          {image('dark', 1)}
        </>
      )}
    </Link>
  );
}

/** The signed-in menu loads only for signed-in visitors, with the texts of its items. */
const UserMenu = lazy(async () => {
  const [{ UserMenu: Menu }] = await Promise.all([import('./user-menu'), loadPageTexts()]);
  return { default: Menu };
});
/** The panel of the phones' menu, with its texts and its dialog: loaded when it is first opened. */
const MobileMenu = lazy(async () => {
  const [{ MobileMenu: Menu }] = await Promise.all([import('./mobile-menu'), loadPageTexts()]);
  return { default: Menu };
});

/**
 * Phones' menu button, below 768 px. The panel it opens is a modal dialog whose code (and the logout's) a visitor
 * who never opens it does not download: it loads on the first press, and opens when it has.
 */
function MobileMenuButton({ links }: { links: typeof MAIN_LINKS }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t('mobileMenu.title')}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="menu-button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Icon name="menu" className="size-5" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu links={links} open={open} setOpen={setOpen} button={button} />
        </Suspense>
      )}
    </>
  );
}

function AccountSlot() {
  const { t } = useTranslation();
  const { user, isLoading } = useAccount();
  if (isLoading) return null;
  if (user) {
    return (
      <Suspense fallback={null}>
        <UserMenu user={user} />
      </Suspense>
    );
  }
  return (
    <Button asChild>
      <Link to={ROUTES.auth}>{t('nav.loginRegister')}</Link>
    </Button>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted', isActive && 'text-primary');

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Logo />
        <nav aria-label={t('nav.mainNavigation')} className="hidden items-center gap-1 md:flex">
          {MAIN_LINKS.map(({ to, labelKey, end }) => (
            <NavLink key={to} to={to} end={end} className={navLinkClass}>
              {t(labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <div className="hidden md:flex">
            <AccountSlot />
          </div>
          <MobileMenuButton links={MAIN_LINKS} />
        </div>
      </div>
    </header>
  );
}
