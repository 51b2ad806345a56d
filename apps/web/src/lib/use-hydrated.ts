import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true otherwise (a page the
 * browser rendered itself is true from its first render). Text that depends on the clock, the time
 * zone or the locale waits for it, so the browser's first render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
