import { useMutation } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../paths';
import { completeSimulatedOnboarding } from './api/creator-settings';

/**
 * The built-in provider's stand-in for Stripe's onboarding pages (ARCHITECTURE §2): clearly a
 * simulation; finishing it returns to Settings → Payout the way Stripe would (stripe_return).
 */
export function Component() {
  const navigate = useNavigate();
  const back = (query: string) => navigate(`${paths.dashboardSettings}?tab=payout&${query}`, { replace: true });
  const finish = useMutation({
    mutationFn: completeSimulatedOnboarding,
    onSuccess: () => back('stripe_return=true'),
    onError: (error) =>
      toast.error('Failed to connect with Stripe', {
        description: error instanceof ApiError ? error.message : undefined,
      }),
  });
  return (
    <section className="mx-auto max-w-xl">
      <Card className="p-6 sm:p-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
          <FlaskConical className="h-4 w-4" aria-hidden="true" />
          Simulated onboarding · test mode
        </p>
        <h1 className="mt-4 text-2xl font-bold">Set up payouts (simulation)</h1>
        <p className="mt-2 text-slate-600">
          This server has no Stripe key, so this page stands in for Stripe’s onboarding. No bank details are asked for
          and no real money will move. With Stripe configured, creators go to Stripe instead.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => finish.mutate()} disabled={finish.isPending}>
            {finish.isPending ? 'Finishing…' : 'Complete simulated onboarding'}
          </Button>
          <Button variant="secondary" onClick={() => navigate(`${paths.dashboardSettings}?tab=payout`)}>
            Cancel
          </Button>
        </div>
      </Card>
    </section>
  );
}
