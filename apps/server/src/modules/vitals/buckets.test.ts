import { rateVital, VITALS_MAX_VALUE, VITALS_METRICS, VITALS_THRESHOLDS } from '@fanline/contracts';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bucketCount, bucketOf, bucketRating, bucketValue, p75Of, RATIO } from './buckets';

/** The nearest-rank 75th percentile of the raw values. */
function directP75(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] as number;
}

/** What decision 0038 promises: within half a bucket's ratio, or within the first edge near zero. */
function withinResolution(metric: (typeof VITALS_METRICS)[number], estimate: number, truth: number): boolean {
  const nearZero = metric === 'CLS' ? 0.0001 : 1;
  return Math.abs(estimate - truth) <= Math.max(truth * (Math.sqrt(RATIO) - 1), nearZero) + 1e-9;
}

describe('Web Vitals buckets', () => {
  test('the thresholds are bucket edges: every bucket rates as the values in it', () => {
    for (const metric of VITALS_METRICS) {
      const { good, poor } = VITALS_THRESHOLDS[metric];
      const step = metric === 'CLS' ? 0.00001 : 0.001;
      expect(bucketRating(metric, bucketOf(metric, good))).toBe('good');
      expect(bucketRating(metric, bucketOf(metric, good + step))).toBe('needs-improvement');
      expect(bucketRating(metric, bucketOf(metric, poor))).toBe('needs-improvement');
      expect(bucketRating(metric, bucketOf(metric, poor + step))).toBe('poor');
      expect(bucketOf(metric, VITALS_MAX_VALUE[metric])).toBe(bucketCount(metric) - 1);
      expect(bucketCount(metric)).toBeLessThan(400);
    }
  });

  test('any value rates the same as its bucket', () => {
    fc.assert(
      fc.property(fc.constantFrom(...VITALS_METRICS), fc.double({ min: 0, max: 1, noNaN: true }), (metric, share) => {
        const value = share * VITALS_MAX_VALUE[metric];
        expect(bucketRating(metric, bucketOf(metric, value))).toBe(rateVital(metric, value));
        expect(withinResolution(metric, bucketValue(metric, bucketOf(metric, value)), value)).toBe(true);
      }),
    );
  });

  test("the histogram's p75 is the directly computed p75 within the resolution", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VITALS_METRICS),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 300 }),
        (metric, shares) => {
          const values = shares.map((s) => s * s * VITALS_MAX_VALUE[metric]);
          const histogram = new Map<number, number>();
          for (const v of values) histogram.set(bucketOf(metric, v), (histogram.get(bucketOf(metric, v)) ?? 0) + 1);
          const estimate = p75Of(metric, histogram);
          expect(estimate).not.toBeNull();
          expect(withinResolution(metric, estimate as number, directP75(values))).toBe(true);
        },
      ),
    );
  });
});
