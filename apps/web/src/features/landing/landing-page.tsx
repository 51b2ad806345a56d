import { Suspense } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { Hero } from './components/hero';

// Below the fold: the sections under the hero (their cards, marquee and FAQ) are fetched after the
// hero's code, so the first visit to / loads less JS (issue 14 landing budget, decision 0018).
const LandingSections = lazyPart(() =>
  import('./components/landing-sections').then((module) => ({ default: module.LandingSections })),
);

/** spec §2 "/": the route module (lazy-loaded by the router, hence `Component`). */
export function Component() {
  return (
    <>
      <Hero />
      {/* A screen's height, so the footer does not flash up under the hero after an in-app navigation. */}
      <Suspense fallback={<div className="min-h-screen" />}>
        <LandingSections />
      </Suspense>
    </>
  );
}
