import { CreditCard, Info } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../paths';

// spec §2 Profile settings: the billing tab shows hard-coded sample figures. They are labelled as such.
const SAMPLE_INVOICES = [
  { date: 'Mar 12', description: 'Message to @mayastyle', amount: '$25.00' },
  { date: 'Mar 3', description: 'Message to @chef_marco', amount: '$40.00' },
  { date: 'Feb 21', description: 'Message to @fitwithjay', amount: '$15.00' },
];

export function BillingSample() {
  return (
    <div className="space-y-4">
      <div className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
        <p>
          <span className="font-semibold">Sample figures.</span> This tab is a preview; your real payments are listed
          under{' '}
          <Link to={paths.billing} className="font-medium underline">
            Billing
          </Link>
          .
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="p-4">
          <p className="text-sm text-slate-500">Plan</p>
          <p className="mt-1 font-semibold">Pay per message</p>
          <p className="text-sm text-slate-500">No subscription, no monthly fee.</p>
        </Card>
        <Card className="p-4">
          <p className="text-sm text-slate-500">Payment method</p>
          <p className="mt-1 flex items-center gap-2 font-semibold">
            <CreditCard className="h-4 w-4 text-brand-600" aria-hidden="true" />
            Visa ending in 4242
          </p>
          <p className="text-sm text-slate-500">Expires 12/28</p>
        </Card>
      </div>
      <Card className="p-4">
        <div className="flex items-center justify-between">
          <h3 className="font-semibold">Recent charges</h3>
          <Badge className="bg-amber-100 text-amber-900">Sample</Badge>
        </div>
        <ul className="mt-3 divide-y divide-slate-100 text-sm">
          {SAMPLE_INVOICES.map((invoice) => (
            <li key={invoice.description} className="flex items-center justify-between gap-4 py-2">
              <span className="text-slate-500">{invoice.date}</span>
              <span className="min-w-0 flex-1 truncate">{invoice.description}</span>
              <span className="font-medium">{invoice.amount}</span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
