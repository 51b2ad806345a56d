import {
  MESSAGE_OUTCOME_MEANINGS,
  messageOutcomeText,
  type TBillingStatus,
  type TDeclineReason,
  type TMessageOutcome,
} from '@fanline/contracts';
import { Badge } from '../../../components/ui/badge';

const TONE: Record<TMessageOutcome, string> = {
  answered: 'bg-emerald-50 text-emerald-800',
  pending: 'bg-amber-50 text-amber-800',
  declined: 'bg-rose-50 text-rose-800',
  released: 'bg-slate-100 text-slate-700',
  expired: 'bg-slate-100 text-slate-700',
  refunded: 'bg-sky-50 text-sky-800',
  followup: 'bg-slate-100 text-slate-700',
};

/**
 * Issue 36 §5: what became of the message, in the one vocabulary of contracts ("Declined: Outside my
 * expertise", "Released", "Expired", "Refunded", "Answered", "Pending"), as the creator and the admin
 * see it. Before, a decline read "Released" here because its hold was released.
 */
export function BillingStatusBadge({
  outcome,
  declineReason,
}: {
  outcome: TMessageOutcome;
  declineReason: TDeclineReason | null;
}) {
  return (
    <Badge className={TONE[outcome]} title={MESSAGE_OUTCOME_MEANINGS[outcome]}>
      {messageOutcomeText(outcome, declineReason)}
    </Badge>
  );
}

/** What became of the money (spec §4 billing statuses), beside the amount: never a second word for the outcome. */
export const MONEY_WORDS: Record<TBillingStatus, string> = {
  completed: 'Charged',
  pending: 'On hold',
  released: 'Not charged',
  refunded: 'Refunded to your card',
  refund_pending: 'Refund on its way',
  refund_failed: 'Refund failed: we are on it',
};
