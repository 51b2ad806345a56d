import { BROWSE } from '@fanline/contracts';
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

interface DiscoverSearchProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the new effective term: '' below 3 characters (no search filter). */
  onSearch: (term: string, options: { replace: boolean }) => void;
}

/** spec §2 Discover search: fires after an 800 ms pause, and only from 3 characters. */
export function DiscoverSearch({ value, onSearch }: DiscoverSearchProps) {
  const id = useId();
  const [input, setInput] = useState(value);
  // The term last put into effect, by typing or from outside (back/forward, chips, Clear all).
  const applied = useRef(value);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value === applied.current) return;
    applied.current = value;
    setInput(value);
  }, [value]);

  const apply = (raw: string, replace: boolean) => {
    const term = raw.trim();
    const effective = term.length >= BROWSE.minSearchChars ? term : '';
    if (effective === applied.current) return;
    applied.current = effective;
    onSearchRef.current(effective, { replace });
  };

  const debounced = useDebouncedValue(input, BROWSE.debounceMs);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled input triggers a search
  useEffect(() => apply(debounced, true), [debounced]);

  const tooShort = input.trim().length > 0 && input.trim().length < BROWSE.minSearchChars;
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="sr-only">
        Search creators
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
          aria-hidden="true"
        />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          aria-describedby={`${id}-note`}
          placeholder="Search by name, username, or keywords..."
          className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-9 pl-9 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            // Enter searches at once instead of waiting for the pause.
            if (event.key === 'Enter') apply(input, false);
          }}
        />
        {input && (
          <button
            type="button"
            aria-label="Clear search"
            className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-400 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            onClick={() => {
              setInput('');
              apply('', false);
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
      <p id={`${id}-note`} className={tooShort ? 'mt-1 text-xs text-amber-700' : 'mt-1 text-xs text-slate-500'}>
        Minimum 3 characters to search
      </p>
    </div>
  );
}
