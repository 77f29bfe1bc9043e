import { useEffect } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { openAuthModal } from '../features/auth/authModal.ts';
import { HomePage } from '../features/home/HomePage.tsx';
import { RouteErrorPage } from '../features/placeholders/RouteErrorPage.tsx';
import { lazyPage } from './lazyPage.ts';
import { RootLayout } from './RootLayout.tsx';
import { PAGE_ROUTES, type PageRoute } from './routes.ts';

// Everything but home loads on demand, to keep the first download small; a chunk that fails or takes over
// 120 s shows "Loading chunk failed" (app/lazyPage.ts, RouteErrorPage).
const ComingSoonPage = lazyPage(() => import('../features/placeholders/ComingSoonPage.tsx'));
const NotFoundPage = lazyPage(() => import('../features/placeholders/NotFoundPage.tsx'));
const NoticePage = lazyPage(() => import('../features/notices/NoticePage.tsx'));
const HelpPage = lazyPage(() => import('../features/help/HelpPage.tsx'));
const DownloadPage = lazyPage(() => import('../features/download/DownloadPage.tsx'));
const JoinPage = lazyPage(() => import('../features/join/JoinPage.tsx'));

/** `/` redirects to /index (§2), keeping the query (referral and affiliate codes travel there). */
function RedirectToIndex() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
}

/** /register, /register.html and /login: home with the accounts area's modal open (§2). */
function HomeWithModal({ modal }: { modal: 'login' | 'register' }) {
  useEffect(() => openAuthModal(modal), [modal]);
  return <HomePage />;
}

function screenOf(route: PageRoute) {
  const { screen } = route;
  if (route.authModal) return <HomeWithModal modal={route.authModal} />;
  switch (screen) {
    case 'home':
      return <HomePage />;
    case 'noticePage':
      return <NoticePage />;
    case 'help':
      return <HelpPage />;
    case 'download':
      return <DownloadPage />;
    case 'join':
      return <JoinPage />;
    default:
      return <ComingSoonPage pageKey={route.pageKey} />;
  }
}

/** Every route of §2, in history mode. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        // A failing page keeps the header and footer around its error.
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, Component: RedirectToIndex },
          { path: 'index', Component: HomePage },
          { path: 'index.html', Component: HomePage },
          ...PAGE_ROUTES.map((route) => {
            const { path, screen: _screen, authModal: _modal, ...handle } = route;
            return { path: path.slice(1), handle, element: screenOf(route) };
          }),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
