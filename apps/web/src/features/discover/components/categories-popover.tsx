import { LIMITS } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tags } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { LazyPopover } from '../../../components/ui/lazy-popover';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useOptimisticValue } from '../../../lib/use-optimistic-value';
import { categoriesQuery } from '../api/categories';

interface CategoriesPopoverProps {
  selected: string[];
  onChange: (categories: string[]) => void;
}

/** spec §2 categories popover, from the categories API; at most 5 selected (spec §9). */
export function CategoriesPopover({ selected: fromUrl, onChange }: CategoriesPopoverProps) {
  const id = useId();
  // The URL answers a tick later; the boxes show the click at once.
  const [selected, setSelected] = useOptimisticValue(fromUrl);
  const query = useQuery(categoriesQuery());
  const full = selected.length >= LIMITS.categories.max;
  const choose = (next: string[]) => {
    setSelected(next);
    onChange(next);
  };
  const toggle = (name: string) =>
    choose(selected.includes(name) ? selected.filter((c) => c !== name) : [...selected, name]);

  return (
    <LazyPopover
      label="Categories"
      className="w-72"
      trigger={
        <Button
          variant="secondary"
          aria-label={selected.length ? `Categories, ${selected.length} selected` : 'Categories'}
        >
          <Tags className="h-4 w-4" aria-hidden="true" />
          Categories
          {selected.length > 0 && (
            <span
              aria-hidden="true"
              className="flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs text-white"
            >
              {selected.length}
            </span>
          )}
        </Button>
      }
    >
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Categories</legend>
        <p id={`${id}-hint`} className={cn('text-xs', full ? 'text-amber-700' : 'text-slate-500')}>
          {full ? `You can pick up to ${LIMITS.categories.max} categories` : `Pick up to ${LIMITS.categories.max}`}
        </p>
        {query.isPending && (
          <div className="flex justify-center py-6">
            <Spinner label="Loading categories" />
          </div>
        )}
        {query.isError && (
          <div role="alert" className="py-4 text-sm text-red-700">
            Failed to load categories{' '}
            <Button variant="link" size="sm" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        )}
        {query.data && (
          <ul className="mt-3 grid grid-cols-2 gap-1">
            {query.data.categories.map((category) => {
              const checked = selected.includes(category.name);
              const disabled = !checked && full;
              return (
                <li key={category.id}>
                  <label
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-800 hover:bg-slate-50',
                      disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
                    )}
                  >
                    <input
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-brand-600"
                      checked={checked}
                      disabled={disabled}
                      aria-describedby={`${id}-hint`}
                      onChange={() => toggle(category.name)}
                    />
                    <span className="truncate">{category.name}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      {selected.length > 0 && (
        <Button variant="ghost" size="sm" className="mt-3 w-full" onClick={() => choose([])}>
          Clear categories
        </Button>
      )}
    </LazyPopover>
  );
}
