import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PostLoginModal } from '../features/announcements/PostLoginModal.tsx';
import { AuthModal } from '../features/auth/AuthModal.tsx';
import { BannerCarousel } from '../features/banners/BannerCarousel.tsx';
import { bannerGroupForPath } from '../features/banners/bannerGroup.ts';
import { Footer } from '../features/footer/Footer.tsx';
import { LaunchNotices } from '../features/game/LaunchNotices.tsx';
import { GameBar } from '../features/game-bar/GameBar.tsx';
import { Header } from '../features/header/Header.tsx';
import { RainLauncher } from '../features/raffle/RainLauncher.tsx';
import { RightBar } from '../features/right-bar/RightBar.tsx';
import { useWhitelabel } from '../features/site/queries.ts';
import { SupportPopup } from '../features/support/SupportPopup.tsx';
import { TabBar } from '../features/tab-bar/TabBar.tsx';
import { CenteredSpinner } from '../ui/index.ts';
import { LoadingPage } from './LoadingPage.tsx';
import { PageLayout } from './PageLayout.tsx';
import { usePhoneLayout } from './phoneLayout.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';
import {
  isGameBarPath,
  isOpenWithoutToken,
  type LayoutOptions,
  pageTypeFromPath,
  routeHandleOf,
} from './routes.ts';
import { useScrollRestoration } from './scrollRestoration.ts';
import { useSession } from './session.ts';

/**
 * §2 guard: with the whitelabel option redirectToLoginWithoutToken on, a visitor without a token reaches
 * only /login, /register, /register.html, /helpmc and /download (and /down); every other path goes to /login.
 */
function useGuardRedirect(): 'wait' | 'login' | null {
  const { pathname } = useLocation();
  const { token } = useSession();
  const whitelabel = useWhitelabel();
  if (token || isOpenWithoutToken(pathname)) return null;
  if (whitelabel.data === undefined) return whitelabel.isError ? null : 'wait';
  return whitelabel.data.redirectToLoginWithoutToken ? 'login' : null;
}

/** The layout of every route: fills the slots from the path and the route's handle. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const handle = routeHandleOf(pathname);
  const guard = useGuardRedirect();
  const phone = usePhoneLayout();
  useScrollRestoration();
  const layout: LayoutOptions = { header: true, footer: true, collapsibleHeader: false, ...handle?.layout };
  // A lottery game's betting view (?gameCode=) opens on its draw and its number picker, not on the lobby's banner.
  const bannerGroup = new URLSearchParams(search).has('gameCode') ? null : bannerGroupForPath(pathname);

  if (guard === 'login') return <Navigate to="/login" replace />;
  if (guard === 'wait') return <LoadingPage label={t('common.loading')} />;

  return (
    <>
      <PageLayout
        pageType={pageTypeFromPath(pathname)}
        header={layout.header ? <Header collapsible={layout.collapsibleHeader} /> : null}
        // Keyed by path: the carousel is rebuilt when the path changes (§2 banners).
        banner={bannerGroup ? <BannerCarousel key={pathname} groupName={bannerGroup} /> : null}
        footer={layout.footer ? <Footer /> : null}
      >
        <RouteErrorBoundary>
          <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </PageLayout>
      {isGameBarPath(pathname) ? <GameBar /> : null}
      {/* /helpmc has no header and /seamless is header only: neither has the right bar (nor, on a phone, the
          tab bar that stands in for it). */}
      {layout.header && layout.footer ? phone ? <TabBar /> : <RightBar /> : null}
      {layout.header && layout.footer ? <RainLauncher /> : null}
      <AuthModal />
      <SupportPopup />
      <PostLoginModal />
      <LaunchNotices />
    </>
  );
}
