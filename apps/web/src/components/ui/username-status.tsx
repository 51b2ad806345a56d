import { AUTH_MESSAGES } from '@fanline/contracts';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import type { TUsernameStatus } from '../../lib/auth/use-username-availability';

/**
 * The availability line under a username input (spec §5); a polite live region, always in the page so
 * it is announced, and always one line tall, so that "Checking availability…" appearing and going does
 * not move the fields below it (layout shift, issue 36 point 17).
 */
export function UsernameStatus({ id, status }: { id: string; status: TUsernameStatus }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm">
      {status === 'checking' && (
        <span className="inline-flex items-center gap-1 text-slate-500">
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
          Checking availability…
        </span>
      )}
      {status === 'available' && (
        <span className="inline-flex items-center gap-1 text-emerald-700">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          {AUTH_MESSAGES.usernameAvailableHint}
        </span>
      )}
      {status === 'taken' && (
        <span className="inline-flex items-center gap-1 text-red-600">
          <XCircle className="h-4 w-4" aria-hidden="true" />
          {AUTH_MESSAGES.usernameTakenHint}
        </span>
      )}
      {status === 'error' && <span className="text-slate-500">Could not check availability right now.</span>}
    </p>
  );
}
