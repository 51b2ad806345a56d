import type { ReactNode } from 'react';
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
 * hover and while a card has focus; with reduced motion it becomes a plain scrollable row.
 */
export function Marquee({ children, label, className }: MarqueeProps) {
  const track = 'flex shrink-0 gap-4 pr-4';
  return (
    <div
      className={cn(
        'group overflow-hidden py-2 motion-reduce:overflow-x-auto',
        '[mask-image:linear-gradient(to_right,transparent,black_4%,black_96%,transparent)]',
        className,
      )}
    >
      <div className="flex w-max animate-[marquee_40s_linear_infinite] group-focus-within:[animation-play-state:paused] group-hover:[animation-play-state:paused] motion-reduce:animate-none">
        <ul aria-label={label} className={track}>
          {children}
        </ul>
        {/* The copy exists only for the seamless loop: inert keeps it out of the tab order and from screen readers. */}
        <ul inert className={cn(track, 'motion-reduce:hidden')}>
          {children}
        </ul>
      </div>
    </div>
  );
}
