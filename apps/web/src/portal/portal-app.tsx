import { useCallback, useEffect, useMemo, useState } from 'react';
import { paths } from '../lib/paths';
import { portalApi } from './api/portal-api';
import { PortalContext, type MeState, type PortalNotice, type PortalState } from './lib/portal-context';
import { PortalActivatePage } from './pages/portal-activate-page';
import { PortalLinePage } from './pages/portal-line-page';
import { PortalSignInPage } from './pages/portal-sign-in-page';

/** The line page shows who is connected now: it reads the line again this often while it is open. */
const REFRESH_MS = 30_000;

const pages: Record<string, () => React.JSX.Element> = {
  [paths.portal]: PortalLinePage,
  [paths.portalSignIn]: PortalSignInPage,
  [paths.portalActivate]: PortalActivatePage,
};

/**
 * The address inside the portal. `/my/` and `/my` are one page; any other address under /my is the
 * line page (or, signed out, the sign-in page it sends on to), and the address bar says so.
 */
function currentLocation() {
  let path = window.location.pathname.replace(/\/+$/, '') || '/';
  if (!(path in pages)) {
    path = paths.portal;
    window.history.replaceState(null, '', path);
  }
  return { path, search: new URLSearchParams(window.location.search) };
}

/**
 * The customer portal's three pages, switched by the address (the History API: the portal needs no
 * router library), around the customer's line as the server last told it.
 */
export function PortalApp({ firstMe }: { firstMe: MeState }) {
  const [me, setMeState] = useState<MeState>(firstMe);
  const [location, setLocation] = useState(currentLocation);
  const [notice, setNotice] = useState<PortalNotice | null>(null);

  const navigate = useCallback((to: string, options: { replace?: boolean } = {}) => {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    setLocation(currentLocation());
    window.scrollTo(0, 0);
  }, []);
  useEffect(() => {
    const onPopState = () => setLocation(currentLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  // An activation's notice belongs to the line page it opened: gone once the customer moves on.
  useEffect(() => {
    if (location.path !== paths.portal) setNotice(null);
  }, [location.path]);

  const signedIn = me.status === 'ready' && me.me !== null;
  const onLinePage = location.path === paths.portal;
  useEffect(() => {
    if (!signedIn || !onLinePage) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      portalApi.me(controller.signal).then(
        (line) => setMeState({ status: 'ready', me: line }),
        (error: unknown) => {
          if (!controller.signal.aborted) setMeState({ status: 'error', error });
        },
      );
    }, REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [signedIn, onLinePage]);

  const state = useMemo<PortalState>(
    () => ({
      me,
      setMe: (line) => setMeState({ status: 'ready', me: line }),
      notice,
      setNotice,
      path: location.path,
      search: location.search,
      navigate,
    }),
    [me, notice, location, navigate],
  );
  const Page = pages[location.path]!;
  return (
    <PortalContext.Provider value={state}>
      {/* Keyed by the address, so each page starts afresh (its form, its redirect) when moved to. */}
      <Page key={location.path} />
    </PortalContext.Provider>
  );
}
