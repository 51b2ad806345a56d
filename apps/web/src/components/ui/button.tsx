import { Slot } from 'radix-ui';
import type { ButtonHTMLAttributes } from 'react';
import { type ButtonLook, buttonClass } from './button-class';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  /** Render the child element (a Link, say) with button styling. */
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component
      type={asChild ? undefined : (type ?? 'button')}
      className={buttonClass({ variant, size, className })}
      {...props}
    />
  );
}
