import { lazy } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { HomePage } from '../features/home/HomePage.tsx';
import { RouteErrorPage } from '../features/placeholders/RouteErrorPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { PAGE_ROUTES } from './routes.ts';

// Everything but home loads on demand, to keep the first download small.
const ComingSoonPage = lazy(() => import('../features/placeholders/ComingSoonPage.tsx'));
const NotFoundPage = lazy(() => import('../features/placeholders/NotFoundPage.tsx'));

/** `/` redirects to /index (§2), keeping the query (referral and affiliate codes travel there). */
function RedirectToIndex() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/index', search, hash }} replace />;
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
          ...PAGE_ROUTES.map(({ path, ...handle }) => ({
            path: path.slice(1),
            handle,
            element: <ComingSoonPage pageKey={handle.pageKey} />,
          })),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
]);
