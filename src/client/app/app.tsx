import { StrictMode, type ReactNode } from 'react';
import { AccountProvider } from '@/lib/account';
import { ThemeProvider, type ThemeStart } from '@/lib/theme';
import { RootLayout } from './layout';
import { AppRoutes } from './routes';

/**
 * The whole app under a router: the browser's (main.tsx) or, at build time, a fixed location (entry-server.tsx), so
 * the pre-rendered pages are the same components the browser hydrates.
 */
export function App({
  router: Router,
  theme,
  mayBeSignedIn,
}: {
  router: (props: { children: ReactNode }) => ReactNode;
  theme?: ThemeStart;
  mayBeSignedIn: boolean;
}) {
  return (
    <StrictMode>
      <ThemeProvider start={theme}>
        <AccountProvider mayBeSignedIn={mayBeSignedIn}>
          <Router>
            <RootLayout>
              <AppRoutes />
            </RootLayout>
          </Router>
        </AccountProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
