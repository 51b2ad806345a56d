import { formatCents, LIMITS, PAYOUT_MESSAGES } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CircleAlert, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import {
  createDashboardLink,
  createOnboardingLink,
  payoutAccountQuery,
  setSimulatedBank,
  settingsKeys,
} from '../api/creator-settings';

/** spec §2 Payout tab: the payout account's status and onboarding (Stripe Connect, or the simulated one). */
export function PayoutPanel() {
  const queryClient = useQueryClient();
  const status = useQuery(payoutAccountQuery());
  const bank = useMutation({
    mutationFn: setSimulatedBank,
    onSuccess: (next) => queryClient.setQueryData(settingsKeys.payoutAccount, next),
    onError: () => toast.error('Could not change the simulated bank. Please try again.'),
  });
  const connect = useMutation({
    mutationFn: createOnboardingLink,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error(PAYOUT_MESSAGES.connectFailed),
  });
  const dashboard = useMutation({
    mutationFn: createDashboardLink,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: () => toast.error('Could not open your Stripe dashboard. Please try again.'),
  });

  if (status.isPending) return <Skeleton className="h-32 w-full" />;
  if (status.isError) {
    return (
      <div role="alert" className="text-sm text-red-700">
        {PAYOUT_MESSAGES.syncFailed}.{' '}
        <button type="button" className="font-medium underline" onClick={() => void status.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { onboardingComplete, hasAccount, provider, dashboard: hasDashboard, simulatedBank } = status.data;
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Payout account</h2>
        <p className="text-sm text-slate-600">
          Payouts go to your {provider === 'stripe' ? 'Stripe' : 'payout'} account. Minimum payout{' '}
          {formatCents(LIMITS.minimumPayoutCents)}; processing takes 3-5 business days.
        </p>
      </div>
      {provider === 'local' && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Test mode: Stripe is not configured on this server, so onboarding is simulated and no real money moves.
        </p>
      )}
      {onboardingComplete ? (
        <div className="space-y-3">
          <p className="flex items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm font-medium text-emerald-800">
            <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
            Payout account connected. You can request payouts from the Earnings page.
          </p>
          {simulatedBank && (
            <fieldset className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              <legend className="px-1 font-medium">Simulated bank (test mode)</legend>
              <p>Try what a creator sees when their bank rejects a payout.</p>
              <div className="flex flex-wrap gap-2">
                {(
                  [
                    ['pay', 'Pays payouts'],
                    ['reject', 'Rejects payouts'],
                  ] as const
                ).map(([outcome, label]) => (
                  <Button
                    key={outcome}
                    size="sm"
                    variant={simulatedBank === outcome ? 'primary' : 'secondary'}
                    aria-pressed={simulatedBank === outcome}
                    disabled={bank.isPending}
                    onClick={() => bank.mutate(outcome)}
                  >
                    {label}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          {hasDashboard && (
            <div className="space-y-2">
              <Button variant="secondary" onClick={() => dashboard.mutate()} disabled={dashboard.isPending}>
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                {dashboard.isPending ? 'Opening…' : 'Open Stripe dashboard'}
              </Button>
              <p className="text-sm text-slate-600">
                Change your bank account, see your payouts' arrival dates and your tax details on Stripe.
              </p>
            </div>
          )}
        </div>
      ) : (
        <div className="space-y-3">
          <p className="flex items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
            <CircleAlert className="h-5 w-5 text-amber-600" aria-hidden="true" />
            {hasAccount ? 'Onboarding not finished yet.' : 'No payout account connected yet.'}
          </p>
          <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {connect.isPending ? 'Opening…' : hasAccount ? 'Continue onboarding' : 'Connect payout account'}
          </Button>
        </div>
      )}
    </div>
  );
}
