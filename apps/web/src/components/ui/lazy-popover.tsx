import {
  cloneElement,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
  type RefObject,
  Suspense,
  useId,
  useRef,
  useState,
} from 'react';
import { lazyPart } from '../../lib/lazy-part';

const loadLayer = () => import('./popover-layer');
const PopoverLayer = lazyPart(() => loadLayer().then((module) => ({ default: module.PopoverLayer })));

type TriggerProps = HTMLAttributes<HTMLButtonElement> & { ref?: RefObject<HTMLButtonElement | null> };

interface LazyPopoverProps {
  /** The button that opens it; it keeps its own look and label, and gets the popover's ARIA state. */
  trigger: ReactElement<TriggerProps>;
  /** The popover's accessible name. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A popover whose button is on the page at once (server-rendered and hydrated like any button) and
 * whose Radix layer (placement, focus scope, dismissal: ~20 KB gzipped to evaluate) is fetched when a
 * visitor points at, touches or focuses the button, and shown when it is clicked. Discover's Filters and
 * Categories were two closed popovers every first visit paid for while hydrating (decision 0037).
 */
export function LazyPopover({ trigger, label, className, children }: LazyPopoverProps) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const prefetch = () => void loadLayer();
  const button = cloneElement(trigger, {
    ref: anchorRef,
    'aria-haspopup': 'dialog',
    'aria-expanded': open,
    'aria-controls': open ? id : undefined,
    onPointerEnter: prefetch,
    onTouchStart: prefetch,
    onFocus: prefetch,
    onClick: () => {
      setMounted(true);
      setOpen((current) => !current);
    },
  });
  return (
    <>
      {button}
      {mounted && (
        <Suspense fallback={null}>
          <PopoverLayer
            open={open}
            onOpenChange={setOpen}
            anchorRef={anchorRef}
            id={id}
            label={label}
            className={className}
          >
            {children}
          </PopoverLayer>
        </Suspense>
      )}
    </>
  );
}
