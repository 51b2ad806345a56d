import { type ComponentProps, type ComponentType, lazy, useEffect, useState } from 'react';
import { isChunkLoadError } from './chunk-reload';

/**
 * A part of a page (the demo banner, the header's account menu, a dialog, the live event stream)
 * loaded as its own chunk. Issue 36 §9: when its chunk cannot be fetched (offline, or a deploy
 * replaced the bundles) the part is left out instead of throwing to the route's error boundary, which
 * replaced the whole page with "Something went wrong" (a flaky journey found it: the demo banner's
 * chunk was still on its way when the connection dropped). Once the browser is back online the part
 * is loaded again. Routes use `page()` (app/lazy-page.tsx), which shows the offline screen instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: as React.lazy's own signature, any component type.
export function lazyPart<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  type Part = ComponentType<ComponentProps<T>>;
  const attempt = (): Part =>
    lazy<Part>(() =>
      // Only a browser's failed fetch of the chunk (a server render's imports never fail so).
      load().catch((error: unknown) => {
        if (!isChunkLoadError(error)) throw error;
        return {
          default: function Missing(props: ComponentProps<T>) {
            const [Again, setAgain] = useState<Part | null>(null);
            useEffect(() => {
              const online = () => setAgain(attempt);
              window.addEventListener('online', online, { once: true });
              return () => window.removeEventListener('online', online);
            }, []);
            return Again && <Again {...props} />;
          },
        };
      }),
    );
  return attempt();
}
