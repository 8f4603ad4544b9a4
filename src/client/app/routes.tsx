import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { REQUEST_LINK_PREFIX, ROUTES } from '@shared/routes';
import { useAccount } from '@/lib/account';
import { HomePage } from '@/features/home/home-page';
import { loadPageTexts } from '@/i18n';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { ErrorBoundary } from './error-boundary';
import { PageLoader } from './page-loader';

/** A page whose code (and the data cache it uses) loads when it is first visited. */
function lazyPage(load: () => Promise<ComponentType>) {
  return lazyWithPreload(async () => {
    const [Page, { QueryProvider }] = await Promise.all([load(), import('@/lib/query-provider'), loadPageTexts()]);
    return {
      default: () => (
        <QueryProvider>
          <Page />
        </QueryProvider>
      ),
    };
  });
}

const AboutPage = lazyPage(() => import('@/features/info/about-page').then((m) => m.AboutPage));
const TermsPage = lazyPage(() => import('@/features/info/terms-page').then((m) => m.TermsPage));
const ContactPage = lazyPage(() => import('@/features/contact/contact-page').then((m) => m.ContactPage));
const AuthPage = lazyPage(() => import('@/features/auth/auth-page').then((m) => m.AuthPage));
const PaymentCompletePage = lazyPage(() => import('@/features/topup/payment/payment-complete-page').then((m) => m.PaymentCompletePage));
/** Behind a sign-in: their guards come first, then their code (signed-in-pages.tsx). */
const ProfilePage = lazyPage(() => import('./signed-in-pages').then((m) => m.ProfilePage));
const OrderReceiptPage = lazyPage(() => import('./signed-in-pages').then((m) => m.OrderReceiptPage));
const AdminPage = lazyPage(() => import('./signed-in-pages').then((m) => m.AdminPage));
const RequestPage = lazyPage(() => import('./signed-in-pages').then((m) => m.RequestTopUpPage));
const AccountDeletedPage = lazyPage(() => import('@/features/profile/account-deleted-page').then((m) => m.AccountDeletedPage));
const AutoTopupLinkPage = lazyPage(() => import('@/features/auto-topup-link/auto-topup-link-page').then((m) => m.AutoTopupLinkPage));
const NotFoundPage = lazyPage(() => import('./not-found-page').then((m) => m.NotFoundPage));

/**
 * The top-up flow brings its data cache with it and loads after the home shell (ADR 003). Its later steps use
 * texts from the page files, which load alongside it.
 */
const TopUpFlow = lazyWithPreload(async () => {
  const [{ TopUpFlow: Flow }] = await Promise.all([import('@/features/topup/top-up-flow'), loadPageTexts()]);
  return { default: Flow };
});

/** The home page's sections under the first screen, out of the first bundle (ADR 066). */
const HomeSections = lazyWithPreload(() => import('@/features/home/home-sections').then((module) => ({ default: module.HomeSections })));
const homeSections = (
  <Suspense fallback={null}>
    <HomeSections />
  </Suspense>
);
/** What a pre-rendered home page shows beyond the first bundle: the flow and the sections under it. */
const HomeParts = { preload: () => Promise.all([TopUpFlow.preload(), HomeSections.preload()]) };

/** A signed-in customer's 'Send again' shortcuts: a visitor never downloads them. */
const SendAgain = lazy(async () => {
  const [{ SendAgain: Shortcuts }, { QueryProvider }] = await Promise.all([
    import('@/features/home/send-again'),
    import('@/lib/query-provider'),
    loadPageTexts(),
  ]);
  return {
    default: ({ userId }: { userId: string }) => (
      <QueryProvider>
        <Shortcuts userId={userId} />
      </QueryProvider>
    ),
  };
});

function Home() {
  const { user } = useAccount();
  return (
    <HomePage
      below={homeSections}
      sendAgain={
        user ? (
          <Suspense fallback={null}>
            <SendAgain userId={user.id} />
          </Suspense>
        ) : null
      }
      flow={
        <Suspense fallback={<div className="min-h-80" />}>
          <TopUpFlow isSignedIn={user !== null} />
        </Suspense>
      }
    />
  );
}

/** A request link's flow (ADR 022): the request, then the top-up flow with its number filled in. */
const RequestedTopUp = lazyWithPreload(async () => {
  const [{ RequestedTopUp: Requested }] = await Promise.all([import('@/features/topup/request/requested-top-up'), loadPageTexts()]);
  return { default: Requested };
});

function RequestedHome() {
  const { token = '' } = useParams();
  const { user } = useAccount();
  return (
    <HomePage
      below={homeSections}
      flow={
        <Suspense fallback={<div className="min-h-80" />}>
          <RequestedTopUp key={token} token={token} isSignedIn={user !== null} />
        </Suspense>
      }
    />
  );
}

const PRERENDERED_PARTS: Record<string, { preload(): Promise<unknown> }> = {
  [ROUTES.home]: HomeParts,
  [ROUTES.topUp]: HomeParts,
  [ROUTES.about]: AboutPage,
  [ROUTES.terms]: TermsPage,
  [ROUTES.contact]: ContactPage,
  [ROUTES.auth]: AuthPage,
};

/** Loads the code of the lazy part a pre-rendered page shows at `pathname`, before the app takes the page over. */
export async function preloadPage(pathname: string): Promise<void> {
  await PRERENDERED_PARTS[pathname]?.preload();
}

/** Home is in the first bundle; every other page loads when it is visited (docs/product.md §2 routes). */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route index element={<Home />} />
          <Route path={ROUTES.topUp} element={<Home />} />
          <Route path={ROUTES.about} element={<AboutPage />} />
          <Route path={ROUTES.terms} element={<TermsPage />} />
          <Route path={ROUTES.contact} element={<ContactPage />} />
          <Route path={ROUTES.auth} element={<AuthPage />} />
          <Route path={ROUTES.paymentComplete} element={<PaymentCompletePage />} />
          <Route path={ROUTES.requestTopUp} element={<RequestPage />} />
          <Route path={`${REQUEST_LINK_PREFIX}:token`} element={<RequestedHome />} />
          <Route path={ROUTES.profile} element={<ProfilePage />} />
          <Route path={ROUTES.accountDeleted} element={<AccountDeletedPage />} />
          <Route path={ROUTES.orderReceipt} element={<OrderReceiptPage />} />
          <Route path={ROUTES.autoTopupLink} element={<AutoTopupLinkPage />} />
          <Route path={`${ROUTES.admin}/*`} element={<AdminPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
