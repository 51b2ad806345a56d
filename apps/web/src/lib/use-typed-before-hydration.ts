import { type RefObject, useLayoutEffect } from 'react';

/**
 * A controlled input on a server-rendered page (decision 0020) can be typed into before the page has
 * hydrated. React leaves that text in the box while it hydrates but its state still says '', so the
 * next render would wipe what was typed and a search sent right after would be empty (issue 35: 1 of
 * 5 landing searches lost at 6× CPU). Once, right after the first commit, the state takes the text the
 * box holds.
 */
export function useTypedBeforeHydration(
  input: RefObject<HTMLInputElement | null>,
  value: string,
  onTyped: (text: string) => void,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first commit, by design
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== value) onTyped(typed);
  }, []);
}
