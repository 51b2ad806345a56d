import { VITALS_ROUTES } from '@fanline/contracts';

/**
 * Issue 36 §17 (review #31, soft 404s): the app's pages below one level (apps/web/src/paths.ts). A
 * path of two or more segments that is none of these is a page that does not exist: the shell still
 * renders the app's not-found page, but with HTTP 404, not 200. One-segment paths are pages or creator
 * profiles (the renderer answers 404 for an unknown profile); /dev/ is the development tools' own.
 * The patterns are the web's routes as its Web Vitals report them (contracts' VITALS_ROUTES, which a
 * web test keeps equal to paths.ts), `:param` standing for any one segment.
 */
const NESTED_PAGES = VITALS_ROUTES.filter((route) => route.split('/').filter(Boolean).length >= 2).map(
  (route) => new RegExp(`^${route.replaceAll(/:[A-Za-z]+/g, '[^/]+')}/?$`),
);

export function isUnknownNestedPage(pathname: string): boolean {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length < 2 || segments[0] === 'dev') return false;
  return !NESTED_PAGES.some((pattern) => pattern.test(pathname));
}
