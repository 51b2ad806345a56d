import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { TUpdateFilters } from '../hooks/use-browse-filters';
import { usePriceRange } from '../hooks/use-price-range';
import { clearedFilters, filterChips, type TBrowseFilters } from '../utils/browse-filters';

/** spec §2: a removable chip for each active filter, and one button to clear them all. */
export function FilterChips({ filters, onChange }: { filters: TBrowseFilters; onChange: TUpdateFilters }) {
  const range = usePriceRange();
  const chips = filterChips(filters, range);
  if (!chips.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pr-2 pl-3 text-sm text-brand-900 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              onClick={() => onChange(chip.remove)}
            >
              {chip.label}
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="link" size="sm" onClick={() => onChange((f) => clearedFilters(f, range))}>
        Clear all
      </Button>
    </div>
  );
}
