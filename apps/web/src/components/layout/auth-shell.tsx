import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { paths } from '../../paths';
import { Card } from '../ui/card';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: "Don't have an account? Sign up", and the like. */
  footer?: ReactNode;
  className?: string;
}

/** The frame of the account pages: back link to /, a centred card with a heading. */
export function AuthShell({ title, subtitle, children, footer, className }: AuthShellProps) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className={cn('mx-auto w-full max-w-md', className)}>
        <Link
          to={paths.home}
          className="mb-6 inline-flex items-center gap-1 rounded text-sm font-medium text-slate-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to home
        </Link>
        <Card className="p-6 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {subtitle && <div className="mt-1 text-sm text-slate-600">{subtitle}</div>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}
