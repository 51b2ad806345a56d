import { type ReactNode, useEffect, useRef } from 'react';
import { cn } from '../../lib/cn';

interface MarqueeProps {
  /** `<li>` items; they are rendered twice. */
  children: ReactNode;
  /** Accessible name of the list. */
  label: string;
  className?: string;
}

/**
 * An endless horizontal loop: two identical tracks slide by half their combined width (the `marquee`
 * keyframes in styles.css), so the second copy takes the first's place without a jump. It pauses on
 * hover and while off screen; with reduced motion, and while a card has keyboard focus, it is a plain scrollable row whose
 * focused card is scrolled fully into view (issue 36 §13: a paused loop left the focused card off-screen,
 * under the edge's fade).
 */
export function Marquee({ children, label, className }: MarqueeProps) {
  const track = 'flex shrink-0 gap-4 pr-4';
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const reveal = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      const card = event.target.closest('li') ?? event.target;
      // After the focus-within styles have stopped the loop, so the card's place is its resting one.
      // Only this row scrolls (scrollIntoView would also scroll the page's clipped ancestors sideways).
      requestAnimationFrame(() => {
        const row = element.getBoundingClientRect();
        const box = card.getBoundingClientRect();
        element.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
        // The browser's own focus scrolling may have shifted a clipped ancestor (overflow hidden): undo it.
        for (let node = element.parentElement; node; node = node.parentElement) {
          if (node.scrollLeft !== 0 && getComputedStyle(node).overflowX !== 'auto') node.scrollLeft = 0;
        }
      });
    };
    element.addEventListener('focusin', reveal);
    // Off screen the loop stops: an endless animation makes the browser draw a new frame sixty times a
    // second for as long as the page is open, below the fold too (a phone's battery; about a twentieth
    // of the journeys' CPU, where the landing stays open behind most steps).
    const observer = new IntersectionObserver(([entry]) => {
      element.toggleAttribute('data-offscreen', !entry?.isIntersecting);
    });
    observer.observe(element);
    return () => {
      element.removeEventListener('focusin', reveal);
      observer.disconnect();
    };
  }, []);
  return (
    <div
      ref={root}
      className={cn(
        // relative: the cards' screen-reader-only text is absolutely positioned. While the loop runs, the
        // moving track's transform contains it; with reduced motion there is no transform, and without a
        // positioned scroller that text escaped it, 1,600 px to the right of a 375 px page, which then
        // scrolled sideways.
        'group relative overflow-hidden py-2 motion-reduce:overflow-x-auto focus-within:overflow-x-auto focus-within:[mask-image:none]',
        '[mask-image:linear-gradient(to_right,transparent,black_4%,black_96%,transparent)]',
        className,
      )}
    >
      <div className="flex w-max animate-[marquee_40s_linear_infinite] group-hover:[animation-play-state:paused] group-data-[offscreen]:[animation-play-state:paused] group-focus-within:animate-none motion-reduce:animate-none">
        <ul aria-label={label} className={track}>
          {children}
        </ul>
        {/* The copy exists only for the seamless loop: inert keeps it out of the tab order and from screen readers. */}
        <ul inert aria-hidden="true" className={cn(track, 'motion-reduce:hidden group-focus-within:hidden')}>
          {children}
        </ul>
      </div>
    </div>
  );
}
