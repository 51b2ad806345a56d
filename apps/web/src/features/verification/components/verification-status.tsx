import { BadgeCheck, FlaskConical, Loader2 } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Avatar } from '../../../components/ui/avatar';
import { formatCount } from '../../../lib/format';
import { SIMULATED_LABEL, SIMULATED_NOTE, type TVerificationState } from '../hooks/use-threads-verification';

/**
 * Loading, success (with what Threads returned) and error states of a verification. `simulated`: the
 * server offers only the labelled simulation, said before anyone clicks.
 */
export function VerificationStatus({ state, simulated = false }: { state: TVerificationState; simulated?: boolean }) {
  return (
    <div aria-live="polite" className="space-y-3">
      {(simulated || state.simulated) && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="inline-flex items-center gap-1.5 font-semibold">
            <FlaskConical className="h-4 w-4" aria-hidden="true" />
            {SIMULATED_LABEL}
          </p>
          <p className="mt-1">{SIMULATED_NOTE}</p>
        </div>
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
              {/* Decision 0048: Threads' picture is not loaded from its CDN; our copy becomes the avatar. */}
              <Avatar name={state.profile.full_name ?? state.profile.username} />
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
