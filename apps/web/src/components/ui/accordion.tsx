import { ChevronDown } from 'lucide-react';
import { Accordion as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Radix Accordion with our styling. Callers choose `type="single" collapsible` for one-open-at-a-time FAQs. */
export const Accordion = Primitive.Root;

export function AccordionItem({ className, ...props }: ComponentProps<typeof Primitive.Item>) {
  return <Primitive.Item className={cn('border-b border-slate-200 last:border-b-0', className)} {...props} />;
}

export function AccordionTrigger({ className, children, ...props }: ComponentProps<typeof Primitive.Trigger>) {
  return (
    <Primitive.Header className="flex">
      <Primitive.Trigger
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 py-4 text-left text-base font-medium text-slate-900',
          'rounded-md hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2',
          'focus-visible:outline-brand-600',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-data-[state=open]:rotate-180"
          aria-hidden="true"
        />
      </Primitive.Trigger>
    </Primitive.Header>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Content className="text-sm leading-relaxed text-slate-600" {...props}>
      <div className={cn('pb-4 pr-9', className)}>{children}</div>
    </Primitive.Content>
  );
}
