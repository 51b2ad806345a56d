import { Sparkles, User } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../../lib/cn';

const OPTIONS = [
  // The spec's senders are "fans, customers"; every other screen says fan, so sign-up does too.
  { value: 'customer', label: 'Fan', hint: 'Message creators you love', icon: User },
  { value: 'creator', label: 'Creator', hint: 'Get paid to answer messages', icon: Sparkles },
] as const;

/** spec §2 Signup: the account-type toggle, as a radio group (arrow keys switch). */
export function AccountTypeToggle({ registration }: { registration: UseFormRegisterReturn<'intendedAccountType'> }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">I want to join as</legend>
      <div className="grid grid-cols-2 gap-2">
        {OPTIONS.map(({ value, label, hint, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'relative flex cursor-pointer flex-col gap-1 rounded-xl border border-slate-300 p-3 text-sm',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:ring-1 has-[:checked]:ring-brand-600',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <input type="radio" value={value} className="sr-only" {...registration} />
            <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
              <Icon className="h-4 w-4 text-brand-600" aria-hidden="true" />
              {label}
            </span>
            <span className="text-xs text-slate-600">{hint}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
