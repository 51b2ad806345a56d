import type { TBillingStatus } from '@fanline/contracts';
import { Badge } from '../../../components/ui/badge';

const LOOK: Record<TBillingStatus, { label: string; className: string }> = {
  completed: { label: 'Completed', className: 'bg-emerald-50 text-emerald-800' },
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-800' },
  released: { label: 'Released', className: 'bg-slate-100 text-slate-700' },
  refunded: { label: 'Refunded', className: 'bg-sky-50 text-sky-800' },
};

/** spec §4 billing statuses: responded → completed, sent → pending, expired → released or refunded. */
export function BillingStatusBadge({ status }: { status: TBillingStatus }) {
  const look = LOOK[status];
  return <Badge className={look.className}>{look.label}</Badge>;
}
