import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { FieldError, Label } from './input';

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
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </Label>
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
export function fieldAria(id: string, error?: string, hasHint = false) {
  const describedBy = [error ? `${id}-error` : null, hasHint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}
