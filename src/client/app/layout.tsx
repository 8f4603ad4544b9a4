import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ROUTES } from '@shared/routes';
import { loadPageTexts } from '@/i18n';
import { useAccount } from '@/lib/account';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { metaPageOf, usePageMeta } from '@/lib/page-meta';
import { useTheme } from '@/lib/theme';
import { Header } from './header';

/** Below the fold, so they load after the first paint; toasts raised before the stack arrives wait in the store. */
const Footer = lazyWithPreload(async () => {
  const [{ Footer: LoadedFooter }] = await Promise.all([import('./footer'), loadPageTexts()]);
  return { default: LoadedFooter };
});
const Toaster = lazyWithPreload(() => import('./toaster').then((m) => ({ default: m.Toaster })));
const SettingsSync = lazy(() => import('./settings-sync').then((m) => ({ default: m.SettingsSync })));

/** Loads the lazy parts of the layout a pre-rendered page shows, before the app takes the page over. */
export async function preloadLayout(): Promise<void> {
  await Promise.all([Footer.preload(), Toaster.preload()]);
}

/**
 * Notes the theme and language the page shows when the user becomes known, before the sync's code has loaded: a
 * change made from then on is the user's own and wins over the account's saved settings (settings-sync.tsx). Outside
 * the layout's Suspense boundary, so the note is kept while the sync's code loads.
 */
function AccountSettings({ userId }: { userId: string }) {
  const { theme } = useTheme();
  const { i18n } = useTranslation();
  const [shownAtStart] = useState(() => ({ theme, language: i18n.language }));
  return (
    <Suspense fallback={null}>
      <SettingsSync userId={userId} shownAtStart={shownAtStart} />
    </Suspense>
  );
}

/** What ends the scroll to a hash early: the reader scrolling or acting first. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/**
 * On navigation: scroll to the element named by the hash (e.g. the how-it-works link), else to the top. The page may
 * still be growing when it is reached (its lazily loaded parts, images): for a second the scroll is made again each
 * time the page's size changes, unless the reader scrolls or acts first. Smoothly, unless the reader asked for
 * reduced motion.
 */
function useScrollOnNavigate() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const behavior = window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    const scroll = () => target.scrollIntoView({ behavior, block: 'start' });
    const growing = new ResizeObserver(scroll);
    growing.observe(document.body);
    const stop = () => {
      growing.disconnect();
      window.clearTimeout(timer);
      for (const type of READER_INPUT) window.removeEventListener(type, stop);
    };
    const timer = window.setTimeout(stop, 1000);
    for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
    return stop;
  }, [hash, pathname]);
}

/** The operations console's pages (/admin/*): they bring their own header and main, and the shop's footer is not theirs. */
const isConsolePath = (pathname: string) => pathname === ROUTES.admin || pathname.startsWith(`${ROUTES.admin}/`);

export function RootLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAccount();
  const { pathname } = useLocation();
  const inConsole = isConsolePath(pathname);
  usePageMeta(metaPageOf(pathname), pathname);
  useScrollOnNavigate();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-4 focus:py-2"
      >
        {t('nav.skipToContent')}
      </a>
      {inConsole ? (
        children
      ) : (
        <>
          <Header />
          <main id="main" className="flex-1">
            {children}
          </main>
        </>
      )}
      <Suspense fallback={null}>
        {!inConsole && <Footer />}
        <Toaster />
      </Suspense>
      {user && <AccountSettings key={user.id} userId={user.id} />}
    </div>
  );
}
