import type { TAdminVitalsRoute, TVitalsMetric } from '@fanline/contracts';
import { formatVital } from './vitals-format';

const WIDTH = 120;
const HEIGHT = 32;

/**
 * One route's daily p75 of a metric as a small line (an SVG of a few points, not a chart library: the
 * admin chunk stays small). The points are the days that had visits; the label says the first and last.
 */
export function VitalsSparkline({
  trend,
  metric,
  poor,
}: {
  trend: TAdminVitalsRoute['trend'];
  metric: TVitalsMetric;
  poor: number;
}) {
  const points = trend.flatMap((p) => (p[metric] === null ? [] : [{ day: p.day, value: p[metric] as number }]));
  if (points.length === 0) return <span className="text-xs text-slate-500">No data</span>;
  const first = points[0] as (typeof points)[number];
  const last = points[points.length - 1] as (typeof points)[number];
  const label =
    points.length === 1
      ? `${metric} 75th percentile ${formatVital(metric, first.value)} on ${first.day}`
      : `${metric} 75th percentile from ${formatVital(metric, first.value)} on ${first.day} to ${formatVital(metric, last.value)} on ${last.day}`;
  // The scale reaches at least the poor threshold, so a flat good line does not look alarming.
  const top = Math.max(poor, ...points.map((p) => p.value)) || 1;
  const x = (i: number) => (points.length === 1 ? WIDTH / 2 : (i / (points.length - 1)) * (WIDTH - 4) + 2);
  const y = (v: number) => HEIGHT - 2 - (v / top) * (HEIGHT - 4);
  return (
    <svg role="img" aria-label={label} width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`}>
      <title>{label}</title>
      <line x1={0} x2={WIDTH} y1={y(poor)} y2={y(poor)} className="stroke-red-300" strokeDasharray="3 3" />
      <polyline
        fill="none"
        className="stroke-brand-600"
        strokeWidth={2}
        points={points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')}
      />
      {points.map((p, i) => (
        <circle key={p.day} cx={x(i)} cy={y(p.value)} r={2} className="fill-brand-600" />
      ))}
    </svg>
  );
}
