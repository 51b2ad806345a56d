import { useState } from 'react';

/**
 * A local copy of `value` that can run ahead of it: controls whose value comes back through the
 * URL (a navigation away) show the user's change at once, and follow `value` again when it changes.
 */
export function useOptimisticValue<T>(value: T, key: (value: T) => string = JSON.stringify) {
  const [state, setState] = useState({ source: key(value), shown: value });
  const current = key(value);
  if (state.source !== current) {
    // The prop moved on (the URL caught up, or back/forward): adopt it, during render.
    const next = { source: current, shown: value };
    setState(next);
    return [value, (shown: T) => setState({ source: current, shown })] as const;
  }
  return [state.shown, (shown: T) => setState({ source: current, shown })] as const;
}
