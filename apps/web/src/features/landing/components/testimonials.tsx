import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Stars } from '../../../components/reviews/stars';
import { Avatar } from '../../../components/ui/avatar';
import { href } from '../../../paths';
import { landingFiguresQuery } from '../api/landing-figures';

/**
 * spec §2 testimonials, quoted from real reviews (issue 25 §2, decision 0023): the newest reviews of 4 or
 * 5 stars with text, with the reviewer's name and the creator reviewed. No such review yet: no section.
 */
export function Testimonials() {
  const { data } = useQuery(landingFiguresQuery());
  const items = data?.testimonials ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight">
          Loved by fans and creators
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {items.map((item) => (
            <li key={item.id}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Stars rating={item.rating} />
                <blockquote className="mt-4 flex-1 break-words text-slate-700">“{item.message}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={item.reviewerName} size="sm" />
                  <span className="min-w-0">
                    <span className="block truncate font-semibold text-slate-900">{item.reviewerName}</span>
                    <span className="block truncate text-sm text-slate-500">
                      Fan of{' '}
                      <Link to={href.creatorProfile(item.creator.username)} className="text-brand-700 hover:underline">
                        {item.creator.displayName ?? `@${item.creator.username}`}
                      </Link>
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
