import { Star } from 'lucide-react';
import { Avatar } from '../../../components/ui/avatar';

// spec §2: three hard-coded testimonials, placeholders until real reviews can be quoted.
const TESTIMONIALS = [
  {
    quote: 'I asked a stylist I have followed for years how to rebuild my wardrobe. She replied the same afternoon.',
    name: 'Priya S.',
    role: 'Fan',
  },
  {
    quote: 'My coach answered with a full plan for my first half marathon. Worth every cent.',
    name: 'Marcus T.',
    role: 'Fan',
  },
  {
    quote: 'I finally get paid for the advice I used to give away in my DMs, and I answer on my own schedule.',
    name: 'Dana K.',
    role: 'Creator',
  },
];

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-slate-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight">
          Loved by fans and creators
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map((item) => (
            <li key={item.name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex gap-0.5 text-amber-400" role="img" aria-label="5 out of 5 stars">
                  {[1, 2, 3, 4, 5].map((n) => (
                    <Star key={n} className="h-4 w-4 fill-current" aria-hidden="true" />
                  ))}
                </div>
                <blockquote className="mt-4 flex-1 text-slate-700">“{item.quote}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <Avatar name={item.name} size="sm" />
                  <span>
                    <span className="block font-semibold text-slate-900">{item.name}</span>
                    <span className="block text-sm text-slate-500">{item.role}</span>
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
