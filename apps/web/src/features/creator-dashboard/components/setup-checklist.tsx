import { formatCents, type TCreatorSetup } from '@fanline/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Circle, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/auth/session';
import { href, paths } from '../../../paths';

const setupQuery = () =>
  queryOptions({
    queryKey: ['creator-setup'] as const,
    queryFn: ({ signal }) => api<TCreatorSetup>('/creator/setup', { signal }),
  });

const settingsTab = (tab: string) => `${paths.dashboardSettings}?tab=${tab}`;
const LINK = 'font-medium text-brand-700 underline hover:text-brand-800';

/**
 * Issue 36: a new creator's setup checklist (set a price, add a photo, connect payouts, share the link),
 * on the inbox until every step is done. Each open step links to where it is done. A profile is
 * payable before a payout account exists; the money waits in the balance until one is connected
 * (decision 0041), and the payout step says so.
 */
export function SetupChecklist() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const setup = useQuery(setupQuery());
  const shared = useMutation({
    mutationFn: () => api<void>('/creator/setup/link-shared', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: setupQuery().queryKey }),
  });
  if (!setup.data || !user) return null;
  const { steps } = setup.data;
  const done = Object.values(steps).filter(Boolean).length;
  const total = Object.keys(steps).length;
  if (done === total) return null;

  const profileUrl = `${window.location.origin}${href.creatorProfile(user.username)}`;
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(profileUrl);
      toast.success('Profile link copied', { description: profileUrl });
    } catch {
      // No clipboard (permissions, an insecure origin): the link is on screen to copy by hand.
      toast.info('Copy your profile link', { description: profileUrl });
    }
    shared.mutate();
  };

  return (
    <Card className="p-5" role="region" aria-labelledby="setup-checklist-title" data-testid="setup-checklist">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist-title" className="text-lg font-semibold text-slate-900">
          Finish setting up your profile
        </h2>
        <p className="text-sm text-slate-600">
          {done} of {total} done
        </p>
      </div>
      <ol className="mt-4 space-y-3">
        <Step done={steps.price} title="Set your price">
          {steps.price ? (
            `Fans pay ${formatCents(user.messagePrice)} per message.`
          ) : (
            <>
              Your price is {formatCents(user.messagePrice)} until you choose one.{' '}
              <Link className={LINK} to={settingsTab('pricing')}>
                Set your price
              </Link>
            </>
          )}
        </Step>
        <Step done={steps.photo} title="Add a profile photo">
          {steps.photo ? (
            'Fans see your photo on your profile and in Discover.'
          ) : (
            <Link className={LINK} to={settingsTab('profile')}>
              Add a photo
            </Link>
          )}
        </Step>
        <Step done={steps.payout} title="Connect a payout account">
          {steps.payout ? (
            'Your earnings can be paid out.'
          ) : (
            <>
              Fans can already pay you: your earnings wait in your balance until you connect a payout account.{' '}
              <Link className={LINK} to={settingsTab('payout')}>
                Connect a payout account
              </Link>
            </>
          )}
        </Step>
        <Step done={steps.share} title="Share your profile link">
          <span className="break-all">{profileUrl}</span>
          {!steps.share && (
            <Button variant="secondary" size="sm" className="mt-2 flex" onClick={() => void copyLink()}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy your link
            </Button>
          )}
        </Step>
      </ol>
    </Card>
  );
}

function Step({ done, title, children }: { done: boolean; title: string; children: ReactNode }) {
  const Icon = done ? CheckCircle2 : Circle;
  return (
    <li className="flex gap-3" data-done={done}>
      <Icon
        className={done ? 'mt-0.5 h-5 w-5 shrink-0 text-emerald-600' : 'mt-0.5 h-5 w-5 shrink-0 text-slate-400'}
        aria-hidden="true"
      />
      <div className="min-w-0 text-sm text-slate-700">
        <p className="font-medium text-slate-900">
          {title}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </p>
        <div className="mt-0.5">{children}</div>
      </div>
    </li>
  );
}
