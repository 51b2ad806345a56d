import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from 'react';
import { ChunkError } from '../components/errors/chunk-error';
import { isChunkLoadError, shouldReloadOnce } from '../lib/chunk-reload';

type Loaded = { default: ComponentType };

/**
 * A route's page, loaded as its own chunk (STYLE.md Web: routes are lazy-loaded). The module exports
 * `Component`.
 *
 * Issue 36 §9: when the chunk cannot be fetched (offline, or a deploy replaced the bundles), the page
 * does not fall to the route error boundary (which replaced the whole layout with "Something went
 * wrong"). Online, the target URL is loaded once afresh (the new index names the new bundles), guarded
 * against a loop; otherwise ChunkError takes the page's place inside the layout. React.lazy keeps a
 * settled result for good, so after a failure the next visit to the route starts a fresh import.
 */
export function page(load: () => Promise<{ Component: ComponentType }>) {
  const holder: { current: LazyExoticComponent<ComponentType>; failed: boolean } = {
    current: lazy(attempt),
    failed: false,
  };
  function attempt(): Promise<Loaded> {
    return load().then(
      (module) => ({ default: module.Component }),
      (error: unknown) => {
        if (typeof window === 'undefined' || !isChunkLoadError(error)) throw error;
        holder.failed = true;
        const storage = (() => {
          try {
            return window.sessionStorage;
          } catch {
            return null;
          }
        })();
        if (shouldReloadOnce(window.location.href, navigator.onLine, storage)) {
          window.location.reload();
          // The page on screen stays until the reload replaces it.
          return new Promise<Loaded>(() => {});
        }
        return { default: ChunkError };
      },
    );
  }
  function Page() {
    const Current = holder.current;
    // A failed import is tried afresh on the next visit, not while its error is on screen (offline,
    // a retry at once would fail again, and again).
    useEffect(
      () => () => {
        if (!holder.failed) return;
        holder.failed = false;
        holder.current = lazy(attempt);
      },
      [],
    );
    return <Current />;
  }
  return <Page />;
}

/** `full` (an absolute path under `base`) relative to `base`, for a route table mounted at `${base}/*`. */
export function below(base: string, full: string): string {
  if (!full.startsWith(`${base}/`)) throw new Error(`${full} is not under ${base}`);
  return full.slice(base.length + 1);
}
