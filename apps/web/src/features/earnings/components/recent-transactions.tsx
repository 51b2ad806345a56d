import { formatCents, LIMITS, type TEarningTransaction } from '@fanline/contracts';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format-date';
import { href } from '../../../paths';

const STATUS: Record<TEarningTransaction['status'], { label: string; tone: string }> = {
  pending: { label: 'Available', tone: 'bg-emerald-100 text-emerald-800' },
  earned: { label: 'Available', tone: 'bg-emerald-100 text-emerald-800' },
  paid_out: { label: 'Paid out', tone: 'bg-slate-100 text-slate-700' },
  refunded: { label: 'Refunded to the fan', tone: 'bg-slate-100 text-slate-700' },
  // Decision 0029: refunded after its payout; the share was taken back from the Stripe balance.
  reversed: { label: 'Reversed after payout', tone: 'bg-rose-100 text-rose-800' },
  disputed: { label: 'Disputed by the fan’s bank', tone: 'bg-amber-100 text-amber-900' },
};

/** Issue #13: why an unpaid earning is not payable yet (decision 0016). */
const HOLD: Record<NonNullable<TEarningTransaction['hold']>, { label: string; tone: string }> = {
  window: { label: `On hold for ${LIMITS.notAnAnswerWindowHours} h`, tone: 'bg-amber-100 text-amber-800' },
  flagged: { label: 'Flagged — under review', tone: 'bg-rose-100 text-rose-800' },
};

/** spec §2: the 10 most recent transactions. */
export function RecentTransactions({ items }: { items: TEarningTransaction[] }) {
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <h2 className="font-semibold">Recent Transactions</h2>
      {items.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">No earnings yet. Answer a paid message and it shows here.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {items.map((t) => (
            <li key={t.id} className="flex items-start justify-between gap-3 py-3">
              <div className="min-w-0">
                <Link
                  to={href.dashboardMessage(t.messageId)}
                  className="font-medium hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {t.senderName}
                </Link>
                <p className="truncate text-sm text-slate-600">{t.messagePreview}</p>
                <p className="text-xs text-slate-500">
                  {formatDate(t.createdAt)} · {formatCents(t.totalAmount)} paid, {formatCents(t.commission)} fee
                </p>
              </div>
              <div className="shrink-0 text-right">
                <p className="font-semibold tabular-nums">{formatCents(t.amount)}</p>
                {(() => {
                  const look = t.hold ? HOLD[t.hold] : STATUS[t.status];
                  return <Badge className={look.tone}>{look.label}</Badge>;
                })()}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
