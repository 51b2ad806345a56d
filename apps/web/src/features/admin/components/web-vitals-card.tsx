import { formatInteger, rateVital, type TAdminVitals, type TVitalsMetric, VITALS_METRICS } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { adminVitalsQuery } from '../api/admin';
import { formatVital, RATING_CLASS, RATING_LABEL } from './vitals-format';
import { VitalsSparkline } from './vitals-sparkline';

type Summary = TAdminVitals['routes'][number]['metrics'][TVitalsMetric];

/**
 * Issue 28: real visitors' Web Vitals per route, as measured in their browsers (decision 0038). Each
 * figure is the 75th percentile of the last week's page loads, rated by the Core Web Vitals thresholds
 * the answer carries; a page load counts for the route it started on.
 */
export function WebVitalsCard() {
  const vitals = useQuery(adminVitalsQuery());
  const [trendMetric, setTrendMetric] = useState<TVitalsMetric>('LCP');
  const selectId = useId();
  const data = vitals.data;
  return (
    <Card className="p-5" aria-labelledby={`${selectId}-title`} role="region">
      <h2 id={`${selectId}-title`} className="text-lg font-semibold text-slate-900">
        Web Vitals
      </h2>
      {vitals.isLoadingError ? (
        <p className="mt-4 text-sm text-slate-600">Web Vitals could not be loaded.</p>
      ) : !data ? (
        <Skeleton className="mt-4 h-24 w-full" />
      ) : data.routes.length === 0 ? (
        <p className="mt-4 text-sm text-slate-600">
          No visits measured yet. Figures appear here once visitors' browsers report them.
        </p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">
            Real visitors, last {data.summaryDays} days: the 75th percentile, measured on the page a visit started on.
          </p>
          <Legend thresholds={data.thresholds} />
          <div className="mt-3 flex items-center gap-2">
            <label htmlFor={selectId} className="text-sm text-slate-700">
              Trend of
            </label>
            <NativeSelect
              id={selectId}
              value={trendMetric}
              onChange={(event) => setTrendMetric(event.target.value as TVitalsMetric)}
            >
              {VITALS_METRICS.map((metric) => (
                <option key={metric} value={metric}>
                  {metric}
                </option>
              ))}
            </NativeSelect>
            <span className="text-xs text-slate-600">daily, last {data.trendDays} days</span>
          </div>
          {/* The table scrolls sideways on a phone; a keyboard user reaches it by Tab and scrolls with the arrows (WCAG 2.1.1). */}
          <section
            className="mt-3 overflow-x-auto rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            aria-label="Web Vitals by route"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to be scrolled by keyboard
            tabIndex={0}
          >
            <table className="w-full min-w-[56rem] text-left text-sm">
              <thead className="text-xs text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Route
                  </th>
                  {VITALS_METRICS.map((metric) => (
                    <th key={metric} scope="col" className="py-2 pr-3 font-medium">
                      {metric}
                    </th>
                  ))}
                  <th scope="col" className="py-2 font-medium">
                    Trend ({trendMetric})
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.routes.map((row) => (
                  <tr key={row.route} className="border-t border-slate-100 align-top" data-route={row.route}>
                    <th scope="row" className="py-2 pr-3 font-mono text-xs font-medium text-slate-900">
                      {row.route}
                    </th>
                    {VITALS_METRICS.map((metric) => (
                      <td key={metric} className="py-2 pr-3" data-metric={metric}>
                        <MetricCell metric={metric} summary={row.metrics[metric]} />
                      </td>
                    ))}
                    <td className="py-2">
                      <VitalsSparkline
                        trend={row.trend}
                        metric={trendMetric}
                        poor={data.thresholds[trendMetric].poor}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </Card>
  );
}

function MetricCell({ metric, summary }: { metric: TVitalsMetric; summary: Summary }) {
  if (summary.p75 === null) return <span className="text-xs text-slate-500">Not measured</span>;
  const rating = rateVital(metric, summary.p75);
  return (
    <div className="space-y-1">
      <p className="font-semibold text-slate-900">{formatVital(metric, summary.p75)}</p>
      <Badge className={cn(RATING_CLASS[rating])}>{RATING_LABEL[rating]}</Badge>
      <p className="text-xs text-slate-600">
        {formatInteger(summary.count)} {summary.count === 1 ? 'sample' : 'samples'}
      </p>
      <p className="text-xs text-slate-600">
        {formatInteger(summary.good)} good · {formatInteger(summary.needsImprovement)} needs improvement ·{' '}
        {formatInteger(summary.poor)} poor
      </p>
    </div>
  );
}

function Legend({ thresholds }: { thresholds: TAdminVitals['thresholds'] }) {
  return (
    <dl className="mt-3 grid gap-x-4 gap-y-1 text-xs text-slate-600 sm:grid-cols-3 lg:grid-cols-5">
      {VITALS_METRICS.map((metric) => (
        <div key={metric} className="flex gap-1">
          <dt className="font-medium text-slate-800">{metric}</dt>
          <dd>
            good ≤ {formatVital(metric, thresholds[metric].good)}, poor &gt;{' '}
            {formatVital(metric, thresholds[metric].poor)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
