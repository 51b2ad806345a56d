import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router';
import { PAGE_STATE_ID } from './app/page-state';
import { createQueryClient, Providers } from './app/providers';
import { AppRoutes, routes } from './app/router';
import { publicProfileQuery } from './features/creator-profile/api/profile';
import { isInvalidProfileUsername } from './features/creator-profile/utils/username';
import { browseQuery } from './features/discover/api/browse';
import { categoriesQuery } from './features/discover/api/categories';
import { parseFilters, priceRangeOf, toBrowseQuery } from './features/discover/utils/browse-filters';
import { featuredCreatorsQuery } from './features/landing/api/featured-creators';
import { landingFiguresQuery } from './features/landing/api/landing-figures';
import { ApiError } from './lib/api-client';
import { sessionQuery } from './lib/auth/session';
import { platformConfigQuery } from './lib/platform-config';
import { paths } from './paths';

/**
 * The server-side entry (decision 0020), built with `vite build --ssr` next to the browser build and
 * loaded by the server (apps/server/src/platform/page-render.ts). It renders the public pages a first
 * visit lands on (/, /creators, a creator's profile) to HTML from the same route components the
 * browser hydrates, with a query cache filled with exactly the queries the page shows, fetched from
 * the API itself through the transport the server sets.
 */
export { setApiTransport } from './lib/api-client';

/** The pages rendered here: the first-visit pages, and the legal pages (issue 36), which need only the live settings. */
const RENDERED: ReadonlySet<string> = new Set([
  paths.home,
  paths.creators,
  paths.creatorProfile,
  paths.terms,
  paths.privacy,
  paths.refundPolicy,
]);

export type TRenderedPage =
  /** `html` goes inside #root, `stateScript` (the query cache as JSON) right after it. */
  | { kind: 'page'; html: string; stateScript: string }
  /** A profile that does not exist: the server answers 404 with the app shell. */
  | { kind: 'not-found' }
  /** Not a page rendered here, or one the browser must handle (an old username's redirect). */
  | { kind: 'skip' };

/** Renders `url` (path and query string); rejects when a query or the render fails or `signal` aborts. */
export async function renderPage(url: string, signal: AbortSignal): Promise<TRenderedPage> {
  const location = new URL(url, 'http://localhost');
  const leaf = matchRoutes(routes, location.pathname)?.at(-1)?.route.path;
  if (!RENDERED.has(leaf ?? '')) return { kind: 'skip' };

  // A new cache for every page: never the browser's, never another visitor's.
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  // Every page: the header's session and the live settings the copy states.
  const [, config] = await Promise.all([client.fetchQuery(sessionQuery()), client.fetchQuery(platformConfigQuery())]);

  if (leaf === paths.home) {
    await Promise.all([client.fetchQuery(featuredCreatorsQuery()), client.fetchQuery(landingFiguresQuery())]);
  } else if (leaf === paths.creators) {
    // The same filters the page reads from the address bar (useBrowseFilters).
    const range = priceRangeOf(config.price);
    const query = toBrowseQuery(parseFilters(location.searchParams, range), range);
    await Promise.all([client.fetchInfiniteQuery(browseQuery(query)), client.fetchQuery(categoriesQuery())]);
  } else if (leaf === paths.creatorProfile) {
    const segment = location.pathname.split('/')[1] ?? '';
    let username = segment;
    try {
      username = decodeURIComponent(segment);
    } catch {
      return { kind: 'skip' };
    }
    if (!isInvalidProfileUsername(username)) {
      const outcome = await fetchProfile(client, username.trim());
      if (outcome !== 'ok') return { kind: outcome };
    }
  }

  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <Providers client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </Providers>
    </StrictMode>,
    {
      signal,
      onError: (error) => void errors.push(error),
      // Every boundary inline, in order: an outlined one is revealed by an inline script, which the
      // CSP (script-src 'self') refuses, so its content would stay hidden until hydration.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  // A component that threw would be rendered by the browser instead; send the plain shell then.
  if (errors.length > 0) throw errors[0];
  // `<` escaped: no user-written text (a bio, a name) can close the script element.
  const state = JSON.stringify(dehydrate(client)).replace(/</g, '\\u003c');
  return { kind: 'page', html, stateScript: `<script type="application/json" id="${PAGE_STATE_ID}">${state}</script>` };
}

async function fetchProfile(client: QueryClient, username: string): Promise<'ok' | 'not-found' | 'skip'> {
  try {
    const profile = await client.fetchQuery(publicProfileQuery(username));
    // An old name of a creator who renamed: the page redirects in the browser (CreatorProfile).
    return profile.username.toLowerCase() === username.toLowerCase() ? 'ok' : 'skip';
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return 'not-found';
    // A name the API refuses (a stray path such as /robots.txt): the browser shows its message.
    if (error instanceof ApiError && error.status === 400) return 'skip';
    throw error;
  }
}
