import { cn } from '../../../lib/cn';
import { FAQ_CATEGORIES } from '../content/support-faqs';
import type { TFaqFilter } from '../utils/filter-faqs';

const CHIPS: TFaqFilter[] = ['All', ...FAQ_CATEGORIES];

export function CategoryChips({ value, onChange }: { value: TFaqFilter; onChange: (value: TFaqFilter) => void }) {
  return (
    <fieldset className="flex flex-wrap gap-2">
      <legend className="sr-only">FAQ categories</legend>
      {CHIPS.map((chip) => (
        <button
          key={chip}
          type="button"
          aria-pressed={value === chip}
          onClick={() => onChange(chip)}
          className={cn(
            'rounded-full border px-3.5 py-1.5 text-sm font-medium transition-colors',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            value === chip
              ? 'border-brand-600 bg-brand-600 text-white'
              : 'border-slate-300 bg-white text-slate-700 hover:border-brand-500 hover:text-brand-700',
          )}
        >
          {chip}
        </button>
      ))}
    </fieldset>
  );
}
