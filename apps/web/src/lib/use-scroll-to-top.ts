import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * A new page opens at its top, as a link to another document would (the declarative router has no
 * ScrollRestoration). Without it, /signup -> /login on a phone opened /login scrolled 380 px down, its
 * footer jumping 250 px up the screen: a layout shift of 0.15 counted for /signup (issue 36 point 17).
 * Back and forward (POP) keep the browser's own restoration; a change of query only (filters in the
 * URL) or a link to an anchor keeps its place. Before paint, so the old position is never shown.
 */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per new pathname, by design.
  useLayoutEffect(() => {
    if (navigationType !== 'POP' && !hash) window.scrollTo(0, 0);
  }, [pathname]);
}
