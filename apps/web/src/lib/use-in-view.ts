import { useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the returned ref's element becomes at least `threshold` visible
 * (IntersectionObserver). `enabled` false disconnects it.
 */
export function useOnVisible<T extends Element>(onVisible: () => void, { threshold = 0, enabled = true } = {}) {
  const ref = useRef<T>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [threshold, enabled]);
  return ref;
}
