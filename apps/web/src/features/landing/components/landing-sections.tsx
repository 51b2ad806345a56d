import { Suspense } from 'react';
import { lazyPart } from '../../../lib/lazy-part';
import { FeaturedCreators } from './featured-creators';
import { HowItWorks } from './how-it-works';
import { StillHaveQuestions } from './still-have-questions';
import { Testimonials } from './testimonials';

// The only user of Radix Accordion here (~7 KB gzipped): its own chunk, fetched when this one renders.
const LandingFaq = lazyPart(() => import('./landing-faq').then((module) => ({ default: module.LandingFaq })));

/**
 * Everything under the hero, one chunk the landing page loads lazily (issue 14 landing budget). A first
 * visit gets these sections as server-rendered HTML (decision 0020), which the browser keeps on screen
 * while the chunk arrives: React hydrates a suspended boundary later instead of replacing it.
 */
export function LandingSections() {
  return (
    <>
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
