import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { billingSummaryQuery } from '../../../components/billing/billing-summary-query';
import { SummaryCards } from '../../../components/billing/summary-cards';
import { buttonClass } from '../../../components/ui/button-class';
import { LoadErrorState } from '../../../components/ui/empty-state';
import { paths } from '../../../paths';

/**
 * spec §2 /profile Billing tab, with the fan's real billing (issue 25 §2, decision 0023): the spec's
 * sample card and sample charges are gone (decision 0023). The same summary as the Billing
 * page, and a link to it for every payment, its timeline and the CSV export.
 */
export function BillingOverview() {
  const summary = useQuery(billingSummaryQuery());
  return (
    <div className="space-y-4">
      <div>
        <h2 className="font-semibold">Pay per message</h2>
        <p className="text-sm text-slate-600">No subscription, no monthly fee.</p>
      </div>
      {summary.isLoadingError ? (
        <LoadErrorState title="Billing could not be loaded" onRetry={() => summary.refetch()} />
      ) : (
        <SummaryCards summary={summary.data} columns={2} />
      )}
      <Link to={paths.billing} className={buttonClass({ variant: 'secondary' })}>
        See every payment
        <ArrowRight className="h-4 w-4" aria-hidden="true" />
      </Link>
    </div>
  );
}
