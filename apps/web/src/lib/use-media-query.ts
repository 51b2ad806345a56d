import { useSyncExternalStore } from 'react';

/**
 * Whether `query` (a CSS media query) matches now, kept current. Server render and hydration answer
 * `serverValue`, as the first client render must match the server's.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => serverValue,
  );
}
