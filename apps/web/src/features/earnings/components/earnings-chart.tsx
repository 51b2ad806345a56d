import { formatCents } from '@fanline/contracts';
import { Card } from '../../../components/ui/card';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const label = (date: string) => SHORT.format(new Date(`${date}T00:00:00Z`));

/** Daily earnings over the last 30 days as plain CSS bars (no chart library); the table is for screen readers. */
export function EarningsChart({ daily }: { daily: Array<{ date: string; amount: number }> }) {
  const max = Math.max(...daily.map((d) => d.amount), 1);
  const total = daily.reduce((sum, d) => sum + d.amount, 0);
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex items-baseline justify-between gap-2">
        <h2 className="font-semibold">Last 30 days</h2>
        <p className="text-sm text-slate-600 tabular-nums">{formatCents(total)}</p>
      </div>
      <div aria-hidden="true" className="mt-4 flex h-40 items-end gap-[2px] sm:gap-1">
        {daily.map((d) => (
          <div key={d.date} className="group relative flex h-full flex-1 items-end">
            <div
              title={`${label(d.date)}: ${formatCents(d.amount)}`}
              className={
                d.amount > 0
                  ? 'w-full rounded-t bg-brand-500 group-hover:bg-brand-700'
                  : 'w-full rounded-t bg-slate-100'
              }
              style={{ height: d.amount > 0 ? `${Math.max(4, (d.amount / max) * 100)}%` : '4px' }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-slate-500">
        <span>{daily[0] && label(daily[0].date)}</span>
        <span>{daily.at(-1) && label(daily.at(-1)?.date ?? '')}</span>
      </div>
      <table className="sr-only">
        <caption>Daily earnings, last 30 days</caption>
        <tbody>
          {daily
            .filter((d) => d.amount > 0)
            .map((d) => (
              <tr key={d.date}>
                <th scope="row">{label(d.date)}</th>
                <td>{formatCents(d.amount)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </Card>
  );
}
