import {
  rateVital,
  type TVitalsMetric,
  type TVitalsRating,
  VITALS_MAX_VALUE,
  VITALS_THRESHOLDS,
} from '@fanline/contracts';

/**
 * Fixed value buckets per metric (decision 0038). Bucket 0 is [0, first edge]; bucket i > 0 is
 * (edge[i-1], edge[i]]. Between the first edge, the two thresholds and the largest allowed value the
 * edges are log-spaced with a ratio of at most RATIO, and the thresholds themselves are edges, so every
 * bucket is wholly good, needs improvement or poor. A bucket's value is its geometric middle (0 for
 * bucket 0): within 2.5 % of any value in it, or within the first edge (1 ms, CLS 0.0001) near zero.
 */
export const RATIO = 1.05;
const FIRST_EDGE: Record<TVitalsMetric, number> = { LCP: 1, INP: 1, CLS: 0.0001, FCP: 1, TTFB: 1 };

function edgesOf(metric: TVitalsMetric): number[] {
  const { good, poor } = VITALS_THRESHOLDS[metric];
  const anchors = [FIRST_EDGE[metric], good, poor, VITALS_MAX_VALUE[metric]];
  const edges = [FIRST_EDGE[metric]];
  for (let a = 1; a < anchors.length; a++) {
    const lo = anchors[a - 1] as number;
    const hi = anchors[a] as number;
    const steps = Math.ceil(Math.log(hi / lo) / Math.log(RATIO));
    for (let k = 1; k < steps; k++) edges.push(lo * (hi / lo) ** (k / steps));
    edges.push(hi);
  }
  return edges;
}

const EDGES = {
  LCP: edgesOf('LCP'),
  INP: edgesOf('INP'),
  CLS: edgesOf('CLS'),
  FCP: edgesOf('FCP'),
  TTFB: edgesOf('TTFB'),
} satisfies Record<TVitalsMetric, number[]>;

export function bucketCount(metric: TVitalsMetric): number {
  return EDGES[metric].length;
}

/** The bucket a value (0 to the metric's largest allowed value) falls in. */
export function bucketOf(metric: TVitalsMetric, value: number): number {
  const edges = EDGES[metric];
  let lo = 0;
  let hi = edges.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((edges[mid] as number) >= value) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The value a bucket stands for. */
export function bucketValue(metric: TVitalsMetric, bucket: number): number {
  if (bucket <= 0) return 0;
  const edges = EDGES[metric];
  return Math.sqrt((edges[bucket - 1] as number) * (edges[bucket] as number));
}

export function bucketRating(metric: TVitalsMetric, bucket: number): TVitalsRating {
  return rateVital(metric, EDGES[metric][bucket] as number);
}

/**
 * The 75th percentile of a histogram (bucket → count), by nearest rank: the bucket holding the
 * ceil(0.75 n)-th smallest value, as that bucket's value. Null when empty.
 */
export function p75Of(metric: TVitalsMetric, histogram: ReadonlyMap<number, number>): number | null {
  const buckets = [...histogram.entries()].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  const total = buckets.reduce((sum, [, n]) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.ceil(0.75 * total);
  let seen = 0;
  for (const [bucket, n] of buckets) {
    seen += n;
    if (seen >= rank) return bucketValue(metric, bucket);
  }
  return null;
}
