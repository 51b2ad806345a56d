import { formatCents, type TEarningsSummary } from '@fanline/contracts';
import { CalendarDays, CalendarRange, DollarSign, Sun, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { RequestPayoutButton } from '../../../components/payouts/request-payout-button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../paths';

/** spec §2 Earnings cards: Today, This Week (last 7 days), This Month, Total Earned. */
export function EarningsCards({ summary }: { summary: TEarningsSummary }) {
  const cards = [
    { label: 'Today', value: summary.today, icon: Sun },
    { label: 'This Week', hint: 'Last 7 days', value: summary.last7Days, icon: CalendarRange },
    { label: 'This Month', value: summary.thisMonth, icon: CalendarDays },
    { label: 'Total Earned', value: summary.totalEarned, icon: DollarSign },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ label, hint, value, icon: Icon }) => (
        <Card key={label} role="group" aria-label={label} className="p-4 sm:p-5">
          <div className="flex items-center justify-between text-sm text-slate-600">
            <span>{label}</span>
            <Icon className="h-4 w-4 text-brand-600" aria-hidden="true" />
          </div>
          <p data-testid="earnings-value" className="mt-2 text-2xl font-bold tabular-nums">
            {formatCents(value)}
          </p>
          {hint && <p className="text-xs text-slate-500">{hint}</p>}
        </Card>
      ))}
    </div>
  );
}

const RELEASE = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Why money is on hold, in the server's own rule (decision 0016): each reply's share becomes payable
 * `holdWindowHours` after the reply, and a share a fan flagged as "not an answer" waits for our review.
 */
function holdReasons(summary: TEarningsSummary): string[] {
  const inWindow = summary.held - summary.heldUnderReview;
  const reasons: string[] = [];
  if (inWindow > 0) {
    const next = summary.nextReleaseAt ? ` (next on ${RELEASE.format(new Date(summary.nextReleaseAt))})` : '';
    reasons.push(`${formatCents(inWindow)} becomes payable ${summary.holdWindowHours} hours after each reply${next}`);
  }
  if (summary.heldUnderReview > 0) {
    reasons.push(`${formatCents(summary.heldUnderReview)} waits for our review of a fan's "not an answer" flag`);
  }
  return reasons;
}

/** spec §2 Available for Payout card with Request Payout; payouts need a connected account. */
export function AvailableCard({ summary }: { summary: TEarningsSummary }) {
  const reasons = holdReasons(summary);
  return (
    <Card
      role="group"
      aria-label="Available for Payout"
      className="flex flex-col gap-4 bg-gradient-to-br from-brand-600 to-brand-700 p-5 text-white sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-4">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-white/15">
          <Wallet className="h-5 w-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm text-white/80">Available for Payout</p>
          <p data-testid="available-value" className="text-3xl font-bold tabular-nums">
            {formatCents(summary.available)}
          </p>
          {summary.available < 0 && (
            // Decision 0055: an earning taken back after its payout that Stripe would not reverse.
            <p data-testid="owed-note" className="mt-1 text-sm text-white/90">
              Owed from a refunded message: deducted from your next payout.
            </p>
          )}
          {summary.held > 0 && (
            <div data-testid="held-value" className="mt-1 text-sm text-white/90">
              <p>{formatCents(summary.held)} on hold:</p>
              <ul className="list-disc pl-5">
                {reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          )}
          <p className="mt-1 text-xs text-white/80">
            Minimum payout {formatCents(summary.minimumPayout)} · processing takes 3-5 business days
          </p>
        </div>
      </div>
      <div className="sm:w-64 sm:shrink-0">
        {summary.payoutAccountReady ? (
          <RequestPayoutButton
            variant="secondary"
            buttonClassName="border-white text-brand-700"
            noteClassName="text-white/90"
          />
        ) : (
          <>
            {/* Issue 36: a link to where the account is connected, looking like one; the money waits (decision 0041). */}
            <Link
              to={`${paths.dashboardSettings}?tab=payout`}
              className="block rounded-lg bg-white px-4 py-2 text-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-white"
            >
              Connect a payout account first <span aria-hidden="true">→</span>
            </Link>
            <p className="mt-1.5 text-center text-xs text-white/90">
              Your earnings wait here until a payout account is connected.
            </p>
          </>
        )}
      </div>
    </Card>
  );
}
