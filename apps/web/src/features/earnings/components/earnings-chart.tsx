import { formatCents } from '@fanline/contracts';
import { BarChart3, Table2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

type Day = { date: string; amount: number };

// The server sends calendar days in the creator's time zone (YYYY-MM-DD); read them as plain dates.
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (date: string, format = SHORT) => format.format(new Date(`${date}T00:00:00Z`));

/** The y-axis in dollars ("$0", "$75", "$1.5K"); the tooltip and table keep cents. */
const WHOLE = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const axisMoney = (dollars: number) => WHOLE.format(dollars);

/**
 * spec §2 Earnings: daily earnings over the last 30 days, drawn with Recharts (decision 0026) with
 * money on the y-axis, dates on the x-axis and a tooltip per day. The chart is a picture: screen
 * readers get the same figures as a table, which a toggle also shows on screen.
 */
export function EarningsChart({ daily }: { daily: Day[] }) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  const total = daily.reduce((sum, d) => sum + d.amount, 0);
  const earningDays = daily.filter((d) => d.amount > 0);
  // Plotted in dollars so the axis picks round dollar ticks ($0, $10, $20…), not cents.
  const points = daily.map((d) => ({ date: d.date, dollars: d.amount / 100 }));
  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="font-semibold">Last 30 days</h2>
          <p className="text-sm text-slate-600 tabular-nums">{formatCents(total)} earned</p>
        </div>
        {total > 0 && (
          <Button
            variant="ghost"
            size="sm"
            aria-controls={tableId}
            aria-expanded={asTable}
            onClick={() => setAsTable((shown) => !shown)}
          >
            {asTable ? (
              <BarChart3 className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Table2 className="h-4 w-4" aria-hidden="true" />
            )}
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
        )}
      </div>
      {total === 0 ? (
        <div
          data-testid="earnings-chart-empty"
          className="mt-4 rounded-xl border border-dashed border-slate-200 px-4 py-10 text-center"
        >
          <BarChart3 className="mx-auto h-8 w-8 text-slate-300" aria-hidden="true" />
          <p className="mt-2 font-medium text-slate-900">No earnings in the last 30 days</p>
          <p className="mx-auto mt-1 max-w-sm text-sm text-slate-600">
            Your earnings will appear here once you answer a paid message: each reply adds your share on the day you
            send it.
          </p>
        </div>
      ) : (
        <>
          {!asTable && (
            <div data-testid="earnings-chart" aria-hidden="true" className="mt-4 h-56 sm:h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
                  <CartesianGrid vertical={false} stroke="#e2e8f0" />
                  <XAxis
                    dataKey="date"
                    tickFormatter={(date: string) => dayLabel(date)}
                    tick={{ fontSize: 12, fill: '#64748b' }}
                    tickLine={false}
                    axisLine={{ stroke: '#cbd5e1' }}
                    minTickGap={16}
                  />
                  <YAxis
                    tickFormatter={axisMoney}
                    tick={{ fontSize: 12, fill: '#64748b' }}
                    tickLine={false}
                    axisLine={false}
                    width={52}
                    allowDecimals={false}
                  />
                  <Tooltip
                    cursor={{ fill: '#f1f5f9' }}
                    formatter={(value) => [formatCents(Math.round(Number(value) * 100)), 'Earned']}
                    labelFormatter={(date) => dayLabel(String(date), LONG)}
                    contentStyle={{ borderRadius: 8, borderColor: '#e2e8f0', fontSize: 13 }}
                  />
                  <Bar dataKey="dollars" fill="#7c3aed" radius={[4, 4, 0, 0]} maxBarSize={28} />
                </BarChart>
              </ResponsiveContainer>
            </div>
          )}
          <div id={tableId} className={cn(asTable ? 'mt-4 max-h-72 overflow-y-auto' : 'sr-only')}>
            <table className="w-full text-sm">
              <caption className={cn(asTable ? 'pb-2 text-left text-slate-600' : undefined)}>
                Daily earnings, last 30 days ({earningDays.length} of {daily.length} days with earnings; other days $0)
              </caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-slate-600">
                  <th scope="col" className="py-1.5 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    Earned
                  </th>
                </tr>
              </thead>
              <tbody>
                {earningDays.map((d) => (
                  <tr key={d.date} className="border-b border-slate-100">
                    <th scope="row" className="py-1.5 text-left font-normal">
                      {dayLabel(d.date, LONG)}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatCents(d.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}
