import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldError } from './input';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  /** A line under the control; give the control `aria-describedby={`${id}-hint`}`. */
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactNode;
}

/** Label, control, optional hint and error line (role=alert, id `${id}-error`). */
export function Field({ id, label, error, hint, required, className, children }: FieldProps) {
  return (
    <div className={className}>
      {/* The asterisk sits outside the label so the accessible name stays the plain label text;
          required controls say so with aria-required. */}
      <div className="mb-1 flex items-baseline gap-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {required && (
          <span className="text-sm text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <div id={`${id}-hint`} className={cn('mt-1 text-xs text-slate-500')}>
          {hint}
        </div>
      )}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

/** aria wiring for a control inside `Field`. */
export function fieldAria(id: string, error?: string, hasHint = false, required = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  } as const;
}
