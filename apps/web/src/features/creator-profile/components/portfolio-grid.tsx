import { LIMITS } from '@fanline/contracts';
import { ImageOff } from 'lucide-react';
import { EmptyState } from '../../../components/ui/empty-state';

/** spec §2 Portfolio: up to 6 images (spec §9). */
export function PortfolioGrid({ images, name }: { images: string[]; name: string }) {
  const shown = images.slice(0, LIMITS.portfolioImages.max);
  if (!shown.length) {
    return (
      <EmptyState icon={ImageOff} title="No portfolio yet">
        {name} has not added portfolio images yet.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Portfolio" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {shown.map((src, index) => (
        <li key={src}>
          <a
            href={src}
            target="_blank"
            rel="noreferrer"
            className="block aspect-square overflow-hidden rounded-xl bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <img
              src={src}
              alt={`Portfolio work ${index + 1} of ${shown.length} by ${name}`}
              loading="lazy"
              className="h-full w-full object-cover transition hover:scale-105"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
