import { lazy, Suspense } from 'react';
import { FeaturedCreators } from './components/featured-creators';
import { Hero } from './components/hero';
import { HowItWorks } from './components/how-it-works';
import { StillHaveQuestions } from './components/still-have-questions';
import { Testimonials } from './components/testimonials';

// Below the fold and the only user of Radix Accordion here (~7 KB gzipped): fetched after first paint so
// the first visit to / stays small.
const LandingFaq = lazy(() => import('./components/landing-faq').then((module) => ({ default: module.LandingFaq })));

/** spec §2 "/": the route module (lazy-loaded by the router, hence `Component`). */
export function Component() {
  return (
    <>
      <Hero />
      <HowItWorks />
      <FeaturedCreators />
      <Testimonials />
      <Suspense fallback={<div className="min-h-[36rem]" />}>
        <LandingFaq />
      </Suspense>
      <StillHaveQuestions />
    </>
  );
}
