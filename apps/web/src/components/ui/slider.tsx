import { Slider as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

interface SliderProps extends ComponentProps<typeof Primitive.Root> {
  /** One accessible name per thumb, e.g. ['Minimum price', 'Maximum price']. */
  thumbLabels: string[];
}

/** Radix Slider (arrow keys, Page Up/Down, Home/End) with one or more labelled thumbs. */
export function Slider({ thumbLabels, className, ...props }: SliderProps) {
  return (
    <Primitive.Root
      className={cn('relative flex h-5 w-full touch-none select-none items-center', className)}
      {...props}
    >
      <Primitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-slate-200">
        <Primitive.Range className="absolute h-full bg-brand-600" />
      </Primitive.Track>
      {thumbLabels.map((label) => (
        <Primitive.Thumb
          key={label}
          aria-label={label}
          className="block h-5 w-5 rounded-full border-2 border-brand-600 bg-white shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
      ))}
    </Primitive.Root>
  );
}
