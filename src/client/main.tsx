import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootLayout } from '@/app/layout';
import { AppRoutes } from '@/app/routes';
import { scheduleSplashRemoval } from '@/app/splash';
import { initI18n } from '@/i18n';
import { AccountProvider } from '@/lib/account';
import { ThemeProvider } from '@/lib/theme';
import './styles.css';

async function start() {
  await initI18n();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider>
        <AccountProvider>
          <BrowserRouter>
            <RootLayout>
              <AppRoutes />
            </RootLayout>
          </BrowserRouter>
        </AccountProvider>
      </ThemeProvider>
    </StrictMode>,
  );
  scheduleSplashRemoval();
}

void start();
