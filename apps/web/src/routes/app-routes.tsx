import { Suspense } from 'react';
import { Outlet, matchPath, useRoutes, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { ScrollToTop } from '../components/scroll-to-top';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { lazyWithPreload } from '../lib/lazy-page';
import { paths } from '../lib/paths';

const loadPageRoutes = () => import('./router');
const PageRoutes = lazyWithPreload<object>(() =>
  loadPageRoutes().then((module) => ({ default: module.PageRoutes })),
);

/**
 * The sign-in page is the one page in the app's first download; every other page's route (and the
 * list of what each page downloads) comes with router.tsx. Opened at another address, the app starts
 * that download at once rather than at its first render, and with it the requests for the page's
 * data. Settles once the address's pages are in, for the first render to wait on (`main.tsx`).
 */
export function loadFirstPage(): Promise<unknown> {
  const { pathname } = window.location;
  if (matchPath(paths.signIn, pathname)) return Promise.resolve();
  return Promise.all([
    PageRoutes.preload(),
    loadPageRoutes().then((module) => {
      void module.requestFirstPageData(pathname);
      return module.preloadAddress({ pathname });
    }),
  ]);
}

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}

const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.signIn, element: <SignInPage /> },
      { path: '*', element: <PageRoutes /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(appRoutes);
}
