import { PAYOUT_MESSAGES, type TPayoutAccountStatus } from '@fanline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { api } from '../../../lib/api-client';
import { settingsKeys } from '../api/creator-settings';

/** spec §9: Stripe return reload 2 s. */
const RELOAD_MS = 2_000;

/**
 * spec §4 Stripe return: with stripe_return the account status is checked, a success or incomplete
 * toast shows, the URL is cleaned and the page reloads after 2 s; reauth shows the expired toast.
 */
export function useStripeReturn() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const handled = useRef(false);
  const stripeReturn = params.has('stripe_return');
  const reauth = params.has('reauth');

  useEffect(() => {
    if (handled.current || (!stripeReturn && !reauth)) return;
    handled.current = true;
    const clean = () => {
      const next = new URLSearchParams(params);
      next.delete('stripe_return');
      next.delete('reauth');
      setParams(next, { replace: true });
    };
    if (reauth) {
      toast.error(PAYOUT_MESSAGES.connectExpired, { description: 'Please connect your payout account again.' });
      clean();
      return;
    }
    void api<TPayoutAccountStatus>('/stripe-connect/status')
      .then((status) => {
        queryClient.setQueryData(settingsKeys.payoutAccount, status);
        if (status.onboardingComplete) toast.success(PAYOUT_MESSAGES.connected);
        else
          toast.error(PAYOUT_MESSAGES.onboardingIncomplete, { description: 'Finish the remaining steps to get paid.' });
      })
      .catch(() => toast.error(PAYOUT_MESSAGES.syncFailed))
      .finally(() => {
        clean();
        setTimeout(() => window.location.reload(), RELOAD_MS);
      });
  }, [stripeReturn, reauth, params, setParams, queryClient]);
}
