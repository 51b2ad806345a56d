import { formatCents } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { AlarmClock } from 'lucide-react';
import { Link } from 'react-router';
import { Countdown } from '../../../components/ui/countdown';
import { atRiskQuery } from '../api/dashboard';

/** Under this much time left a message is shown in red. */
const URGENT_MS = 4 * 3_600_000;

/**
 * Issue #13: the top of the creator inbox lists the open paid messages with the least time left, so
 * the ones about to be refunded are answered first. Hidden when nothing is open (the inbox below
 * says so); a load failure leaves the inbox usable and says it once.
 */
export function AtRiskStrip() {
  const query = useQuery(atRiskQuery());
  if (query.isPending) return null;
  if (query.isLoadingError) {
    return (
      <p role="alert" className="text-sm text-red-600">
        Could not load the messages closest to their deadline.{' '}
        <button type="button" className="font-medium underline" onClick={() => query.refetch()}>
          Try again
        </button>
      </p>
    );
  }
  const items = query.data.items;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="at-risk-title" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 sm:p-5">
      <h2 id="at-risk-title" className="flex items-center gap-2 text-base font-semibold text-amber-900">
        <AlarmClock className="h-5 w-5" aria-hidden="true" />
        At risk: reply before these run out
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => {
          const urgent = new Date(item.expiresAt).getTime() - Date.now() < URGENT_MS;
          return (
            <li key={item.messageId} className="min-w-0">
              <Link
                to={`/dashboard/messages/${item.messageId}`}
                className="block h-full rounded-xl border border-amber-200 bg-white p-3 hover:border-amber-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span className="truncate font-medium text-slate-900">{item.senderName}</span>
                  <span className="shrink-0 text-sm font-semibold text-slate-700 tabular-nums">
                    {formatCents(item.amount)}
                  </span>
                </span>
                <span className="mt-1 block truncate text-sm text-slate-600">{item.preview}</span>
                <Countdown
                  until={item.expiresAt}
                  format="remaining"
                  className={`mt-1 block text-sm font-medium tabular-nums ${urgent ? 'text-red-700' : 'text-amber-800'}`}
                />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
