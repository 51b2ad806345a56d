import { Popover as Primitive } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { PopoverContent } from './popover';

export interface PopoverLayerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (LazyPopover's): the layer is placed against it and gives focus back to it. */
  anchorRef: RefObject<HTMLButtonElement | null>;
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * The part of a LazyPopover that is Radix: placement, focus moved in and back, Escape and an outside
 * click closing it. A chunk of its own (decision 0037), loaded when a visitor reaches for the button.
 */
export function PopoverLayer({ open, onOpenChange, anchorRef, id, label, className, children }: PopoverLayerProps) {
  return (
    <Primitive.Root open={open} onOpenChange={onOpenChange}>
      <Primitive.Anchor virtualRef={anchorRef as RefObject<HTMLButtonElement>} />
      <PopoverContent
        id={id}
        aria-label={label}
        className={className}
        // The button is ours, not a Radix Trigger: a click on it toggles the popover itself, so Radix
        // must not also close it as an outside click; and on closing, focus goes back to it.
        onInteractOutside={(event) => {
          if (anchorRef.current?.contains(event.target as Node)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          anchorRef.current?.focus();
        }}
      >
        {children}
      </PopoverContent>
    </Primitive.Root>
  );
}
