import { LIMITS } from '@fanline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { categoriesQuery } from '../api/creator-settings';

/** spec §5 Categories: up to 5, no duplicates, custom names allowed. */
export function CategoriesField({ value, onChange }: { value: string[]; onChange(next: string[]): void }) {
  const id = useId();
  const [custom, setCustom] = useState('');
  const options = useQuery(categoriesQuery()).data?.categories ?? [];
  const full = value.length >= LIMITS.categories.max;
  const has = (name: string) => value.some((v) => v.toLowerCase() === name.toLowerCase());
  const toggle = (name: string) => {
    if (has(name)) onChange(value.filter((v) => v.toLowerCase() !== name.toLowerCase()));
    else if (!full) onChange([...value, name]);
  };
  const addCustom = () => {
    const name = custom.trim().slice(0, 40);
    if (!name || has(name) || full) return;
    onChange([...value, name]);
    setCustom('');
  };
  const customs = value.filter((v) => !options.some((o) => o.name.toLowerCase() === v.toLowerCase()));

  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">Categories</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {value.length}/{LIMITS.categories.max} chosen. Fans filter by these on Discover.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {[...options.map((o) => o.name), ...customs].map((name) => {
          const on = has(name);
          return (
            <button
              key={name}
              type="button"
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => toggle(name)}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-40',
                on
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-50',
              )}
            >
              {name}
              {on && <X className="h-3 w-3" aria-hidden="true" />}
            </button>
          );
        })}
      </div>
      <div className="mt-3 flex max-w-sm gap-2">
        <Input
          aria-label="Custom category"
          placeholder="Add your own category"
          value={custom}
          maxLength={LIMITS.categoryName.max}
          disabled={full}
          onChange={(event) => setCustom(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              addCustom();
            }
          }}
        />
        <Button variant="secondary" onClick={addCustom} disabled={full || !custom.trim()}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add
        </Button>
      </div>
    </fieldset>
  );
}
