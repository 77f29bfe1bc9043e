import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { BannerCarousel } from '../features/banners/BannerCarousel.tsx';
import { bannerGroupForPath } from '../features/banners/bannerGroup.ts';
import { Footer } from '../features/footer/Footer.tsx';
import { Header } from '../features/header/Header.tsx';
import { CenteredSpinner } from '../ui/index.ts';
import { PageLayout } from './PageLayout.tsx';
import type { LayoutOptions, RouteHandle } from './routes.ts';

/** The layout of every route: fills the slots from the path and the route's handle. */
export function RootLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const layout: LayoutOptions = { header: true, footer: true, ...handle?.layout };
  const bannerGroup = bannerGroupForPath(pathname);

  return (
    <PageLayout
      pageType={pathname.replace(/^\//, '')}
      header={layout.header ? <Header /> : null}
      // Keyed by path: the carousel is rebuilt when the path changes (§2 banners).
      banner={bannerGroup ? <BannerCarousel key={pathname} groupName={bannerGroup} /> : null}
      footer={layout.footer ? <Footer /> : null}
    >
      <Suspense fallback={<CenteredSpinner label={t('common.loading')} />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </PageLayout>
  );
}
