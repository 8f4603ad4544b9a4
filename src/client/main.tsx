import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from '@/app/app';
import { preloadLayout } from '@/app/layout';
import { preloadPage } from '@/app/routes';
import { scheduleSplashRemoval } from '@/app/splash';
import { currentLanguage, initI18n } from '@/i18n';
import { mayHaveSession } from '@/lib/storage';
import { readStoredTheme, resolveTheme, systemPrefersDark } from '@/lib/theme';
import './styles.css';

// zod (loaded later, with the forms) would otherwise probe for `new Function`, which the CSP forbids and the browser
// reports as a violation. zod takes its settings from this global when it loads (z.config writes the same object),
// and setting it here keeps zod out of the first bundle.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

async function start() {
  // Every text of the language before the first render: the header's links read the page texts too.
  await initI18n(undefined, { withPageTexts: true });
  const container = document.getElementById('root')!;
  const theme = { theme: readStoredTheme(), systemDark: systemPrefersDark() };
  const mayBeSignedIn = mayHaveSession();
  const app = <App router={BrowserRouter} theme={theme} mayBeSignedIn={mayBeSignedIn} />;
  // A public page comes pre-rendered for a visitor without a session, in one language and theme (ADR 016): the app
  // takes it over as it is when this browser would render the same, else renders its own under the splash.
  const rendered = container.dataset;
  const sameAsRendered =
    container.firstElementChild !== null &&
    !mayBeSignedIn &&
    window.location.search === '' &&
    rendered.language === currentLanguage() &&
    rendered.theme === resolveTheme(theme.theme, theme.systemDark);
  // The page's lazy parts first, so it is taken over whole: a part still loading would ignore a click. When one cannot
  // be loaded, the app renders on its own, and its error view offers Try Again instead of leaving inert markup.
  const partsLoaded =
    sameAsRendered &&
    (await Promise.all([preloadPage(window.location.pathname), preloadLayout()]).then(
      () => true,
      () => false,
    ));
  if (partsLoaded) {
    // As a transition, the take-over is rendered in slices of a few milliseconds between which the browser stays free
    // to answer the reader, rather than in one long task (ADR 043); a click on a part not yet taken over hydrates it first.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    container.replaceChildren();
    createRoot(container).render(app);
  }
  scheduleSplashRemoval();
}

void start();
