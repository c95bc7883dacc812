import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page (docs/spec-rules.md, "Scroll to the top on every navigation"). */
export function ScrollToTop() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname, search]);
  return null;
}
