import { FEATURED } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { FeaturedCreatorCard, FeaturedCreatorCardSkeleton } from '../../../components/creators/featured-creator-card';
import { Marquee } from '../../../components/ui/marquee';
import { paths } from '../../../paths';
import { featuredCreatorsQuery } from '../api/featured-creators';

// Fewer cards than this cannot fill a wide screen, so a loop would show gaps; they sit still instead.
const MIN_TO_LOOP = 4;

export function FeaturedCreators() {
  return (
    <section aria-labelledby="featured-heading" className="py-16">
      <div className="mx-auto flex max-w-7xl flex-wrap items-end justify-between gap-4 px-4 sm:px-6">
        <div>
          <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
            Featured Creators
          </h2>
          <p className="mt-2 text-slate-600">Verified creators who answer fast.</p>
        </div>
        <Link to={paths.creators} className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline">
          View all creators <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      <div className="mx-auto mt-8 max-w-7xl">
        <FeaturedRow />
      </div>
    </section>
  );
}

function FeaturedRow() {
  const { data, isPending, isError } = useQuery(featuredCreatorsQuery());
  const creators = data?.creators ?? [];
  if (isPending) {
    return (
      <div role="status" className="flex gap-4 overflow-hidden px-4 py-2 sm:px-6">
        <span className="sr-only">Loading featured creators</span>
        {Array.from({ length: FEATURED.skeletons }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <FeaturedCreatorCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  // No invented sample creators (decision 0023): when the list fails or is empty, say so and point to
  // everyone on Discover.
  if (isError || creators.length === 0) {
    return (
      <p role="status" className="px-4 text-center text-sm text-slate-600 sm:px-6">
        {isError ? 'Featured creators could not be loaded right now.' : 'No featured creators right now.'}{' '}
        <Link to={paths.creators} className="font-medium text-brand-700 underline">
          Browse every creator
        </Link>
      </p>
    );
  }
  const items = creators.map((creator) => (
    <li key={creator.username} className="flex">
      <FeaturedCreatorCard creator={creator} />
    </li>
  ));
  if (creators.length < MIN_TO_LOOP) {
    return (
      <ul aria-label="Featured creators" className="flex flex-wrap justify-center gap-4 px-4 sm:px-6">
        {items}
      </ul>
    );
  }
  return <Marquee label="Featured creators">{items}</Marquee>;
}
