import { BadgeCheck, FlaskConical, Loader2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { formatCount } from '../../../lib/format';
import { SIMULATED_LABEL, type TVerificationState } from '../hooks/use-threads-verification';

/** Loading, success (with what Threads returned) and error states of a verification. */
export function VerificationStatus({ state }: { state: TVerificationState }) {
  return (
    <div aria-live="polite" className="space-y-3">
      {state.simulated && (
        <p className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
          <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
          {SIMULATED_LABEL}
        </p>
      )}
      {state.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <Loader2 className="h-4 w-4 animate-spin text-brand-600" aria-hidden="true" />
          {state.message}
        </p>
      )}
      {state.status === 'error' && state.message && <Alert title="Verification failed">{state.message}</Alert>}
      {state.status === 'success' && (
        <Alert tone="success" title="Threads account verified">
          {state.message}
          {state.profile && (
            <span className="mt-2 flex items-center gap-3">
              <Avatar src={state.profile.profile_pic_url} name={state.profile.full_name ?? state.profile.username} />
              <span className="min-w-0">
                <span className="flex items-center gap-1 font-medium text-slate-900">
                  {state.profile.full_name ?? state.profile.username}
                  <BadgeCheck className="h-4 w-4 text-brand-600" aria-label="Verified" />
                </span>
                <span className="block text-xs text-slate-600">
                  @{state.profile.username}
                  {state.profile.follower_count !== null && ` · ${formatCount(state.profile.follower_count)} followers`}
                </span>
              </span>
            </span>
          )}
        </Alert>
      )}
    </div>
  );
}
