import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  /** Buttons under the text. */
  action?: ReactNode;
  /** 'alert' for failures, so screen readers announce them. */
  role?: 'status' | 'alert';
  className?: string;
  tone?: 'neutral' | 'error';
  /** h1 when the state is the whole page (a missing profile), h2 inside one. */
  headingLevel?: 1 | 2;
}

/** A centred icon, heading, line of text and optional action: empty lists, failures, start screens. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  role,
  className,
  tone = 'neutral',
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div
      role={role}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed px-6 py-14 text-center',
        tone === 'error' ? 'border-red-200 bg-red-50/50' : 'border-slate-200 bg-white',
        className,
      )}
    >
      <span
        className={cn(
          'flex h-12 w-12 items-center justify-center rounded-full',
          tone === 'error' ? 'bg-red-100 text-red-600' : 'bg-brand-50 text-brand-600',
        )}
      >
        <Icon className="h-6 w-6" aria-hidden="true" />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">{title}</Heading>
      {children && <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}

/** A list or page that failed to load: announced as an alert, with a retry. */
export function LoadErrorState({
  title,
  onRetry,
  retrying,
}: {
  title: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <EmptyState
      role="alert"
      tone="error"
      icon={AlertTriangle}
      title={title}
      action={
        <Button onClick={onRetry} disabled={retrying}>
          Try Again
        </Button>
      }
    />
  );
}
