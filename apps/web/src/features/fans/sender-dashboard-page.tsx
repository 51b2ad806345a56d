import type { TSenderDashboard } from '@fanline/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Compass, MessageSquare, Receipt } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RequireAuth } from '../../components/auth/require-auth';
import { SummaryCards } from '../../components/billing/summary-cards';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../paths';
import { dismissOnboarding, responseWindowQuery, senderDashboardQuery } from './api/fans';
import { OnboardingDialog } from './components/onboarding-dialog';
import { RecentConversations, RecentConversationsCard } from './components/recent-conversations';

const QUICK_ACTIONS = [
  { to: paths.creators, label: 'Discover', body: 'Find creators to message', icon: Compass },
  { to: paths.messages, label: 'Messages', body: 'Read replies and follow up', icon: MessageSquare },
  { to: paths.billing, label: 'Billing', body: 'Payments, refunds and CSV', icon: Receipt },
];

/** spec §2 /sender-dashboard: guests are sent to sign in first. */
export function Component() {
  return (
    <RequireAuth>
      <title>Your Dashboard · Fanline</title>
      <SenderDashboard />
    </RequireAuth>
  );
}

function SenderDashboard() {
  const queryClient = useQueryClient();
  const query = useQuery(senderDashboardQuery());
  const windowHours = useQuery(responseWindowQuery()).data;
  const markSeen = useMutation({
    mutationFn: dismissOnboarding,
    onMutate: () =>
      queryClient.setQueryData<TSenderDashboard>(senderDashboardQuery().queryKey, (current) =>
        current ? { ...current, showOnboarding: false } : current,
      ),
  });
  // spec §2 onboarding modal, once per account: the server is told as soon as it shows, so leaving
  // the page without closing it, or signing in elsewhere, never brings it back (issue 25).
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  const shown = useRef(false);
  const showOnboarding = query.data?.showOnboarding ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once, when the server first says to show it
  useEffect(() => {
    if (!showOnboarding || shown.current) return;
    shown.current = true;
    setOnboardingOpen(true);
    markSeen.mutate();
  }, [showOnboarding]);

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      {/* Signing out is the header's (one Sign Out per page). */}
      <div className="min-w-0">
        <h1 className="text-3xl font-bold break-words text-slate-900">
          {query.data ? `Welcome back, ${query.data.displayName}` : 'Welcome back'}
        </h1>
        <p className="mt-1 text-slate-600">Your messages, replies and payments in one place.</p>
      </div>

      <nav aria-label="Quick actions" className="mt-6 grid gap-3 sm:grid-cols-3">
        {QUICK_ACTIONS.map(({ to, label, body, icon: Icon }) => (
          <Link
            key={to}
            to={to}
            className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden="true" />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{label}</span>
              <span className="block text-sm text-slate-600">{body}</span>
            </span>
          </Link>
        ))}
      </nav>

      {query.isLoadingError ? (
        <EmptyState
          icon={AlertTriangle}
          tone="error"
          role="alert"
          title="Failed to load your dashboard"
          className="mt-8"
          action={<Button onClick={() => void query.refetch()}>Try Again</Button>}
        >
          Please try again in a moment.
        </EmptyState>
      ) : (
        <div className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <RecentConversationsCard>
            {query.data ? (
              <RecentConversations conversations={query.data.recentConversations} />
            ) : (
              <div role="status" aria-label="Loading conversations" className="space-y-3 p-4">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            )}
          </RecentConversationsCard>
          <Card className="p-4">
            <div className="mb-3 flex items-center justify-between gap-3">
              <h2 className="font-semibold text-slate-900">Billing summary</h2>
              <Link to={paths.billing} className="text-sm font-medium text-brand-700 hover:underline">
                View billing
              </Link>
            </div>
            <SummaryCards summary={query.data?.summary} columns={2} />
          </Card>
        </div>
      )}
      <OnboardingDialog open={onboardingOpen} windowHours={windowHours} onDismiss={() => setOnboardingOpen(false)} />
    </section>
  );
}
